import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Inputs built to break a renderer: each must render (or fail with a message) without a crash,
/// a hang or a stack overflow. The sizes are kept small enough for the suite; `make scaling`
/// measures the growth on larger ones.
@Suite(.fontWork) struct HostileInputTests {
    private func render(_ markdown: String) throws -> TypesetDocument {
        try TestSupport.typeset(markdown)
    }

    private func text(of document: TypesetDocument) -> String {
        document.pages.flatMap { page in
            page.items.compactMap { item -> String? in
                guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { return nil }
                return line.string
            }
        }.joined()
    }

    @Test func deepQuotesAndListsAreCappedWithAWarning() throws {
        let quotes = try render(String(repeating: ">", count: 20_000) + " deep")
        #expect(text(of: quotes).contains("deep"))
        #expect(quotes.warnings.contains { $0.message.contains("nested deeper than 32 levels") })
        let lists = try render(String(repeating: "- ", count: 20_000) + "x")
        #expect(text(of: lists).contains("x"))
        #expect(lists.warnings.count == 1)
    }

    @Test func deepEmphasisKeepsItsText() throws {
        let document = try render(String(repeating: "*", count: 5_000) + "core" + String(repeating: "*", count: 5_000))
        #expect(text(of: document).contains("core"))
    }

    @Test func unclosedOpenersStayLiteral() throws {
        let carets = try render(String(repeating: "^[", count: 5_000))
        #expect(text(of: carets).replacingOccurrences(of: "\u{200B}", with: "").hasPrefix("^[^[^["))
        let bodies = try render(String(repeating: "^[a](", count: 5_000))
        #expect(text(of: bodies).replacingOccurrences(of: "\u{200B}", with: "").hasPrefix("^[a](^[a]("))
        let brackets = try render(String(repeating: "[", count: 20_000))
        #expect(text(of: brackets).replacingOccurrences(of: "\u{200B}", with: "").count == 20_000)
    }

    @Test func longWordsBreakAndKeepEveryLetter() throws {
        let word = String(repeating: "abcdefghij", count: 5_000)
        let document = try render(word)
        #expect(text(of: document).replacingOccurrences(of: "\u{200B}", with: "") == word)
        #expect(document.pages.count > 1)
    }

    @Test func longCodeBlocksKeepEveryLine() throws {
        let lines = (0..<3_000).map { "line \($0)" }
        let document = try render("```\n" + lines.joined(separator: "\n") + "\n```")
        #expect(text(of: document).contains("line 2999"))
        #expect(document.pages.count > 20)
    }

    @Test func wideTablesAreCapped() throws {
        let columns = 500
        let markdown = "|" + String(repeating: " a |", count: columns) + "\n|" + String(repeating: "---|", count: columns)
            + "\n|" + String(repeating: " b |", count: columns)
        let document = try render(markdown)
        #expect(document.warnings.map(\.message).first == "table has 500 columns; only the first 64 are shown")
        #expect(document.warnings.count == 2 && document.warnings[1].message.hasPrefix("a table of 64 columns is too wide for the page"))
    }

    @Test func attributeBodiesAreBoundedAndClamped() throws {
        let huge = try TestSupport.parse("^[x](a: '" + String(repeating: "y", count: 70_000) + "')")
        #expect(huge.warnings.first?.message.contains("longer than the 65536 allowed") == true)
        let deep = try TestSupport.parse("^[x](a: " + String(repeating: "[", count: 5_000) + ")")
        #expect(deep.warnings.first?.message == "attributes nest deeper than 16 levels; attributes ignored")
        let document = try render("^[a](size: NaN) ^[b](size: -Infinity) ^[c](size: 1e308, tracking: Infinity, baselineOffset: -1e9)")
        #expect(document.warnings.count == 5)
        #expect(text(of: document) == "a b c")
    }

