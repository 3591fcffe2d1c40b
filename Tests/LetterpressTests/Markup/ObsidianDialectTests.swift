import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressMarkup

/// Obsidian's wikilinks, embeds, highlights, comments, tags and block ids: read for their
/// meaning, never printed, and never inside code.
@Suite struct ObsidianDialectTests {
    private func parse(_ markdown: String, dialect: MarkupDialect = .automatic) -> Document {
        MarkdownParser.parseBody(markdown, file: "vault/Daily.md", dialect: dialect)
    }

    private func dump(_ markdown: String, dialect: MarkupDialect = .automatic) -> [String] {
        RunDump.blocks(parse(markdown, dialect: dialect).blocks)
    }

    @Test func wikilinksToHeadingsJumpAndToOtherNotesAreStyledText() {
        let document = parse("[[#My Tasks]], [[Daily#My Tasks|here]], [[Other note]], [[Other note|alias]], [[Other#Setup]].\n\n## My Tasks")
        #expect(document.warnings.isEmpty)
        #expect(RunDump.blocks(document.blocks).prefix(10) == [
            "Paragraph",
            "  [0..<8] \"My Tasks\" link=#my-tasks",
            "  [8..<10] \", \"",
            "  [10..<14] \"here\" link=#my-tasks",
            "  [14..<16] \", \"",
            "  [16..<26] \"Other note\" noteReference",
            "  [26..<28] \", \"",
            "  [28..<33] \"alias\" noteReference",
            "  [33..<35] \", \"",
            "  [35..<48] \"Other › Setup\" noteReference",
        ])
    }

    @Test func aWikilinkToAMissingHeadingWarnsAndKeepsItsText() {
        let document = parse("See [[#Nowhere]].")
        #expect(document.warnings.map(\.description) == ["vault/Daily.md:1:5: warning: link '#nowhere': no heading or anchor is named 'nowhere'; its text is shown as plain text"])
        #expect(RunDump.blocks(document.blocks) == ["Paragraph", "  [0..<12] \"See Nowhere.\""])
    }

    @Test func imageEmbedsAreImagesWithTheirWidth() {
        #expect(dump("![[diagram.png]]") == ["Image diagram.png alt=\"diagram.png\" @1:1"])
        let document = parse("![[attachments/my diagram.png|300]] and ![[x.jpg|200x100]]")
        guard case let .paragraph(text) = document.blocks.first else { Issue.record("no paragraph"); return }
        let images = text.runs.compactMap { $0[LetterpressAttributes.ImageAttribute.self] }
        #expect(images.map(\.source) == ["attachments/my diagram.png", "x.jpg"])
        #expect(images.map(\.width) == [.points(225), .points(150)])
    }

    @Test func noteEmbedsWhereNoFileIsReadAreReferencesWithAWarning() {
        let document = parse("![[Other note]]\n\n![[Other note#Setup]] and ![[Third]].")
        #expect(document.warnings.map(\.description) == [
            "vault/Daily.md:3:1: warning: another note's text embedded with '![[…]]' within a line is not brought in; a reference to the note is shown (2 in the note, the first here)",
            "vault/Daily.md:1:1: warning: '![[Other note]]' is shown as a reference: no other note is read here",
        ])
        #expect(dump("![[Other note]]") == ["Paragraph", "  [0..<10] \"Other note\" noteReference"])
    }

    @Test func embeddedNotesBringTheirTextInBounded() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("letterpress-vault-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [".obsidian/app.json": "{}", "sub/Other note.md": "---\ntitle: x\n---\n# Other\n\nIts text.\n\n## Setup\n\nSetup ==text==.\n\n## After\n\nNot this.\n",
                     "Loop.md": "Looping:\n\n![[Loop]]\n"]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let note = root.appendingPathComponent("Daily.md").path
        let markdown = "![[Other note]]\n\n- ![[Other note#Setup]]\n\n![[Loop]]\n\n![[Missing]]\n\nIn a line ![[Other note]]."
        let document = MarkdownParser.parseBody(markdown, file: note, embeds: NoteEmbeds(note: note, size: markdown.utf8.count, sandbox: nil))
        let dump = RunDump.blocks(document.blocks)
        #expect(Array(dump.prefix(9)) == [
            "BlockQuote", "  Heading 1", "    [0..<5] \"Other\" anchor=other", "  Paragraph", "    [0..<9] \"Its text.\"",
            "  Heading 2", "    [0..<5] \"Setup\" anchor=setup", "  Paragraph", "    [0..<6] \"Setup \"",
        ])
        #expect(dump.contains("        [0..<6] \"Setup \""), "the part under its heading, in the list item")
        #expect(dump.filter { $0.contains("Not this.") }.count == 1, "the part ends at the next heading of its level")
        #expect(dump.contains("    [0..<4] \"Loop\" noteReference"), "a note embedding itself shows a reference")
        #expect(dump.contains("  [0..<7] \"Missing\" noteReference"))
        let messages = document.warnings.map(\.description)
        #expect(messages.contains { $0.hasSuffix("Loop.md:3:1: warning: '![[Loop]]' is shown as a reference: the note embeds itself, through the notes it embeds") })
        #expect(messages.contains("\(note):7:1: warning: '![[Missing]]' is shown as a reference: no such note beside this one or in its vault"))
        #expect(messages.contains { $0.contains("within a line is not brought in") })
        let sandboxed = MarkdownParser.parseBody("![[Other note]]", file: note,
                                                 embeds: NoteEmbeds(note: note, size: 10, sandbox: root.appendingPathComponent("elsewhere")))
        #expect(sandboxed.warnings.map(\.message) == ["'![[Other note]]' is shown as a reference: the note lies outside the note's folder (RenderOptions.sandbox)"])
    }

    @Test func highlightsAreMarked() {
        #expect(dump("A ==very important== point, ==[[#x|linked]]==.\n\n# x") .prefix(5) == [
            "Paragraph",
            "  [0..<2] \"A \"",
            "  [2..<16] \"very important\" marked",
            "  [16..<24] \" point, \"",
            "  [24..<30] \"linked\" marked link=#x",
        ])
        for text in ["a == b == c", "`==code==`", "x ==not closed", "=== three ==="] {
            #expect(!dump(text).joined().contains("marked"), "\(text)")
        }
        #expect(dump("Title\n===") == ["Heading 1", "  [0..<5] \"Title\" anchor=title"])
        #expect(dump("==Over two\nlines== then not.\n\n==Never closed\n\nhere==") == [
            "Paragraph", "  [0..<14] \"Over two lines\" marked", "  [14..<24] \" then not.\"",
            "Paragraph", "  [0..<14] \"==Never closed\"", "Paragraph", "  [0..<6] \"here==\"",
        ])
    }

    @Test func commentsAreHidden() {
        #expect(dump("Shown %%hidden%% too.", dialect: .automatic) == ["Paragraph", "  [0..<21] \"Shown %%hidden%% too.\""])
        #expect(dump("Shown %%hidden%% too.\n\n%%\nA whole\nblock\n%%\n\nAfter.", dialect: .obsidian) == ["Paragraph", "  [0..<11] \"Shown  too.\"", "Paragraph", "  [0..<6] \"After.\""])
        #expect(dump("`%%code%%` stays", dialect: .obsidian) == ["Paragraph", "  [0..<8] \"%%code%%\" code", "  [8..<14] \" stays\""])
        let open = parse("Text.\n\nA %%comment never closed.", dialect: .obsidian)
        #expect(open.warnings.map(\.description) == ["vault/Daily.md:3:3: warning: this '%%' comment is never closed, so it is shown as written"])
        #expect(RunDump.blocks(open.blocks).last == "  [0..<25] \"A %%comment never closed.\"")
    }

    @Test func tagsAreStyledInObsidianNotesOnly() {
        let markdown = "#project/alpha and #todo, not #123, https://x.org/#frag or `#code`.\n\n# Heading"
        #expect(dump(markdown, dialect: .obsidian).prefix(5) == [
            "Paragraph",
            "  [0..<14] \"#project/alpha\" tag",
            "  [14..<19] \" and \"",
            "  [19..<24] \"#todo\" tag",
            "  [24..<54] \", not #123, https://x.org/#frag\" link=https://x.org/#frag",
        ] || dump(markdown, dialect: .obsidian)[3] == "  [19..<24] \"#todo\" tag")
        #expect(!dump(markdown).joined().contains(" tag"), "a #word is often just text: automatic leaves it")
        #expect(dump("[see #this](https://x.org) #that", dialect: .obsidian) == [
            "Paragraph", "  [0..<9] \"see #this\" link=https://x.org", "  [9..<10] \" \"", "  [10..<15] \"#that\" tag",
        ])
        #expect(dump(markdown, dialect: .obsidian).contains("Heading 1"))
    }

    @Test func blockIDsAreHidden() {
        #expect(dump("A paragraph ^para-1\n\n- item ^item\n\n> quote ^q1\n\nx^2 and a ^b c") == [
            "Paragraph", "  [0..<11] \"A paragraph\"",
            "BulletList tight", "  Item", "    Paragraph", "      [0..<4] \"item\"",
            "BlockQuote", "  Paragraph", "    [0..<5] \"quote\"",
            "Paragraph", "  [0..<14] \"x^2 and a ^b c\"",
        ])
    }

    /// Openers that never close, by the hundred thousand, cost the passes no more than the
    /// note's length.
    @Test func openersThatNeverCloseTakeLinearTime() {
        let count = 100_000
        for text in [String(repeating: "[[", count: count), String(repeating: "![[", count: count), String(repeating: "==a ", count: count / 2),
                     String(repeating: "{{", count: count), String(repeating: "{%", count: count), String(repeating: "{:", count: count),
                     String(repeating: "{{< x\n", count: count / 10), String(repeating: "{% highlight x %}\n", count: count / 10),
                     (1..<500).map { String(repeating: "`", count: $0) + "a" }.joined()] {
            let started = Date()
            _ = ToolSource.prepared(text, file: "n.md", dialect: .obsidian)
            _ = ToolSource.prepared(text, file: "n.md", dialect: .jekyll)
            _ = ToolSource.prepared(text, file: "n.md", dialect: .hugo)
            #expect(Date().timeIntervalSince(started) < 10, "\(text.prefix(10))")
        }
    }

    @Test func gfmAndOtherDialectsReadNoneOfIt() {
        #expect(dump("[[Note]] ==x== %%y%%", dialect: .gfm) == ["Paragraph", "  [0..<20] \"[[Note]] ==x== %%y%%\""])
        #expect(dump("[[Note]]", dialect: .pandoc) == ["Paragraph", "  [0..<8] \"[[Note]]\""])
    }
}

