import ArgumentParser
import Foundation
import Letterpress

/// Options that choose which fonts fontconfig offers, shared by the commands that draw text.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font-dir"), help: ArgumentHelp("Add the fonts in this folder (repeatable).", valueName: "dir"))
    var fontDirectories: [String] = []

    @Flag(help: "Use only the fonts the Makefile installs and those of --font-dir, through a private fontconfig configuration.")
    var isolatedFonts = false

    func apply() throws {
        guard !fontDirectories.isEmpty || isolatedFonts else { return }
        try FontSetup.configure(folders: fontDirectories, isolated: isolatedFonts)
    }
}

/// `render fonts FILE…`: the font files a rendering uses.
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
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
                let document = try Renderer.document(from: try Renderer.readData(file), file: file)
                used.formUnion(try renderer.typeset(document, file: file).0.usedFonts)
            }
            for line in used.sorted() { print(line) }
        } catch let error as LetterpressError {
            Console.error(error.description)
            throw ExitCode.failure
        }
    }
}
