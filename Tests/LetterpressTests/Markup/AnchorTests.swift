import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Headings get GitHub's anchors, footnotes cmark-gfm's, and links to `#anchor` are checked
/// against them where they are written.
@Suite struct AnchorTests {
    @Test(arguments: [
        ("Basics", "basics"),
        ("What's new in 2.0?", "whats-new-in-20"),
        ("Foo -- Bar", "foo----bar"),
        ("snake_case & kebab-case", "snake_case--kebab-case"),
        ("Café au lait", "café-au-lait"),
        ("Über Größe", "über-größe"),
        ("日本語の見出し", "日本語の見出し"),
        ("Привет, мир!", "привет-мир"),
        ("١٢٣ Arabic digits", "١٢٣-arabic-digits"),
        ("🎉 Party time", "-party-time"),
        ("Emoji 🚀 inside", "emoji--inside"),
        ("x² and ½", "x-and-"),
        ("C++ (and C#)", "c-and-c"),
        ("  spaced  ", "--spaced--"),
    ])
    func slugsFollowGitHub(_ heading: String, _ anchor: String) {
        #expect(Slugger.slug(heading) == anchor)
    }

    @Test func repeatedSlugsGetANumber() {
        var slugger = Slugger()
        #expect(["Notes", "Notes", "Notes-1", "Notes", "notes"].map { slugger.slug($0) }
            == ["notes", "notes-1", "notes-1-1", "notes-2", "notes-3"])
        var reserved = Slugger()
        reserved.reserve("intro")
        #expect(reserved.slug("Intro") == "intro-1", "an anchor the document names is never handed out again")
    }

    private func anchors(_ markdown: String) throws -> [String] {
        let document = try TestSupport.parse(markdown)
        func anchors(in text: AttributedString) -> [String] {
            text.runs.compactMap { $0[LetterpressAttributes.AnchorAttribute.self] }.reduce(into: []) { names, name in
                if !names.contains(name) { names.append(name) }
            }
        }
        return document.blocks.flatMap { block -> [String] in
            switch block {
            case let .heading(_, text), let .paragraph(text): anchors(in: text)
            default: []
            }
        }
    }

    @Test func headingsCarryTheirAnchorOnTheirText() throws {
        #expect(try anchors("# Intro\n\n## Setup `render`\n\n## Intro\n\nSetext *heading*\n---") == ["intro", "setup-render", "intro-1", "setext-heading"])
        let document = try TestSupport.parse("## Hello *world*")
        guard case let .heading(_, text) = document.blocks[0] else { Issue.record("no heading"); return }
        #expect(RunDump.runs(text) == ["[0..<6] \"Hello \" anchor=hello-world", "[6..<11] \"world\" emphasized anchor=hello-world"])
        let noted = try TestSupport.parse("## Claim[^1] made\n\n[^1]: n")
        guard case let .heading(_, claim) = noted.blocks[0] else { Issue.record("no heading"); return }
        #expect(claim.runs.map { $0[LetterpressAttributes.AnchorAttribute.self] } == ["claim1-made", "fnref-1", "claim1-made"],
                "a footnote reference keeps its own")
        var warnings: [Warning] = []
        let styled = Styler(theme: TestSupport.defaultTheme).style(claim, base: TestSupport.defaultTheme.body.text, warnings: &warnings)
        #expect(styled.anchors == [TextAnchor(name: "claim1-made", offset: 0), TextAnchor(name: "fnref-1", offset: 5)], "each place once")
    }

    @Test func headingTextIsReadAsGitHubReadsIt() throws {
        #expect(try anchors("# A <b>bold</b> ![logo](x.png) move[^1]\n\n[^1]: n") == ["a-bold--move1", "fnref-1"])
    }

    @Test func linksFindTheirAnchorHoweverWritten() throws {
        let document = try TestSupport.parse("""
            [a](#basics) [b](#Basics) [c](#caf%C3%A9) [d](#user-content-basics) [e](#top) [f](#) [g](#basics-1) ^[h](link: '#café')

            # Basics

            # Basics

            ## Café
            """)
        #expect(document.warnings.isEmpty)
        guard case let .paragraph(text) = document.blocks[0] else { Issue.record("no paragraph"); return }
        let links = text.runs.compactMap { $0[LetterpressAttributes.LinkAttribute.self] }
        #expect(links == ["#basics", "#basics", "#café", "#basics", "#", "#", "#basics-1", "#café"])
    }

    @Test func aLinkToAMissingAnchorWarnsAndIsPlainText() throws {
        let document = try TestSupport.parse("# Basics\n\nSee [the basis](#basis) and ^[this](link: '#nowhere', italic: true).")
        #expect(document.warnings.map(\.description) == [
            "test.md:3:5: warning: link '#basis': no heading or anchor is named 'basis' (did you mean 'basics'?); its text is shown as plain text",
            "test.md:3:29: warning: link '#nowhere': no heading or anchor is named 'nowhere'; its text is shown as plain text",
        ])
        guard case let .paragraph(text) = document.blocks[1] else { Issue.record("no paragraph"); return }
        #expect(text.runs.allSatisfy { $0[LetterpressAttributes.LinkAttribute.self] == nil })
        #expect(text.runs.contains { $0[LetterpressAttributes.InlineAttributesAttribute.self]?.italic == true }, "the other keys still apply")
    }

    @Test func footnotesAreAnchoredByTheirLabels() throws {
        let document = try TestSupport.parse("""
            One[^first], two[^Second], one again[^first]; [back to it](#fn-first).

            [^first]: The first.
            [^second]: The second.
            """)
        #expect(document.warnings.isEmpty)
        #expect(document.footnotes.map(\.label) == ["first", "second"])
        guard case let .paragraph(text) = document.blocks[0] else { Issue.record("no paragraph"); return }
        #expect(RunDump.runs(text).filter { $0.contains("footnote=") || $0.contains("back") } == [
            "[3..<4] \"1\" superscript link=#fn-first footnote=1 anchor=fnref-first",
            "[9..<10] \"2\" superscript link=#fn-second footnote=2 anchor=fnref-second",
            "[21..<22] \"1\" superscript link=#fn-first footnote=1 anchor=fnref-first-2",
            "[24..<34] \"back to it\" link=#fn-first",
        ])
    }

    @Test func footnoteLabelsSurviveTheArchive() throws {
        let document = try TestSupport.parse("A[^x].\n\n[^x]: Note.")
        let data = try JSONEncoder().encode(DocumentArchive(document, theme: nil))
        #expect(String(decoding: data, as: UTF8.self).contains(#""footnoteLabels":["x"]"#))
        let archive = try #require(try DocumentArchive.read(data, file: "x.json"))
        #expect(archive.document.footnotes == document.footnotes)
        #expect(archive.document.blocks == document.blocks, "anchors and links inside the document come back")
    }
}
