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
        let (folder, result) = try render("# Title\n\n```dot\ndigraph {\n  a -> }\n```\n\n```mermaid\nsequenceDiagram\n  A->>B: hi\n```\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("note.md:5:1: warning: dot diagram not drawn, shown as code: syntax error") == true, "\(result.stderr)")
        #expect(lines.last?.contains("note.md:9:1: warning: mermaid diagram not drawn, shown as code: Mermaid 'sequenceDiagram' diagrams are not drawn yet") == true,
                "\(result.stderr)")
        let text = try pdfText(folder.appendingPathComponent("note.pdf"))
        #expect(text.contains("digraph {") && text.contains("sequenceDiagram"))
        let strict = try render("```dot\ndigraph { a -> }\n```\n", ["--strict"])
        defer { try? FileManager.default.removeItem(at: strict.folder) }
        #expect(strict.result.status != 0)
    }

    /// A graph past the limits, group edges that would make a million edges, deep nesting and
    /// unbalanced brackets: each a warning and code, within seconds, never a crash.
    static let hostile: [String] = {
        let chain: String = (0..<3_000).map { "n\($0) -> n\($0 + 1);" }.joined()
        let left: String = (0..<1_000).map { "a\($0)" }.joined(separator: " ")
        let right: String = (0..<1_000).map { "b\($0)" }.joined(separator: " ")
        let flow: String = (0..<3_000).map { "n\($0) --> n\($0 + 1)" }.joined(separator: "\n")
        return [
            "```dot\ndigraph {" + chain + "}\n```\n",
            "```dot\ndigraph { {" + left + "} -> {" + right + "} }\n```\n",
            "```dot\ndigraph {" + String(repeating: "subgraph { ", count: 5_000) + "}\n```\n",
            "```mermaid\nflowchart TD\n" + String(repeating: "a[[(({{", count: 5_000) + "\n```\n",
            "```mermaid\nflowchart TD\n" + String(repeating: "subgraph s\n", count: 2_000) + "```\n",
            "```mermaid\nflowchart TD\n" + flow + "\n```\n",
            "```mermaid\nstateDiagram-v2\n" + String(repeating: "state s {\n", count: 2_000) + "```\n",
            "```mermaid\nclassDiagram\n" + String(repeating: "namespace n {\n", count: 2_000) + "```\n",
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