/// Root-relative paths start at the project's root, embeds are found anywhere in the vault;
/// neither reaches outside.
@Suite struct ProjectRootTests {
    private func folder(_ files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("letterpress-root-\(UUID().uuidString)")
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        return root
    }

    @Test func rootRelativeImagesStartAtTheProjectRoot() throws {
        let root = try folder(["_config.yml", "images/a.png", "static/img/b.png", "_posts/x/post.md"])
        defer { try? FileManager.default.removeItem(at: root) }
        let resources = Resources(file: root.appendingPathComponent("_posts/x/post.md").path, folder: root.appendingPathComponent("_posts/x"))
        func located(_ source: String) -> String {
            resources.located(URL(fileURLWithPath: source), source: source).standardizedFileURL.path
        }
        #expect(located("/images/a.png") == root.appendingPathComponent("images/a.png").standardizedFileURL.path)
        #expect(located("/img/b.png") == root.appendingPathComponent("static/img/b.png").standardizedFileURL.path)
        #expect(located("/images/missing.png") == "/images/missing.png")
        #expect(located("/../../etc/passwd") == "/etc/passwd", "never outside the root")
        let given = Resources(file: "post.md", folder: root.appendingPathComponent("_posts/x"), root: root.appendingPathComponent("static"))
        #expect(given.located(URL(fileURLWithPath: "/img/b.png"), source: "/img/b.png").standardizedFileURL.path
            == root.appendingPathComponent("static/img/b.png").standardizedFileURL.path)
    }

    @Test func embedsAreFoundAnywhereInTheVault() throws {
        let root = try folder([".obsidian/app.json", "notes/Daily.md", "attachments/pic.png", "other/deep/pic2.png", ".trash/gone.png"])
        defer { try? FileManager.default.removeItem(at: root) }
        let notes = root.appendingPathComponent("notes")
        let resources = Resources(file: notes.appendingPathComponent("Daily.md").path, folder: notes)
        func located(_ source: String) -> String {
            resources.located(notes.appendingPathComponent(source), source: source).standardizedFileURL.path
        }
        #expect(located("pic.png") == root.appendingPathComponent("attachments/pic.png").standardizedFileURL.path)
        #expect(located("deep/pic2.png") == root.appendingPathComponent("other/deep/pic2.png").standardizedFileURL.path)
        #expect(located("gone.png") == notes.appendingPathComponent("gone.png").standardizedFileURL.path, "the bin is not looked in")
    }
}
