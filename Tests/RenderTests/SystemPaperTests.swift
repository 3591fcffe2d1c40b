import Foundation
import Letterpress
import Testing
@testable import render

/// The machine's paper, found as libpaper finds it.
@Suite struct SystemPaperTests {
    private func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("papersize-\(UUID().uuidString)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func paperSizeComesFirstThenTheFilesThenTheLocale() throws {
        let a5 = try file("a5\n")
        let none = "/nonexistent/papersize"
        #expect(SystemPaper.size(environment: ["PAPERSIZE": "Letter"], configuration: a5) == .letter)
        #expect(SystemPaper.size(environment: ["PAPERSIZE": "no such paper"], configuration: a5) == .a5)
        #expect(SystemPaper.size(environment: ["PAPERCONF": try file("legal")], configuration: a5) == .legal)
        #expect(SystemPaper.size(environment: [:], configuration: a5) == .a5)
        #expect(SystemPaper.size(environment: [:], configuration: none) == nil)
    }

    @Test func theFileMayHoldCommentsAndSpaces() throws {
        #expect(SystemPaper.size(environment: [:], configuration: try file("# written by debconf\n\n   a4   # the default\n")) == .a4)
        #expect(SystemPaper.size(environment: [:], configuration: try file("# only a comment\n")) == nil)
        #expect(SystemPaper.size(environment: [:], configuration: try file("quarto\n")) == nil)
    }

    /// The C locale's A4 says nothing of the user's paper; an uninstalled locale is none.
    @Test func theCLocaleAndUnknownLocalesSayNothing() {
        let none = "/nonexistent/papersize"
        #expect(SystemPaper.size(environment: ["LANG": "C.UTF-8"], configuration: none) == nil)
        #expect(SystemPaper.size(environment: ["LC_PAPER": "xx_YY.UTF-8"], configuration: none) == nil)
    }
}
