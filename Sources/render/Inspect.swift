import ArgumentParser
import Foundation
import Letterpress

/// `render inspect FILE`: the blocks and attributed runs a note parses into.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the blocks and attributed runs of a Markdown file, with counts.")

    @Argument(help: "A Markdown file, or - for standard input.")
    var file: String

    func run() throws {
        do {
            let document = try MarkdownParser.parse(try Renderer.readSource(file), file: file)
            for warning in document.warnings { Console.error(warning.description) }
            let lines = RunDump.blocks(document.blocks)
            print(lines.joined(separator: "\n"))
            let runCount = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[") }.count
            print("\(document.blocks.count) blocks, \(runCount) runs, \(document.footnotes.count) footnotes")
        } catch let error as LetterpressError {
            Console.error(error.description)
            throw ExitCode.failure
        }
    }
}
