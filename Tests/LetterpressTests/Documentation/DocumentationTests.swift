import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting
import LetterpressTesting

/// The documentation cannot rot: the catalog's and `docs/library.md`'s Swift examples are the
/// snippets in `Snippets/` (which `swift build` compiles), each snippet runs, the notes the
/// articles quote render to the catalog's pictures, and every public symbol has a summary.
@Suite(.fontWork) struct DocumentationTests {
    static let catalog = TestSupport.packageRoot.appendingPathComponent("Sources/Letterpress/Letterpress.docc")
    /// The library's targets: the façade and the stages it re-exports, whose public types one catalog documents.
    static let libraryTargets = ["Letterpress", "LetterpressCore", "LetterpressMarkup", "LetterpressStyling", "LetterpressTypesetting",
                                 "LetterpressExport"]
    static let snippets = TestSupport.packageRoot.appendingPathComponent("Snippets")
    static let notes = TestSupport.fixtures.appendingPathComponent("Documentation")

    private static func files(in folder: URL, extension pathExtension: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == pathExtension }.sorted { $0.path < $1.path }
    }

    private static func articles() throws -> String {
        try files(in: catalog, extension: "md").map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// What DocC shows of a snippet: its code without the opening description, the imports kept,
    /// the lines between `// snippet.hide` and `// snippet.show` left out.
    static func visibleLines(ofSnippet url: URL) throws -> [String] {
        var shown = true
        var lines: [String] = []
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// snippet.hide" { shown = false } else if trimmed == "// snippet.show" { shown = true } else if shown {
                lines.append(String(line))
            }
        }
        return Array(lines.drop { $0.hasPrefix("//") })
    }

    /// The fenced blocks of `language` in `text`, each as its lines.
    static func codeBlocks(_ language: String, in text: some StringProtocol) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks
    }

    /// Runs `executable` with `arguments`: its exit status, and its standard output and error.
    private func run(_ executable: URL, arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func everySnippetIsShownAndEveryShownSnippetExists() throws {
        let articles = try Self.articles()
        let shown = Set(articles.matches(of: #/@Snippet\(path: "Letterpress/Snippets/(\w+)"\)/#).map { String($0.1) })
        let written = Set(try Self.files(in: Self.snippets, extension: "swift").map { $0.deletingPathExtension().lastPathComponent })
        #expect(!written.isEmpty)
        #expect(shown == written)
        // The catalog's Swift is all in snippets, compiled with the package; a package manifest line is not code to run.
        #expect(Self.codeBlocks("swift", in: articles).allSatisfy { block in block.allSatisfy { $0.hasPrefix(".") || $0.hasPrefix("//") } })
    }

    /// Each snippet runs as a program (with a folder for what it writes) and does what its
    /// hidden checks expect; the ones that write documents write what they show.
    @Test(arguments: ["RenderMarkdown", "BuildStyledText", "BuildWithResultBuilder", "Stages", "ReadAttributes",
                      "RenderConcurrently", "CancelRendering", "TestRendering", "SwitchOnCodes", "BuildTheme"])
    func snippetRuns(_ name: String) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = Bundle.main.bundleURL.appendingPathComponent(name)
        let (status, output) = try run(executable, arguments: [folder.path])
        #expect(status == 0, "\(name): \(output)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        switch name {
        case "RenderMarkdown":
            #expect(written == ["groceries.pdf", "notes.md", "notes.png"])
            #expect(try pdfText(folder.appendingPathComponent("groceries.pdf")).contains("Oat milk, bread, and coffee."))
            #expect(output.hasPrefix("[\"notes.png\"] 1 []"))
        case "BuildStyledText":
            let text = try pdfText(folder.appendingPathComponent("invoice.pdf"))
            #expect(text.contains("Invoice") && text.contains("Total: €120 due"))
        case "BuildWithResultBuilder":
            let text = try pdfText(folder.appendingPathComponent("order.pdf"))
            #expect(text.contains("Paper: €12") && text.contains("Ink: €30") && text.lowercased().contains("overdue"))
        case "Stages":
            #expect(written == ["night.pdf"])
            #expect(output.hasPrefix("1 1 [\"night.pdf\"] []"))
        case "SwitchOnCodes":
            #expect(output == "image: 1\nvariable: 21\ndpi out of range\n")
        case "BuildTheme":
            #expect(written == ["brand.pdf"])
            #expect(try pdfText(folder.appendingPathComponent("brand.pdf")).contains("Brand · 1"))
            #expect(output == "12.0 []\n")
        case "ReadAttributes":
            #expect(output == "danger: €120 bold\nemphasized: Friday\nlink: terms → https://example.com/terms\n")
        case "CancelRendering":
            #expect(written.isEmpty)
            #expect(output == "cancelled; long.pdf was not written\n")
        default:
            #expect(written.isEmpty)
        }
    }

    /// The Swift examples of the library's page, `docs/library.md`, are snippets' code, line for line.
    @Test func libraryPageExamplesAreSnippets() throws {
        let page = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let examples = Self.codeBlocks("swift", in: page)
        #expect(examples.count >= 3)
        let snippets = try Self.files(in: Self.snippets, extension: "swift").map { try Self.visibleLines(ofSnippet: $0) }
        for example in examples {
            let found = snippets.contains { lines in
                lines.indices.contains { start in Array(lines[start...].prefix(example.count)) == example }
            }
            #expect(found, "not in any snippet:\n\(example.joined(separator: "\n"))")
        }
    }

    /// The notes the articles quote are in `Fixtures/Documentation`, and their pictures in the
    /// catalog are what they render to (`LETTERPRESS_RECORD_GOLDEN=1` redraws them).
    @Test(arguments: ["attributes", "attributes-overview", "theme-default", "theme-menlo", "theme-times", "theme-important",
                      "theme-night"])
    func picturesAreTheQuotedNotes(_ name: String) throws {
        let note = try String(contentsOf: Self.notes.appendingPathComponent("\(name).md"), encoding: .utf8)
        let document = try Document(parsing: note)
        let body = note.hasPrefix("---\n") ? String(note.split(separator: "---\n", maxSplits: 2)[1]) : note
        #expect(try Self.articles().contains(body))
        let check = RenderingCheck(theme: document.frontMatter.theme ?? "default", dpi: 96)
        try assertRendering(markdown: note, matches: Self.catalog.appendingPathComponent("Resources/\(name).png"), check: check)
    }

    @Test func theArticlesThemeLoads() throws {
        let yaml = try #require(Self.codeBlocks("yaml", in: try Self.articles()).first)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("teal.yaml")
        try Data(yaml.joined(separator: "\n").utf8).write(to: file)
        let theme = try Theme(contentsOf: file)
        #expect(theme.customColors["stamp"]?.backgroundColor == Color(red: 0xb4 / 255.0, green: 0x23 / 255.0, blue: 0x18 / 255.0))
        #expect(theme.customColors["danger"] != nil)
    }

    /// Every public type has its place in the catalog's topics, rather than in a list DocC
    /// makes by kind.
    @Test func everyPublicTypeIsInATopic() throws {
        let overview = try String(contentsOf: Self.catalog.appendingPathComponent("Letterpress.md"), encoding: .utf8)
        var uncurated: [String] = []
        let files = Self.libraryTargets.flatMap { target in
            FileManager.default.enumerator(at: TestSupport.packageRoot.appendingPathComponent("Sources/\(target)"), includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }
        }
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: #/\npublic (?:final |indirect )?(?:struct|enum|class|typealias|protocol|actor) (\w+)/#)
            where !overview.contains("``\(match.1)``") {
                uncurated.append(String(match.1))
            }
        }
        #expect(uncurated.isEmpty, "not in a topic of Letterpress.md: \(uncurated.sorted().joined(separator: ", "))")
    }

    /// Every public declaration has a documentation comment, as DocC shows it.
    @Test func everyPublicDeclarationHasASummary() throws {
        let sources = (Self.libraryTargets + ["LetterpressTesting"]).map { TestSupport.packageRoot.appendingPathComponent("Sources/\($0)") }
        var missing: [String] = []
        for folder in sources {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            for file in files {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces)
                    .wholeMatch(of: #/(@\w+(\(.*\))? +)*public (?!import).*/#) != nil {
                    let above = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("@") }?
                        .trimmingCharacters(in: .whitespaces) ?? ""
                    if !above.hasPrefix("///") { missing.append("\(file.lastPathComponent):\(index + 1)") }
                }
            }
        }
        #expect(missing.isEmpty, "no documentation comment: \(missing.joined(separator: ", "))")
    }
}
