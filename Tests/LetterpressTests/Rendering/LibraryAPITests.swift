import Foundation
import Letterpress
import Testing

/// The library as a Swift programmer uses it, through public API only, so that what
/// `docs/library.md` and the documentation promise is what these check.
@Suite(.fontWork) struct LibraryAPITests {
    static let note = """
        ---
        title: Invoice
        date: 2026-11-25
        ---
        # Invoice

        Total: ^[€120](fontWeight: 'bold', customColor: 'danger') due.
        """

    private func text(ofPDF data: Data) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out.pdf")
        try data.write(to: file)
        return try pdfText(file)
    }

    @Test func aStringBecomesPDFBytes() throws {
        let pdf = try Renderer(theme: .named("menlo")).render(markdown: Self.note, baseURL: nil, as: .pdf)
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        let text = try text(ofPDF: pdf)
        #expect(text.contains("Invoice"))
        #expect(text.contains("Total: €120 due."))
    }

    @Test func theSameNoteGivesTheSameBytes() throws {
        let renderer = Renderer(theme: .named("menlo"))
        #expect(try renderer.render(markdown: Self.note) == renderer.render(markdown: Self.note))
    }

    @Test func pngPagesComeBackOneDataEach() throws {
        let long = (1...40).map { "Paragraph \($0) with enough words to fill a line or two of the page." }.joined(separator: "\n\n")
        var options = RenderOptions()
        options.dpi = 36
        let renderer = Renderer(options: options)
        let rendered = try renderer.renderDocument(markdown: long, as: .png)
        #expect(rendered.pageCount > 1)
        #expect(rendered.files.count == rendered.pageCount)
        #expect(rendered.files.allSatisfy { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) })
        #expect(throws: LetterpressError.self) { try renderer.render(markdown: long, as: .png) }
        // One page is one image.
        #expect(try renderer.render(markdown: "Short.", as: .png).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aFileIsWrittenWithTheCommandsNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = folder.appendingPathComponent("note.md")
        try Data(Self.note.utf8).write(to: note)
        let result = try Renderer().render(contentsOf: note, to: folder.appendingPathComponent("note.pdf"))
        #expect(result.files == [folder.appendingPathComponent("note.pdf")])
        #expect(result.pageCount == 1)
        #expect(try pdfText(result.files[0]).contains("Total: €120 due."))
        #expect(throws: LetterpressError.self) { try Renderer().render(contentsOf: note, to: folder.appendingPathComponent("note.doc")) }
    }

    @Test func badFrontMatterThrowsWithItsLine() throws {
        #expect {
            try Renderer().render(markdown: "---\npageSize: huge\n---\nText")
        } throws: { error in
            guard case let .invalidFrontMatter(file, location, _) = error as? LetterpressError else { return false }
            return file == "<markdown>" && location?.line == 2
        }
    }

    @Test func theStagesGiveTheRenderersBytes() throws {
        let theme = try Theme.named("menlo")
        let document = try Document(parsing: Self.note)
        let styled = Styler(theme: theme, file: "<markdown>").style(document)
        let typeset = try Typesetter().typeset(styled)
        #expect(typeset.pages.count == 1)
        #expect(typeset.metadata.title == "Invoice")
        let pdf = try #require(try OutputWriter(format: .pdf).data(for: typeset).first)
        #expect(pdf == (try Renderer(theme: .named("menlo")).render(markdown: Self.note)))
    }

    @Test func pagesAreDeliveredAsTheyAreTypeset() throws {
        let long = (1...60).map { "Paragraph \($0) with enough words to fill a line or two of the page." }.joined(separator: "\n\n")
        let theme = Theme.default
        let styled = Styler(theme: theme).style(try Document(parsing: long))
        var delivered: [Page] = []
        let warnings = try Typesetter().typeset(styled) { delivered.append($0) }
        #expect(warnings.isEmpty)
        #expect(delivered.count > 1)
        #expect(delivered.count == (try Typesetter().pages(for: styled)).count)
    }

    @Test func builtTextRendersLikeItsMarkdown() throws {
        let built = StyledTextBuilder(theme: .default)
            .add(text: "Total: ").save()
            .add(attributes: .init(fontWeight: .bold, customColor: .danger)).add(text: "€120").restore()
            .add(text: " due")
        let renderer = Renderer(theme: .theme(.default))
        #expect(try renderer.render(built.document) == renderer.render(markdown: "Total: ^[€120](fontWeight: 'bold', customColor: 'danger') due"))
    }

    @Test func twoTasksRenderAtOnceWithTheBytesOfOneAtATime() async throws {
        let renderer = Renderer(theme: .named("night"))
        let other = "# Minutes\n\n- one\n- two\n\n> quoted ^[text](underline: {pattern: 'dot'})"
        let alone = (try await renderer.render(markdown: Self.note), try await renderer.render(markdown: other))
        async let first = renderer.render(markdown: Self.note)
        async let second = Task { try await renderer.render(markdown: other) }.value
        let together = try await (first, second)
        #expect(together.0 == alone.0)
        #expect(together.1 == alone.1)
    }

    @Test func readingCustomAttributesFromRuns() throws {
        let document = try Document(parsing: "Plain ^[loud](fontWeight: 'heavy', customColor: 'danger') plain")
        guard case let .paragraph(text) = try #require(document.blocks.first) else {
            Issue.record("not a paragraph")
            return
        }
        let styled = text.runs.compactMap { run in
            run.letterpress.attributes.map { (String(text.characters[run.range]), $0) }
        }
        #expect(styled.count == 1)
        #expect(styled.first?.0 == "loud")
        #expect(styled.first?.1.fontWeight == .heavy)
        #expect(styled.first?.1.customColor == "danger")
    }

    /// Blocks made in code, lists and tables included, render as the Markdown that writes them.
    @Test func listsAndTablesBuiltInCodeRenderLikeTheirMarkdown() throws {
        let list = Block.list(.init(ordered: false, items: [.init(blocks: [.paragraph("one")]), .init(task: true, blocks: [.paragraph("two")])]))
        let table = Block.table(.init(alignments: [.left, .right], header: ["bird", "count"], rows: [["heron", "3"]]))
        let renderer = Renderer(theme: .theme(.default))
        #expect(try renderer.render(Document(blocks: [list, table])) == renderer.render(markdown: "- one\n- [x] two\n\n| bird | count |\n|---|--:|\n| heron | 3 |\n"))
    }

    /// With `sandbox`, a note rendered from a string without a base reads images only in the
    /// current folder, as the typesetter does.
    @Test func aSandboxedStringWithoutABaseReadsOnlyTheCurrentFolder() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("pic.png")
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("icon-32.png"), to: image)
        var options = RenderOptions()
        options.sandbox = true
        let rendered = try Renderer(options: options).renderDocument(markdown: "![pic](\(image.path))")
        #expect(rendered.warnings.contains { $0.message.contains("outside") }, "\(rendered.warnings)")
    }

    /// A page output with no page added says so, rather than naming no files or trapping.
    @Test func anOutputWithNoPagesThrows() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in [OutputFormat.pdf, .png] {
            let output = try OutputWriter(format: format).open(folder.appendingPathComponent("page-{p}.\(format.rawValue)"))
            #expect(throws: LetterpressError.self) { try output.finish() }
        }
        #expect(OutputWriter(format: .png).outputURLs(for: folder.appendingPathComponent("page-{p}.png"), pageCount: 0).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Options the command line refuses are refused here too, by the library's own message.
    /// A program has no command line: messages name `RenderOptions`' properties, where
    /// `render` names its flags (CLI tests check those).
    @Test func messagesNameTheOptionsAsTheLibraryHasThem() throws {
        let rendered = try Renderer().renderDocument(markdown: "Hello {{name}}.")
        #expect(rendered.warnings.map(\.message) == ["no variable 'name' in the front matter or RenderOptions.variables; kept as written"])
        var options = RenderOptions()
        options.strict = true
        #expect(throws: LetterpressError.self) { try Renderer(options: options).render(markdown: "Hello {{name}}.") }
        do {
            _ = try Renderer(options: options).render(markdown: "Hello {{name}}.")
        } catch let error as LetterpressError {
            #expect(error.message == "failed with RenderOptions.strict: 1 warning")
        }
        #expect(throws: LetterpressError.invalidOption(.invalidFontFolder, "font folder /no/such/folder: no such folder")) {
            try FontSetup.configure(folders: [URL(fileURLWithPath: "/no/such/folder")], isolated: false)
        }
    }

    @Test func optionsAreTypedValues() throws {
        let folder = try TestSupport.temporaryFolder()
        let table = folder.appendingPathComponent("de.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: table.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\"greeting\" = \"Guten Tag\";\n".utf8).write(to: table)
        var options = RenderOptions()
        options.date = NoteDate(parsing: "2026-03-14")
        options.locale = Locale(identifier: "de")
        options.strings = [table]
        options.root = folder
        let pdf = try Renderer(options: options).render(markdown: "# ^[Hello](localized: 'greeting')",
                                                        baseURL: folder, as: .pdf)
        let text = try text(ofPDF: pdf)
        #expect(text.contains("Guten Tag"))
        #expect(text.contains("MÄR"), "the badge's month in German: \(text)")
        // The options travel to `render --jobs`' workers as JSON.
        let decoded = try JSONDecoder().decode(RenderOptions.self, from: JSONEncoder().encode(options))
        #expect(decoded.date == options.date && decoded.locale.identifier == "de" && decoded.strings == [table] && decoded.root == folder)
        #expect(NoteDate(parsing: "today") == .rule(.today) && NoteDate(parsing: "2026-02-30") == nil)
    }

    @Test func optionsOutOfRangeThrowByName() throws {
        var options = RenderOptions()
        options.dpi = 0
        #expect(throws: LetterpressError.invalidOption(.resolutionOutOfRange, "dpi must be between 9 and 1200, not 0.0")) {
            try Renderer(options: options).render(markdown: "Text.", as: .png)
        }
        options.dpi = 144
        options.textScale = .infinity
        #expect(throws: LetterpressError.self) { try Renderer(options: options).render(markdown: "Text.") }
        #expect(throws: LetterpressError.self) { try OutputWriter(format: .png, dpi: 5000).open(URL(fileURLWithPath: "/tmp/x.png")) }
        let error = LetterpressError.unreadableInput(file: "notes.md", reason: "no such file")
        #expect(error.localizedDescription == "notes.md: no such file")
    }

    /// A document renders from a task without holding a pool thread, with its warnings when
    /// asked for files; a finished output gives its files again and takes no more pages.
    @Test func documentsRenderAsyncAndOutputsFinishOnce() async throws {
        let document = try Document(parsing: "![missing](nowhere.png)\n\nText.")
        let renderer = Renderer()
        #expect(try await renderer.render(document) == renderer.render(document))
        #expect(try renderer.renderDocument(document).warnings.count == 1)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theme = Theme.default
        let typeset = try Typesetter().typeset(Styler(theme: theme).style(document))
        let output = try OutputWriter(format: .pdf).open(folder.appendingPathComponent("out.pdf"))
        try output.add(typeset.pages[0])
        let files = try output.finish()
        #expect(try output.finish() == files)
        #expect(throws: LetterpressError.self) { try output.add(typeset.pages[0]) }
    }
}
