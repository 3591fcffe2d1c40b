import ArgumentParser
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
