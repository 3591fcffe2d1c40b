import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The `notepad` theme's highlight rules on plain text, as seed 003's SyntaxHighlightTextStorage
/// matches them: which words come out bold, italic, struck, in the script font and red.
@Suite struct NotepadRulesTests {
    static let notepad: Theme = try! ThemeLoader().load("notepad")

    /// One line per styled run of `text` read as a plain note: its marks, then its text (a
    /// line end as `⏎`).
    private func marks(_ text: String, markup: NoteMarkup = .plain, theme: Theme = notepad) throws -> [String] {
        let document = markup == .plain ? PlainTextParser.parseBody(text, title: nil) : try TestSupport.parse(text)
        let styler = Styler(theme: theme, file: "note.txt", markup: markup)
        var warnings: [Warning] = []
        var lines: [String] = []
        for case let .paragraph(paragraph) in document.blocks {
            let styled = styler.style(paragraph, base: theme.body.text, warnings: &warnings)
            let utf8 = Array(styled.string.utf8)
            for run in styled.runs {
                let style = run.style
                let marks = [
                    style.weight == .bold ? "bold" : nil, style.italic ? "italic" : nil,
                    style.strikethrough != nil ? "struck" : nil, style.fontFamilies.first == "Z003" ? "script" : nil,
                    style.color == Color(parsing: "#d11a2a") ? "red" : nil,
                ].compactMap { $0 }
                guard !marks.isEmpty else { continue }
                let piece = String(decoding: utf8[run.range], as: UTF8.self).replacingOccurrences(of: "\u{2028}", with: "⏎")
                lines.append(marks.joined(separator: "+") + " " + piece)
            }
        }
        #expect(warnings.isEmpty)
        return lines
    }

    /// The seed's own example ("iOS 7 is *awesome*") and its list: a word between markers,
    /// several words, each kind of marker, capitals in red.
    @Test func theSeedsSentences() throws {
        #expect(try marks("iOS 7 is *awesome*\n") == ["bold *awesome*"])
        #expect(try marks("Buy *milk* and _eggs_ or -cake- from ~Anna~ by FRIDAY\n") == [
            "bold *milk*", "italic _eggs_", "struck -cake-", "script ~Anna~", "red FRIDAY",
        ])
        #expect(try marks("*two words* and _three little words_ and -a b- and ~Dear Anna~ end") == [
            "bold *two words*", "italic _three little words_", "struck -a b-", "script ~Dear Anna~",
        ])
    }

    /// Markers inside words and numbers are not markers: the closing one must be followed by
    /// whitespace.
    @Test func wordsWithMarkersInsideStayPlain() throws {
        #expect(try marks("state-of-the-art, well-known-ish, 555-1234-99 and snake_case_name stay plain").isEmpty)
        #expect(try marks("a*b*c, x_y_z, 2-3-4 and ~a~b are plain too").isEmpty)
        // `\w` takes the underscore, so a snake-case word can be bold.
        #expect(try marks("a *snake_case* word") == ["bold *snake_case*"])
    }

    /// Punctuation right after a closing marker keeps the seed's pattern from matching, as it
    /// did in TextKit; so does a double space between the words.
    @Test func punctuationAfterAMarker() throws {
        #expect(try marks("(*bold*) and *bold*. and _it_! and -gone-, and ~fancy~; and *two  spaces*").isEmpty)
    }

    /// At the start and end of a line, of a paragraph and of the note, and across a line end.
    @Test func markersAtLineStartAndEnd() throws {
        #expect(try marks("*Start* of a line\nend of a line *end*\n_next_ one") == [
            "bold *Start*", "bold *end*", "italic _next_",
        ])
        #expect(try marks("first paragraph ends -here-\n\n~second~ starts") == ["struck -here-", "script ~second~"])
        #expect(try marks("*across\nlines* too") == ["bold *across⏎lines*"])
    }

    /// Two or more capitals between whitespace; the match takes the whitespace after it, so of
    /// capitalised words in a row every other one is red, as in the seed.
    @Test func capitalsInRed() throws {
        #expect(try marks("NASA and MP3 and OK\nUSA, EU and McDONALD, iOS, A and I") == ["red NASA", "red OK", "red EU"])
        #expect(try marks("library books back, DUE TODAY now, NOT EVEN LATER") == ["red DUE", "red NOT", "red LATER"])
    }

    /// The seed's number rule: digits and a full stop before whitespace are bold.
    @Test func numbersWithAFullStop() throws {
        #expect(try marks("1. Start the dough\n2. Ask at 3.14 or 10 am, in 2024. Then 555-1234.") == [
            "bold 1.", "bold 2.", "bold 2024.", "bold 1234.",
        ])
    }

    /// The sample note, rendered as paragraphs, marks the words that seed 003's patterns select
    /// when matched over the whole note at once, as its text storage did.
    @Test func theSampleMarksWhatTheSeedsPatternsSelect() throws {
        let source = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Samples/notepad.txt"), encoding: .utf8)
        let body = String(try FrontMatterReader.split(source, file: "notepad.txt").1.drop { $0 == "\n" })
        // SyntaxHighlightTextStorage's dictionary, its Objective-C escapes undone.
        let seed = [
            ("bold", #"(\*\w+(\s\w+)*\*)\s"#), ("italic", #"(_\w+(\s\w+)*_)\s"#), ("bold", #"([0-9]+\.)\s"#),
            ("struck", #"(-\w+(\s\w+)*-)\s"#), ("script", #"(~\w+(\s\w+)*~)\s"#), ("red", #"\s([A-Z]{2,})\s"#),
        ]
        var selected: [String] = []
        for (mark, pattern) in seed {
            let expression = try NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                let text = String(body[try #require(Range(match.range(at: 1), in: body))])
                selected.append(mark + " " + text.replacingOccurrences(of: "\n", with: "⏎"))
            }
        }
        #expect(selected.count >= 15)
        #expect(try marks(body).sorted() == selected.sorted())
    }

    /// A Markdown note in the notepad theme (`markup: markdown`) shows the rules on the text
    /// Markdown leaves: its escaped markers, and not past the paragraph's end.
    @Test func markdownNotesSeeTheDisplayedText() throws {
        #expect(try marks(#"Buy \*milk\* and **eggs** by FRIDAY"#, markup: .markdown) == ["bold *milk*", "bold eggs"])
    }

    /// A theme's pattern anchored with `(?m)^` matches at the start of each line of a plain
    /// note; `^` alone, before the line end the rules see, never does.
    @Test func anchoredPatternsInPlainNotes() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "highlights:\n  - {pattern: '(?m)^TO\\w+', style: {italic: true}}\n  - {pattern: '^DONE', style: {italic: true}}\n"
            .write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let theme = try ThemeLoader(searchPaths: [folder]).load("t")
        #expect(try marks("TODO one\nTOMORROW two, not TODAY\n\nDONE", theme: theme) == ["italic TODO", "italic TOMORROW"])
    }

    /// `group` names a group the pattern has; a wrong one is refused where it is written.
    @Test func aGroupThePatternLacksIsRefused() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "highlights:\n  - {pattern: '(a)b', group: 2, style: {italic: true}}\n"
            .write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        #expect(throws: LetterpressError.self) { try ThemeLoader(searchPaths: [folder]).load("t") }
        do {
            _ = try ThemeLoader(searchPaths: [folder]).load("t")
        } catch {
            #expect("\(error)".hasSuffix("t.yaml:2:30: highlights[0].group 2 is not a group of '(a)b', which has 1 group"))
        }
    }
}
