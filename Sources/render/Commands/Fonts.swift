import ArgumentParser
import Foundation
import Letterpress

/// `render fonts FILE…`: the font files a rendering uses.
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the font files a rendering uses (family and style → file), fallbacks included, then the characters no font has.")

    @Argument(help: "Markdown files.", completion: .file(extensions: ["md", "markdown", "txt"]))
    var files: [String]

    @Option(help: "Theme name or path.", completion: .custom { _, _, _ in ThemeLoader().availableThemes() })
    var theme: String?

    @Option(help: ArgumentHelp("The language of notes whose front matter has no lang, as for rendering.", valueName: "tag"))
    var lang: Parsed<LanguageTag>?

    @OptionGroup var fonts: FontOptions

    func validate() throws {
        _ = try lang?.value()
    }

    func run() throws {
        do {
            try fonts.apply()
            var options = RenderOptions()
            options.theme = theme
            options.language = try lang?.value()
            let renderer = Renderer(options: options)
            var used = Set<String>()
            var missing: [String] = []
            for file in files {
                let note = try renderer.typeset(data: try Resources(note: file).readNote(), file: file)
                used.formUnion(note.document.usedFonts)
                missing += note.missingCharacters.map { "no font has \($0.name) → \(file)" + ($0.location.map { ":\($0.line):\($0.column)" } ?? "") }
            }
            for line in used.sorted() { print(line) }
            for line in missing { print(line) }
        } catch let error as LetterpressError {
            Console.error(error.description)
            throw ExitCode.failure
        }
    }
}
