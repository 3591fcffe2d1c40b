import Foundation

extension RenderEngine {
    /// The string tables of `--strings`, then of the front matter's `strings:` (relative to the
    /// note's folder, and inside it with `--sandbox`); a later table's entry for the same key and
    /// language wins. A table that cannot be read fails the note, naming the file.
    func stringTable(for frontMatter: FrontMatter, resources: Resources) throws -> StringTable {
        try Renderer.stringTable(files: options.strings, frontMatter: frontMatter, resources: resources)
    }
}

extension Renderer {
    /// The tables at `files` (as `--strings` gives them), then the front matter's.
    static func stringTable(files: [URL], frontMatter: FrontMatter, resources: Resources) throws -> StringTable {
        var table = StringTable()
        for file in files {
            // Named as given: a relative path as the command line wrote it.
            table.add(try StringTableReader.read(file.path, shownAs: file.relativePath))
        }
        for path in frontMatter.strings {
            let url = Self.stringTableURL(path, folder: resources.folder)
            guard resources.mayRead(url) else {
                throw LetterpressError.invalidFrontMatter(file: resources.file, location: frontMatter.locations["strings"],
                                                          message: "strings: \(Excerpt.name(path)) is outside the note's folder, which --sandbox keeps to")
            }
            do {
                table.add(try StringTableReader.read(url.path, shownAs: path))
            } catch let error as LetterpressError {
                throw LetterpressError.invalidFrontMatter(file: resources.file, location: frontMatter.locations["strings"],
                                                          message: "strings: \(error.description)")
            }
        }
        return table
    }

    /// The file of the front matter's `strings:` entry `path`, from the note's `folder`.
    package static func stringTableURL(_ path: String, folder: URL?) -> URL {
        URL(fileURLWithPath: path, relativeTo: path.hasPrefix("/") ? nil : folder).standardizedFileURL
    }
}
