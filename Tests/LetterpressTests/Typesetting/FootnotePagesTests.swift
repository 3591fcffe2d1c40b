import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `footnotes: page`: each note at the foot of the page of its first reference, the page's
/// text above it, found by the anchors of notes (`fn-…`) and references (`fnref-…`).
@Suite(.fontWork) struct FootnotePagesTests {
    private static let pageTheme: Theme = {
        var theme = TestSupport.defaultTheme
        theme.footnotePlacement = .page
        return theme
    }()

    private static let filler = "Pagination moves whole lines between pages and never splits a line of text in two, "
        + "so every line on a page sits between the top and bottom margins of that page."

    /// Each anchor's page (from 0) and y, by name.
    private static func anchors(_ document: TypesetDocument) -> [String: (page: Int, y: Double)] {
        var found: [String: (page: Int, y: Double)] = [:]
        for (number, page) in document.pages.enumerated() {
            for case let .destination(name, point) in page.items where found[name] == nil { found[name] = (number, point.y) }
        }
        return found
    }

    @Test func notesLandOnThePagesOfTheirReferences() throws {
        let sections = (1...12).map { index in
            "## Part \(index)[^h\(index)]\n\n\(Self.filler) A claim[^p\(index)]. \(Self.filler)\n\n"
                + "> Quoted[^q\(index)].\n\n- An item[^l\(index)]\n\n| a | b |\n|---|---|\n| cell[^t\(index)] | x |"
        }.joined(separator: "\n\n")
        let notes = (1...12).flatMap { index in
            ["h", "p", "q", "l", "t"].map { "[^\($0)\(index)]: The note of \($0)\(index)." }
        }.joined(separator: "\n")
        let document = try TestSupport.typeset(sections + "\n\n" + notes, theme: Self.pageTheme)
        #expect(document.pages.count > 2)
        let anchors = Self.anchors(document)
        for index in 1...12 {
            for kind in ["h", "p", "q", "l", "t"] {
                let label = "\(kind)\(index)"
                let note = try #require(anchors["fn-\(label)"], "note \(label) is set")
                let reference = try #require(anchors["fnref-\(label)"])
                #expect(note.page == reference.page, "note \(label) on the page of its reference")
            }
        }
        // Notes are at the foot, below the rule, and the text with their references above it.
        for page in document.pages {
            func ys(_ prefix: String) -> [Double] {
                page.items.compactMap { item in
                    guard case let .destination(name, point) = item, name.hasPrefix(prefix) else { return nil }
                    return point.y
                }
            }
            let rules = page.items.compactMap { item -> Double? in
                guard case let .line(from, to, _, width) = item, width == 0.5, from.y == to.y else { return nil }
                return from.y
            }
            guard !ys("fn-").isEmpty else { continue }
            let rule = try #require(rules.last, "a page with notes has their rule")
            #expect(ys("fnref-").allSatisfy { $0 < rule })
            #expect(ys("fn-").allSatisfy { $0 > rule })
        }
    }

    @Test func theLineOfAReferenceMovesWhenItsNoteDoesNotFit() throws {
        let longNote = String(repeating: "A note long enough to take several lines at the foot of a page. ", count: 8)
        // The most filler paragraphs that leave the reference on the first page when notes go
        // at the end: it is then near the page's foot, where its note does not fit.
        var chosen: Int?
        for count in 20...40 {
            let markdown = Array(repeating: "Filler.", count: count).joined(separator: "\n\n") + "\n\nThe claim[^1].\n\n[^1]: \(longNote)"
            let end = try TestSupport.typeset(markdown)
            if Self.anchors(end)["fnref-1"]?.page == 0 { chosen = count } else { break }
        }
        let count = try #require(chosen)
        let markdown = Array(repeating: "Filler.", count: count).joined(separator: "\n\n") + "\n\nThe claim[^1].\n\n[^1]: \(longNote)"
        let page = Self.anchors(try TestSupport.typeset(markdown, theme: Self.pageTheme))
        #expect(page["fnref-1"]?.page == 1, "the line moved to the next page")
        #expect(page["fn-1"]?.page == 1, "with its note")
    }

    @Test func severalNotesOnAPageInOrderAndARepeatedReferenceOnce() throws {
        let markdown = """
            First[^a], second[^b] and third[^c] claims.

            The first again[^a], and a note that refers to another[^d].

            [^a]: Note a.
            [^b]: Note b.
            [^c]: Note c.
            [^d]: Note d, which cites[^e].
            [^e]: Note e.
            """
        let document = try TestSupport.typeset(markdown, theme: Self.pageTheme)
        #expect(document.pages.count == 1)
        let names = document.pages[0].items.compactMap { item -> String? in
            guard case let .destination(name, _) = item, name.hasPrefix("fn-") else { return nil }
            return name
        }
        #expect(names == ["fn-a", "fn-b", "fn-c", "fn-d", "fn-e"])
        let text = document.pages[0].items.compactMap { item -> String? in
            guard case let .text(line) = item else { return nil }
            return line.string
        }
        #expect(text.filter { $0.hasPrefix("Note a") }.count == 1, "a note is set once")
    }