    @Test func invalidUTF8AndNULBytesAreReplacedWithAWarning() throws {
        let data = Data([0x61, 0x00, 0x62, 0x0A, 0x0A, 0xFF, 0xFE, 0x20, 0xC3, 0x28])
        let (text, warnings) = MarkdownParser.decode(data, file: "bad.md")
        #expect(text == "a\u{FFFD}b\n\n\u{FFFD}\u{FFFD} \u{FFFD}(", "as the warning says: plain-text notes and front matter see no NUL")
        #expect(warnings.map(\.description) == [
            "bad.md: warning: 3 invalid UTF-8 sequences, the first at byte 5, replaced with U+FFFD",
            "bad.md: warning: 1 NUL byte replaced with U+FFFD",
        ])
        let document = try Renderer.document(from: data, file: "bad.md")
        #expect(document.warnings.count == 2)
    }

    @Test func imagesThatCannotBeReadBecomePlaceholders() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
        mkfifo(folder.appendingPathComponent("fifo.png").path, 0o644)
        // A PNG declaring 100 000 × 100 000 pixels (40 GB decoded) in a file of 69 bytes.
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAYAAACoUgvIAAAADElEQVR4nGNgoD0AAABkAAGGZDw1AAAAAElFTkSuQmCC")!
            .write(to: folder.appendingPathComponent("huge.png"))
        let markdown = "![a](dir.png)\n\n![b](fifo.png)\n\n![c](huge.png)\n\n![d](https://example.com/x.png)"
        let document = try MarkdownParser.parse(markdown, file: folder.appendingPathComponent("n.md").path)
        let typeset = try PageTypesetter(geometry: PageGeometry(size: .a4, margins: Margins(top: 72, right: 72, bottom: 72, left: 72)),
                                     fonts: FontContext()).typeset(TestSupport.styled(document, file: "n.md"), baseURL: folder, file: "n.md")
        let messages = typeset.warnings.map(\.message)
        #expect(messages.count == 4, "\(messages)")
        #expect(messages.filter { $0.contains("not a regular file; drawing a placeholder") }.count == 2)
        #expect(messages.contains { $0.contains("too large (100000 × 100000 pixels)") })
        #expect(messages.contains("1 remote image shown as its alt text (render never reads the network)"))
    }

    /// The alt text of an image that cannot be drawn, and a caption, are set with the break
    /// opportunities a paragraph's long words get (Pango breaks a 50,000-letter word in 4.5 s,
    /// a 100,000-letter one in 15 s), and a placeholder shows at most 600 characters of it.
    @Test func longAltTextsAndCaptionsAreSetInTime() throws {
        let word = String(repeating: "a", count: 40_000)
        let started = Date()
        let document = try render("<img alt=\"\(word)\" src=\"missing.png\">\n\n![x](two-tone.png \"\(word)\")\n")
        #expect(Date().timeIntervalSince(started) < 20)
        let shown = text(of: document).replacingOccurrences(of: "\u{200B}", with: "")
        #expect(shown.contains(String(repeating: "a", count: 590) + "…"))
        #expect(shown.hasSuffix(word), "the caption keeps every letter")
    }

    /// What a message quotes of a file is short and its control characters are escapes; a long
    /// file name keeps its end; a warning or error escapes whatever its message holds.
    @Test func excerptsAreShortAndHoldNoControlCharacters() {
        #expect(Excerpt.quoted("a\u{1B}[2J\u{0}\u{202E}b") == "'a\\u{1B}[2J\\u{0}\\u{202E}b'")
        #expect(Excerpt.quoted(String(repeating: "x", count: 100)) == "'" + String(repeating: "x", count: 60) + "…'")
        // One Character of a letter and 10,000 combining marks is cut by its scalars.
        #expect(Excerpt.quoted("e" + String(repeating: "\u{301}", count: 10_000)).unicodeScalars.count == 63)
        let path = String(repeating: "d/", count: 200) + "theme.yaml"
        #expect(Excerpt.name(path).hasSuffix("d/d/theme.yaml") && Excerpt.name(path).unicodeScalars.count == 201)
        #expect(Excerpt.name("short/theme.yaml") == "short/theme.yaml")
        #expect(Warning(code: .invalidEncoding, file: "n\u{7}.md", message: "x\u{9B}y").description == "n\\u{7}.md: warning: x\\u{9B}y")
        #expect(LetterpressError.unreadableInput(file: "n.md", reason: "a\nb").description == "n.md: a\\u{A}b")
    }

    /// Inputs that once ended the process (`Fixtures/crashers`, read as the fuzz target reads
    /// them): each now typesets to pages, or fails with a `LetterpressError`.
    @Test func savedCrashersStayFixed() throws {
        let folder = TestSupport.fixtures.appendingPathComponent("crashers")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "README" }.sorted()
        #expect(files.count >= 4)
        let scratch = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            var options = RenderOptions()
            options.badge = false
            do {
                let pages: [Page]
                if data.starts(with: Array("#theme\n".utf8)) {
                    try data.dropFirst(7).write(to: scratch.appendingPathComponent("theme.yaml"))
                    options.theme = scratch.appendingPathComponent("theme.yaml").path
                    pages = try Renderer(options: options).typeset(source: "# Title\n\nText, `code` and a [link](x).", file: file).document.pages
                } else if data.starts(with: Array("#image\n".utf8)) {
                    let image = scratch.appendingPathComponent("image")
                    try data.dropFirst(7).write(to: image)
                    let source = "![an image](\(image.path))\n\n^[![floating](\(image.path))](float: 'left', width: 80) Text beside it."
                    pages = try Renderer(options: options).typeset(source: source, file: file).document.pages
                } else if data.starts(with: Array("#plain\n".utf8)) {
                    pages = try Renderer(options: options).typeset(data: data.dropFirst(7), file: file + ".txt").document.pages
                } else {
                    pages = try Renderer(options: options).typeset(data: data, file: file).document.pages
                }
                #expect(!pages.isEmpty, "\(file)")
            } catch {
                #expect(error is LetterpressError, "\(file): \(error)")
            }
        }
    }
}
