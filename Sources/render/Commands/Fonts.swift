import ArgumentParser
import Foundation
import Letterpress

/// `render fonts FILE…`: the font files a rendering uses.
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the font files a rendering uses (family and style → file), fallbacks included.")

    @Argument(help: "Markdown files.")
    var files: [String]

    @Option(help: "Theme name or path.")
    var theme: String?

    @OptionGroup var fonts: FontOptions

    func run() throws {
        do {
            try fonts.apply()
            var options = RenderOptions()
            options.theme = theme
            let renderer = Renderer(options: options)
            var used = Set<String>()
            for file in files {
                let document = try Renderer.document(from: try Resources(note: file).readNote(), file: file)
                used.formUnion(try renderer.typeset(document, file: file).document.usedFonts)
            }
            for line in used.sorted() { print(line) }
        } catch let error as LetterpressError {
            Console.error(error.description)
            throw ExitCode.failure
        }
    }
}
