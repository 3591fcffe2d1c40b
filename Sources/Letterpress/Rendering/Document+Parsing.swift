import Foundation

extension Document {
    /// The note `markdown` parsed: its front matter, then its blocks and footnotes, each run
    /// carrying the `LetterpressAttributes` its Markdown and `^[…](…)` gave it.
    ///
    /// A `.txt` file name, or `markup: plain` in the front matter, reads the note as plain
    /// text, line by line.
    ///
    /// - Parameters:
    ///   - markdown: The note, as a `.md` file would hold it.
    ///   - file: What warnings and errors call the note.
    ///   - baseURL: The folder the front matter's `strings:` tables are found from.
    ///   - options: `variables` for `{{name}}`, `locale` for formats, `strings` tables for
    ///     `localized`, each before the front matter's; `math` false reads no TeX math.
    /// - Throws: `LetterpressError.invalidFrontMatter` with the line and column,
    ///   `LetterpressError.unreadableInput` or `.invalidStringTable` for a string table that
    ///   cannot be read. Markdown itself never fails: what it cannot use becomes one of the
    ///   document's `warnings`.
    public init(parsing markdown: String, file: String = "<markdown>", baseURL: URL? = nil,
                options: RenderOptions = RenderOptions()) throws {
        let folder = baseURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        self = try Renderer.document(from: Data(markdown.utf8), file: file, variables: options.variables, locale: options.locale.identifier,
                                     strings: options.strings, math: options.math,
                                     resources: Resources(file: file, folder: folder, sandbox: options.sandbox ? folder : nil))
    }
}
