import Foundation
import Testing
@testable import LetterpressMarkup

/// `CmarkLines`, a note's lines as cmark counts them, found byte by byte: they must be the
/// lines splitting the characters gives (what the converter, the dialects and the error
/// positions used before).
@Suite struct CmarkLinesTests {
    private func characterLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    @Test(arguments: [
        "", "a", "\n", "a\nb", "a\r\nb\rc\n", "\r\r\n\n", "end\r", "x\n\u{301}y", "é\r\n\u{301}\r",
        "👩‍👩‍👧\n🇫🇷\r\n", "tab\tand\u{2028}separator\nnext", "\n\n\n",
    ])
    func splitsAsCharactersDo(text: String) {
        #expect(CmarkLines.lines(of: text) == characterLines(text))
        #expect(CmarkLines.ranges(in: Array(text.utf8)).count == characterLines(text).count)
    }

    @Test func splitsGeneratedTextAsCharactersDo() {
        let pieces = ["a", "é", "\u{301}", "\n", "\r", "\r\n", " ", "👍🏽", "\u{200D}", "字"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0..<24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(CmarkLines.lines(of: text) == characterLines(text), "\(text.debugDescription)")
        }
    }

    @Test func rangesLeaveOutTheLineEnds() {
        #expect(CmarkLines.ranges(in: Array("ab\r\ncd\ref\n".utf8)) == [0..<2, 4..<6, 7..<9, 10..<10])
    }

    /// The dialects' lines keep each line's end beside its text.
    @Test func dialectLinesKeepTheirEnds() {
        let lines = SourceLines("a\r\nb\rc\nd").lines
        #expect(lines.map { String($0.text) } == ["a", "b", "c", "d"])
        #expect(lines.map { String($0.end) } == ["\r\n", "\r", "\n", ""])
    }
}
