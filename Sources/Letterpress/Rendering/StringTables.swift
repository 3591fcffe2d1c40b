import Foundation

extension RenderEngine {
    /// The string tables of `--strings`, then of the front matter's `strings:` (relative to the
    /// note's folder, and inside it with `--sandbox`); a later table's entry for the same key and
    /// language wins. A table that cannot be read fails the note, naming the file.
    func stringTable(for frontMatter: FrontMatter, resources: Resources) throws -> StringTable {
        try Renderer.stringTable(files: options.strings, frontMatter: frontMatter, resources: resources,
                                 locale: frontMatter.locale ?? options.locale.identifier)
    }
}

extension Renderer {
    /// The tables found beside the note for `locale` (see `foundTables`), then those at `files`
    /// (as `--strings` gives them), then the front matter's.
    static func stringTable(files: [URL], frontMatter: FrontMatter, resources: Resources, locale: String) throws -> StringTable {
        var table = StringTable()
        let named = Set((files + frontMatter.strings.map { stringTableURL($0, folder: resources.folder) }).map(\.standardizedFileURL.path))
        for (url, shown) in foundTables(resources: resources, locale: locale) where !named.contains(url.path) {
            table.add(try StringTableReader.read(url.path, shownAs: shown))
        }
        for file in files {
            // Named as given: a relative path as the command line wrote it.
            table.add(try StringTableReader.read(file.path, shownAs: file.relativePath))
        }
        for path in frontMatter.strings {
            let url = Self.stringTableURL(path, folder: resources.folder)
            guard resources.mayRead(url) else {
                throw LetterpressError.invalidFrontMatter(file: resources.file, location: frontMatter.locations["strings"],
                                                          message: "strings: \(Excerpt.name(path)) is outside the note's folder, which \(OptionWords.sandbox) keeps to")
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

    /// The tables Xcode keeps beside a note's file, read without being named:
    /// `Localizable.xcstrings`, and `Localizable.strings` and `.stringsdict` in the `.lproj`
    /// folders of `locale` (`de_AT.lproj`, `de-AT.lproj`, `de.lproj`) and in `Base.lproj`; each
    /// with the name messages give it.
    static func foundTables(resources: Resources, locale: String) -> [(URL, String)] {
        guard let folder = resources.folder, resources.file != "-", FileManager.default.fileExists(atPath: resources.file) else { return [] }
        var parts = locale.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        var languages: [String] = []
        while !parts.isEmpty {
            let language = parts.joined(separator: "-")
            languages += [parts.joined(separator: "_"), language]
            parts.removeLast()
        }
        var names = ["Localizable.xcstrings"]
        for language in ["Base"] + languages.reversed() where !names.contains("\(language).lproj/Localizable.strings") {
            names += ["\(language).lproj/Localizable.strings", "\(language).lproj/Localizable.stringsdict"]
        }
        return names.map { (folder.appendingPathComponent($0).standardizedFileURL, $0) }.filter { url, _ in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue && resources.mayRead(url)
        }
    }

    /// The file of the front matter's `strings:` entry `path`, from the note's `folder`.
    package static func stringTableURL(_ path: String, folder: URL?) -> URL {
        URL(fileURLWithPath: path, relativeTo: path.hasPrefix("/") ? nil : folder).standardizedFileURL
    }
}
