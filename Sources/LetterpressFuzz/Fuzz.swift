import Foundation
import Letterpress

/// Runs one input through what `render` reads, as a fuzz target does; nothing it finds may
/// crash, hang or exhaust memory. An input starting `#theme` followed by a newline is a theme
/// file, one starting `#image` and a newline an image file, each shown with a note; one starting
/// `#plain` and a newline a plain-text note (a `.txt` file), one starting `#math` and a newline TeX
/// math, parsed as an inline then a display formula sharing their macros, one starting `#mermaid`
/// and a newline a Mermaid diagram, read by every Mermaid parser (and a sequence diagram, pie or
/// gantt chart or git graph laid out alone); any other is a note (Markdown with
/// YAML or TOML front matter, HTML and variables, or an `inspect --json` archive), parsed,
/// styled and typeset, and its text parsed as Markdown in pieces as well as whole.
enum FuzzTarget {
    static let renderer: Renderer = {
        var options = RenderOptions()
        options.badge = false
        return Renderer(options: options)
    }()

    /// Where theme and image inputs are written: the loaders read files.
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("letterpress-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// The look `#mermaid` inputs are drawn in (their text measured without fonts).
    static let diagramStyle = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 9, textColor: .black, lineColor: .black)

    /// A note with something for most of what a theme styles.
    static let sample = """
        # Heading *one*

        A paragraph with **bold**, *italic*, `code`, a [link](https://example.com), ~~struck~~, ALL CAPS,
        *stars*, ~script~ and ^[attributes](customColor: 'highlight', customStyle: 'boldcaps').

        > A quote, with a list:
        > - one
        > - [x] two

        1. first
        2. second

        | a | b |
        |:--|--:|
        | 1 | 2 |

        ```swift
        let x = 1 // comment
        ```

        ---

        Text after a rule.[^1]

        [^1]: A footnote.
        """

    static func run(_ data: Data) {
        if data.starts(with: Array("#theme\n".utf8)) {
            let path = folder.appendingPathComponent("theme.yaml")
            guard (try? data.dropFirst(7).write(to: path)) != nil else { return }
            var options = RenderOptions()
            options.badge = false
            options.theme = path.path
            _ = try? Renderer(options: options).typeset(source: sample, file: "fuzz.md")
        } else if data.starts(with: Array("#image\n".utf8)) {
            let path = folder.appendingPathComponent("image")
            guard (try? data.dropFirst(7).write(to: path)) != nil else { return }
            _ = try? renderer.typeset(source: "![an image](\(path.path))\n\n^[![floating](\(path.path))](float: 'left', width: 80) Text beside it.",
                                      file: "fuzz.md")
        } else if data.starts(with: Array("#mermaid\n".utf8)) {
            let source = String(decoding: data.dropFirst(9), as: UTF8.self)
            parseMermaid(source)
            // Sequence diagrams, pie and gantt charts and git graphs are laid out by the project's own
            // code; the others by Graphviz, which has its own fuzzing.
            if ["sequenceDiagram", "pie", "gantt", "gitGraph", "gitGraph:"].contains(MermaidSource.type(of: source)) {
                _ = Diagram.drawing(source, language: .mermaid, style: diagramStyle)
            }
        } else if data.starts(with: Array("#math\n".utf8)) {
            parseMath(String(decoding: data.dropFirst(6), as: UTF8.self))
        } else if data.starts(with: Array("#plain\n".utf8)) {
            _ = try? renderer.typeset(data: data.dropFirst(7), file: "fuzz.txt")
        } else {
            guard let document = try? Renderer.document(from: data, file: "fuzz.md") else { return }
            _ = try? renderer.typeset(document, file: "fuzz.md")
            readInPieces(String(decoding: data, as: UTF8.self))
        }
    }

    /// Parses `source` as Markdown whole and in pieces of 64 bytes, where it may be read so
    /// (`CmarkPieces`); a difference in blocks or warnings is a finding.
    static func readInPieces(_ source: String) {
        let whole = MarkdownParser.parseBody(source, file: "fuzz.md")
        let pieced = MarkdownParser.parseBody(source, file: "fuzz.md", pieceBytes: 64)
        precondition(pieced.blocks == whole.blocks && pieced.warnings == whole.warnings, "a note read in pieces differs from the note read whole")
    }

    /// Reads `source` with each Mermaid parser and writes the DOT of what it accepts, without
    /// laying it out (Graphviz has its own fuzzing); an error must name a line of the source.
    static func parseMermaid(_ source: String) {
        let style = DiagramStyle(fontFamily: "serif", fontSize: 10, textColor: .black, lineColor: .black)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count
        func check<Parsed>(_ result: Result<Parsed, DiagramError>, _ dot: (Parsed) -> String) {
            switch result {
            case let .success(diagram): _ = dot(diagram)
            case let .failure(error): precondition(error.line.map { (1...lines).contains($0) } ?? true, "an error outside the source")
            }
        }
        check(MermaidParser.parse(source)) { FlowchartDot.dot(for: $0, style: style) }
        check(StateDiagramParser.parse(source)) { StateDiagramDot.dot(for: $0, style: style) }
        check(ClassDiagramParser.parse(source)) { ClassDiagramDot.dot(for: $0, style: style) }
        check(EntityDiagramParser.parse(source)) { EntityDiagramDot.dot(for: $0, style: style) }
        check(PieParser.parse(source)) { "\($0.slices.count)" }
        check(GanttParser.parse(source)) { "\($0.tasks.count)" }
        check(GitGraphParser.parse(source)) { "\($0.commits.count)" }
    }

    /// Parses `source` as TeX math twice, the second time with the macros the first defined;
    /// a problem outside the source, or more than one that is fatal, is a finding.
    static func parseMath(_ source: String) {
        var macros = MathMacros()
        for display in [false, true] {
            let formula = Formula(parsing: source, display: display, macros: &macros)
            precondition(formula.problems.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= source.utf8.count },
                         "a problem's range is outside the formula")
            precondition(formula.problems.filter(\.isFatal).count <= 1, "more than one fatal problem")
        }
    }
}

#if FUZZING
import CFuzzDriver

/// libFuzzer's target (`make fuzz` builds with `-sanitize=fuzzer,address -DFUZZING`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let bytes else { return 0 }
    FuzzTarget.run(Data(bytes: bytes, count: size))
    return 0
}

/// The process's entry point when built for fuzzing: SwiftPM points `main` at this symbol, so
/// it hands control to libFuzzer's driver.
@_cdecl("LetterpressFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in fuzzOneInput(bytes, size) }
}
#else
/// Without libFuzzer: replays the files given, such as saved crashers.
@main
struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
                exit(1)
            }
            FuzzTarget.run(data)
            print("\(path): ok")
        }
    }
}
#endif