    @Test func aNoteTallerThanHalfAPageGoesAtTheEndWithAWarning() throws {
        let tall = (1...40).map { "Line \($0) of a very long note." }.joined(separator: "\n\n    ")
        let markdown = "A claim[^long] and a short one[^short].\n\n[^long]: \(tall) It cites[^cited].\n\n[^short]: Short.\n\n[^cited]: Cited."
        let document = try TestSupport.typeset(markdown, theme: Self.pageTheme)
        let anchors = Self.anchors(document)
        #expect(anchors["fn-short"]?.page == 0)
        #expect(anchors["fn-long"] != nil, "the tall note is still set")
        #expect(anchors["fn-cited"].map { $0.page > anchors["fn-long"]!.page || $0.y > anchors["fn-long"]!.y } == true,
                "a note it cites follows it")
        #expect(document.warnings.map(\.message) == [
            "footnote '[^long]': it is taller than half a page, so it is set at the end of the document",
            "footnote '[^cited]': it is cited from footnote '[^long]', which is set at the end of the document",
        ])
    }

    @Test func endModeAndNotesWithoutFootnotesAreUnchanged() throws {
        let plain = "# Title\n\n\(Self.filler)\n\n> A quote.\n\n| a | b |\n|---|---|\n| 1 | 2 |"
        let end = try TestSupport.typeset(plain)
        let page = try TestSupport.typeset(plain, theme: Self.pageTheme)
        #expect(end.pages.map(\.items.count) == page.pages.map(\.items.count))
        #expect("\(end.pages.map(\.items))" == "\(page.pages.map(\.items))")
        // With `end`, notes follow the text on the last page, as before.
        let notes = try TestSupport.typeset("A claim[^1].\n\n\(Self.filler)\n\n[^1]: The note.")
        let anchors = Self.anchors(notes)
        #expect(anchors["fn-1"]?.page == 0)
    }

    @Test func theThemeKeyAndItsShorthand() throws {
        let folder = try TestSupport.temporaryFolder()
        let files = ["short.yaml": "extends: default\nfootnotes: page\n",
                     "long.yaml": "extends: default\nfootnotes: {place: page, size: 9}\n",
                     "bad.yaml": "extends: default\nfootnotes: {place: bottom}\n",
                     "typo.yaml": "extends: default\nfootnotes: {plce: page}\n"]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let short = try ThemeLoader().load(folder.appendingPathComponent("short.yaml").path)
        #expect(short.footnotePlacement == .page)
        #expect(short.footnotes.text.size == TestSupport.defaultTheme.footnotes.text.size, "the shorthand keeps the style")
        let long = try ThemeLoader().load(folder.appendingPathComponent("long.yaml").path)
        #expect(long.footnotePlacement == .page && long.footnotes.text.size == 9)
        #expect(TestSupport.defaultTheme.footnotePlacement == .end)
        #expect(throws: LetterpressError.self) { try ThemeLoader().load(folder.appendingPathComponent("bad.yaml").path) }
        let (_, warnings) = try ThemeLoader().loadReportingWarnings(folder.appendingPathComponent("typo.yaml").path)
        #expect(warnings.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
            == ["typo.yaml:2:13: warning: unknown key 'footnotes.plce' ignored (did you mean 'place'?)"])
    }

    /// A note whose reference is in no line (an image's alt text) goes below the last page's
    /// text, or on a page of its own when that text fills the page, never over it.
    @Test func aNoteWithoutAShownReferenceIsNeverSetOverText() throws {
        let long = (1...12).map { "Line \($0) of the note." }.joined(separator: "\\\n")
        let lines = (1...300).map { "Paragraph \($0)." }
        for count in stride(from: 30, through: 300, by: 9) {
            let note = "![alt[^x]](nope.png)\n\n" + lines.prefix(count).joined(separator: "\n\n") + "\n\n[^x]: " + long
            let document = try TestSupport.typeset(note, theme: Self.pageTheme)
            let last = try #require(document.pages.last)
            let noteY = try #require(last.items.compactMap { item -> Double? in
                guard case let .destination(name, point) = item, name == "fn-x" else { return nil }
                return point.y
            }.first, "the note is set, on the last page")
            let textBottom = last.items.compactMap { item -> Double? in
                guard case let .text(line) = item, line.string.hasPrefix("Paragraph") else { return nil }
                return line.origin.y
            }.max() ?? 0
            #expect(textBottom < noteY, "\(count) paragraphs: the text ends at \(textBottom), the note starts at \(noteY)")
        }
    }
}
