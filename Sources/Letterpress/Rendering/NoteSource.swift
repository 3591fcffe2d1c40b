import Foundation

/// A note as read, its front matter split off: what the steps after reading need of its file.
struct NoteSource {
    enum Body {
        /// Markdown still to parse, without the front matter.
        case markdown(String)
        /// A document parsed already: a saved run archive, or a caller's.
        case parsed(Document)
    }

    var frontMatter: FrontMatter
    var body: Body
    /// The note's text, which locates the characters no font has; nil for a parsed document.
    var text: String?
    /// Warnings of reading the file (invalid UTF-8, say), reported with the note's others.
    var warnings: [Warning] = []
    /// The line the Markdown starts at, after the front matter: the parser counts columns of
    /// the Markdown in bytes, and the front matter's reader in characters.
    var bodyLine = 1
    /// A run archive's note's folder, where its relative paths start; nil for the file's own.
    var folder: URL?

    /// The Markdown `text`, its front matter split off; `file` names it in errors.
    init(markdown text: String, file: String, warnings: [Warning] = []) throws {
        let (frontMatter, body) = try FrontMatterReader.split(text, file: file)
        self.frontMatter = frontMatter
        self.body = .markdown(body)
        self.text = text
        self.warnings = warnings
        bodyLine = FrontMatterReader.bodyLine(of: text, body: body)
    }

    init(parsed document: Document) {
        frontMatter = document.frontMatter
        body = .parsed(document)
    }

    /// The note in `data`: a saved run archive (`render inspect --json`), else Markdown.
    init(_ data: Data, file: String) throws {
        if let archive = try DocumentArchive.read(data, file: file) {
            self.init(parsed: archive.document)
            folder = archive.existingFolder
        } else {
            let (text, warnings) = MarkdownParser.decode(data, file: file)
            try self.init(markdown: text, file: file, warnings: warnings)
        }
    }

    /// The resources of the note read from `resources`' file: those, its relative paths
    /// starting from the archive's note's folder when it is one.
    func resources(_ resources: Resources) -> Resources {
        folder.map { resources.startingFrom($0) } ?? resources
    }
}
