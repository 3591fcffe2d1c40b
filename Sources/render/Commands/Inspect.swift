import ArgumentParser
import Foundation
import Letterpress

/// `render inspect FILE`: the blocks and attributed runs a note parses into.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show the blocks and attributed runs of a Markdown file, with counts.")

    @Argument(help: "A Markdown file, or - for standard input.", completion: .file(extensions: ["md", "markdown", "txt"]))
    var file: String

    @Flag(help: "Print the document as JSON that 'render' can read back and render.")
    var json = false

    @Option(help: "The theme the JSON names and the note is parsed with, as render's --theme (default: the front matter's).", completion: .custom { _, _, _ in ThemeLoader().availableThemes() })
    var theme: String?

    @Option(name: .customLong("var"), help: ArgumentHelp(
        "A value for {{name}} in the text, before the front matter's (repeatable).", valueName: "name=value"))
    var variables: [Parsed<VariableAssignment>] = []

    @Option(help: "The locale of formatted values, {{total, number}}, when the front matter has none, as render's --locale.")
    var locale = Parsed<LocaleName>(argument: "en")

    @Option(name: .customLong("strings"), help: ArgumentHelp(
        "A string table for ^[text](localized: 'key'), before the front matter's, as render's --strings (repeatable).",
        valueName: "file"))
    var strings: [String] = []

    @Flag(help: "Read no TeX math, as render's --no-math.")
    var noMath = false

    func validate() throws {
        _ = try VariableAssignment.dictionary(variables)
        _ = try locale.value()
    }

    func run() throws {
        do {
            if json {
                // Parsed as `render` parses the note, with its theme and the pages its contents
                // settle on, so that rendering the archive gives the note's pages.
                var options = RenderOptions()
                options.theme = theme
                options.defaultPageSize = SystemPaper.size()
                options.math = !noMath
                options.locale = Locale(identifier: try locale.value().identifier)
                options.variables = try VariableAssignment.dictionary(variables)
                options.strings = strings.map { URL(fileURLWithPath: $0) }
                let (archive, warnings) = try Renderer(options: options).archive(of: file)
                for warning in Warning.summarized(Warning.inFileOrder(warnings)) { Console.error(warning.description) }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                try StandardOutput.write(try encoder.encode(archive) + Data("\n".utf8))
                return
            }
            let document = try Renderer.document(from: try Resources(note: file).readNote(), file: file, variables: try VariableAssignment.dictionary(variables),
                                                 locale: try locale.value().identifier, strings: strings.map { URL(fileURLWithPath: $0) }, math: !noMath)
            for warning in Warning.summarized(Warning.inFileOrder(document.warnings)) { Console.error(warning.description) }
            let lines = RunDump.blocks(document.blocks)
            print(lines.joined(separator: "\n"))
            let archive = DocumentArchive(document, theme: nil)
            print("\(archive.characters) characters, \(archive.runCount) runs, \(document.blocks.count) blocks, \(document.footnotes.count) footnotes")
        } catch let error as LetterpressError {
            Console.error(error.description)
            throw ExitCode.failure
        }
    }
}
