import Foundation
import Testing

/// Diagrams through `render` end to end: their text in the PDF, a diagram that cannot be drawn
/// shown as code with one warning at its line, hostile sources ending quickly and cleanly.
@Suite(.fontWork) struct DiagramRenderTests {
    private func render(_ markdown: String, _ arguments: [String] = []) throws -> (folder: URL, result: CommandResult) {
        let folder = try Hostile.folder(with: ["note.md": markdown])
        return (folder, try Hostile.run(["note.md"] + arguments, in: folder))
    }

    @Test func aDiagramsTextCanBeExtractedFromThePDF() throws {
        let (folder, result) = try render("```mermaid\nflowchart LR\n  alpha[Parse notes] -->|then| beta(Typeset pages)\n```\n\n```graphviz\ndigraph { gamma -> delta }\n```\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let text = try pdfText(folder.appendingPathComponent("note.pdf"))
        for word in ["Parse notes", "then", "Typeset pages", "gamma", "delta"] { #expect(text.contains(word), "\(word) in \(text)") }
        #expect(!text.contains("flowchart"), "the source is not printed")
    }

    /// Graphviz is opened only for a note that holds a diagram, and librsvg for one that holds
    /// a diagram or an SVG: the dynamic loader's own log (`LD_DEBUG=files`) names every library
    /// it loads.
    @Test func graphvizAndLibrsvgAreLoadedOnlyWhenNeeded() throws {
        let folder = try Hostile.folder(with: ["plain.md": "# Plain\n\nNo diagram.\n", "drawn.md": "```dot\ndigraph { a -> b }\n```\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try runRender(["plain.md", "-o", "plain.pdf"], in: folder, environment: ["LD_DEBUG": "files"])
        #expect(plain.status == 0 && plain.stderr.contains("file=libcairo.so.2"), "the log lists the libraries")
        #expect(!plain.stderr.contains("libgvc") && !plain.stderr.contains("libcgraph"), "no Graphviz for a plain note")
        #expect(!plain.stderr.contains("librsvg"), "no librsvg for a plain note")
        let drawn = try runRender(["drawn.md", "-o", "drawn.pdf"], in: folder, environment: ["LD_DEBUG": "files"])
        #expect(drawn.status == 0 && drawn.stderr.contains("file=libgvc.so.6 [0];  dynamically loaded"), "Graphviz opened for the diagram")
        #expect(drawn.stderr.contains("file=librsvg-2.so.2 [0];  dynamically loaded"), "librsvg opened for the diagram's shapes")
    }

    /// The theme's `diagram:` section colours the nodes: Mermaid's lavender in the default
    /// theme, the night theme's dark slate (#2b3140) on its dark page.
    @Test func theThemeGivesTheDiagramsColours() throws {
        let folder = try Hostile.folder(with: ["d.md": "```mermaid\nflowchart LR\n  a[One] --> b(Two)\n```\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        for (theme, fill) in [("default", "rgb(92.54902%,92.54902%,100%)"), ("night", "rgb(16.862746%,19.215687%,25.098041%)")] {
            let result = try runRender(["d.md", "--theme", theme, "-o", "\(theme).svg"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let svg = try String(contentsOf: folder.appendingPathComponent("\(theme).svg"), encoding: .utf8)
            #expect(svg.contains("fill:" + fill), "\(theme)'s node fill")
        }
    }

    /// A fence's `title="…"` is the diagram's caption, below it; the info string's other words
    /// are not shown.
    @Test func aFencesTitleCaptionsTheDiagram() throws {
        let (folder, result) = try render("```mermaid title=\"Deploy flow\"\nflowchart LR\n  build --> ship\n```\n\nAfter.\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let words = try pdfText(folder.appendingPathComponent("note.pdf")).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("build ship Deploy flow After."), "the caption under the diagram: \(words)")
        #expect(!words.contains("title="))
    }

    @Test func aSequenceDiagramsTextCanBeExtractedFromThePDF() throws {
        let note = """
            # Sign in

            ```mermaid
            sequenceDiagram
                actor U as Reader
                participant W as Website
                U->>+W: Open the page
                Note over U,W: Cookies checked
                W-->>-U: Welcome back
            ```
            """
        let (folder, result) = try render(note)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let text = try pdfText(folder.appendingPathComponent("note.pdf"))
        for words in ["Reader", "Website", "Open the page", "Cookies checked", "Welcome back"] { #expect(text.contains(words), "\(words) in \(text)") }
        #expect(!text.contains("sequenceDiagram") && !text.contains("->>"), "the source is not printed")
    }

    /// A sequence diagram is laid out without Graphviz, which is then never loaded.
    @Test func aSequenceDiagramLoadsNoGraphviz() throws {
        let folder = try Hostile.folder(with: ["seq.md": "```mermaid\nsequenceDiagram\n  A->>B: hi\n```\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runRender(["seq.md", "-o", "seq.pdf"], in: folder, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0 && result.stderr.contains("file=librsvg-2.so.2 [0];  dynamically loaded"), "librsvg records its shapes")
        #expect(!result.stderr.contains("libgvc") && !result.stderr.contains("libcgraph"), "no Graphviz")
    }

    /// A git graph's branch names, ids and tags are page text; it is laid out without Graphviz.
    @Test func aGitGraphsTextCanBeExtractedFromThePDFWithoutGraphviz() throws {
        let note = "```mermaid\ngitGraph\n  commit id: \"Initial Schema\"\n  branch feature/login\n  commit id: \"Add Auth\" tag: \"v0.9\"\n  checkout main\n  merge feature/login id: \"Release\"\n```\n"
        let folder = try Hostile.folder(with: ["git.md": note])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runRender(["git.md", "-o", "git.pdf"], in: folder, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0 && !result.stderr.contains("libgvc") && !result.stderr.contains("warning"), "no Graphviz, no warning")
        let text = try pdfText(folder.appendingPathComponent("git.pdf"))
        for words in ["main", "feature/login", "Initial Schema", "Add Auth", "v0.9", "Release"] { #expect(text.contains(words), "\(words) in \(text)") }
        #expect(!text.contains("gitGraph") && !text.contains("checkout"), "the source is not printed")
    }

    /// Mermaid's refusal of a branch never made is a warning at the note's line, the source shown.
    @Test func aGitGraphThatChecksOutAMissingBranchWarnsAtItsLine() throws {
        let (folder, result) = try render("# Flow\n\n```mermaid\ngitGraph\n  commit\n  checkout develop\n```\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr.contains("note.md:6:1: warning: mermaid diagram not drawn, shown as code: branch 'develop' does not exist"),
                "\(result.stderr)")
    }

    @Test func pieAndGanttChartsAreDrawnWithoutGraphvizTheirTextSelectable() throws {
        let note = """
            ```mermaid
            pie title Pets
                "Dogs" : 3
                "Cats" : 1
            ```

            ```mermaid
            gantt
                section Build
                Parser : 2024-03-04, 4d
                Layout : 3d
            ```
            """
        let folder = try Hostile.folder(with: ["charts.md": note])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runRender(["charts.md", "-o", "charts.pdf"], in: folder, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0 && !result.stderr.contains("warning"), "\(result.stderr)")
        #expect(!result.stderr.contains("libgvc") && !result.stderr.contains("libcgraph"), "no Graphviz")
        let text = try pdfText(folder.appendingPathComponent("charts.pdf"))
        for word in ["Pets", "75%", "25%", "Dogs", "Cats", "Build", "Parser", "Layout", "2024-03-04"] {
            #expect(text.contains(word), "\(word) in \(text)")
        }
        #expect(!text.contains("gantt") && !text.contains("pie title"), "the sources are not printed")
    }

    @Test func stateClassAndERDiagramsTextCanBeExtractedFromThePDF() throws {
        let (folder, result) = try render("""
            ```mermaid
            stateDiagram-v2
                [*] --> Waiting
                Waiting --> Printing : job arrives
                note right of Printing : one page at a time
            ```

            ```mermaid
            classDiagram
                Press <|-- LetterPress : is a
                class Press {
                    +int sheets
                    +print() Page
                }
            ```

            ```mermaid
            erDiagram
                AUTHOR ||--o{ BOOK : writes
                BOOK {
                    string isbn PK
                }
            ```

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let text = try pdfText(folder.appendingPathComponent("note.pdf"))
        for word in ["Waiting", "job arrives", "one page at a time", "LetterPress", "+int sheets", "+print() : Page", "is a", "AUTHOR", "writes", "isbn", "PK"] {
            #expect(text.contains(word), "\(word) in \(text)")
        }
        #expect(!text.contains("stateDiagram") && !text.contains("classDiagram") && !text.contains("erDiagram"), "the sources are not printed")
    }

    @Test func aStateDiagramThatDoesNotParseWarnsAtItsLine() throws {
        let (folder, result) = try render("# Title\n\n```mermaid\nstateDiagram-v2\n  a --> b\n  a -> c\n```\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr.contains("note.md:6:1: warning: mermaid diagram not drawn, shown as code: expected '-->', ':' or the end of the line, found '-> c'"),
                "\(result.stderr)")
    }

    @Test func aDiagramThatCannotBeDrawnIsCodeWithOneWarningAtItsLine() throws {
        let (folder, result) = try render("# Title\n\n```dot\ndigraph {\n  a -> }\n```\n\n```mermaid\njourney\n  title Plan\n```\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("note.md:5:1: warning: dot diagram not drawn, shown as code: syntax error") == true, "\(result.stderr)")
        #expect(lines.last?.contains("note.md:9:1: warning: mermaid diagram not drawn, shown as code: Mermaid 'journey' diagrams are not drawn yet") == true,
                "\(result.stderr)")
        let text = try pdfText(folder.appendingPathComponent("note.pdf"))
        #expect(text.contains("digraph {") && text.contains("journey"))
        let strict = try render("```dot\ndigraph { a -> }\n```\n", ["--strict"])
        defer { try? FileManager.default.removeItem(at: strict.folder) }
        #expect(strict.result.status != 0)
    }

    /// A graph past the limits, group edges that would make a million edges, deep nesting and
    /// unbalanced brackets, sequence diagrams with too many participants or frames or too much
    /// text: each a warning and code, within seconds, never a crash.
    static let hostile: [String] = {
        let chain: String = (0..<3_000).map { "n\($0) -> n\($0 + 1);" }.joined()
        let left: String = (0..<1_000).map { "a\($0)" }.joined(separator: " ")
        let right: String = (0..<1_000).map { "b\($0)" }.joined(separator: " ")
        let flow: String = (0..<3_000).map { "n\($0) --> n\($0 + 1)" }.joined(separator: "\n")
        let chatter: String = (0..<3_000).map { "p\($0 % 150)->>p\($0 % 7): message \($0)" }.joined(separator: "\n")
        return [
            "```dot\ndigraph {" + chain + "}\n```\n",
            "```dot\ndigraph { {" + left + "} -> {" + right + "} }\n```\n",
            "```dot\ndigraph {" + String(repeating: "subgraph { ", count: 5_000) + "}\n```\n",
            "```mermaid\nflowchart TD\n" + String(repeating: "a[[(({{", count: 5_000) + "\n```\n",
            "```mermaid\nflowchart TD\n" + String(repeating: "subgraph s\n", count: 2_000) + "```\n",
            "```mermaid\nflowchart TD\n" + flow + "\n```\n",
            "```mermaid\nsequenceDiagram\n" + chatter + "\n```\n",
            "```mermaid\nsequenceDiagram\n" + String(repeating: "loop x\n", count: 2_000) + "```\n",
            "```mermaid\nsequenceDiagram\nA->>B: " + String(repeating: "#9829;", count: 20_000) + "\n```\n",
            "```mermaid\nstateDiagram-v2\n" + String(repeating: "state s {\n", count: 2_000) + "```\n",
            "```mermaid\nclassDiagram\n" + String(repeating: "namespace n {\n", count: 2_000) + "```\n",
            "```mermaid\ngitGraph\n" + (0..<2_000).map { "commit tag: \"t\"\nbranch b\($0)" }.joined(separator: "\n") + "\n```\n",
            "```mermaid\ngitGraph\n" + String(repeating: "commit\n", count: 5_000) + "```\n",
            "```mermaid\nerDiagram\n" + (0..<3_000).map { "e\($0) ||--o{ e\($0 + 1) : x" }.joined(separator: "\n") + "\n```\n",
        ]
    }()

    @Test(arguments: hostile)
    func hostileDiagramsEndCleanly(_ note: String) throws {
        let start = ContinuousClock.now
        let (folder, result) = try render(note)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("diagram not drawn, shown as code"), "\(result.stderr.prefix(300))")
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
