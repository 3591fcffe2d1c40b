import Foundation

/// What rendering one note may read, and what date the note has: the one place that reads
/// the note's file (or standard input) and its images, says whether a file may be read at all
/// (`--sandbox`), and settles the date of the badge and of the PDF, like Typst's `World`.
package struct Resources: Sendable {
    /// The note's path, `-` for standard input; messages name it.
    package let file: String
    /// The folder the note's relative paths start from; nil to take them as they are.
    package private(set) var folder: URL?
    /// With `--sandbox`, the one folder files may be read from; nil when any may be.
    package let sandbox: URL?
    /// `--date`, for a note whose front matter has none.
    package let date: NoteDate?
    /// `SOURCE_DATE_EPOCH`, the PDF's date when the note has none.
    package let sourceDateEpoch: String?
    /// `--root`: the folder root-relative paths start from; nil to find it (`ProjectRoot`).
    package let root: URL?
    /// The images read, each decoded once while a page holds it.
    package let decodedFiles = DecodedFiles()
    /// The Obsidian vault's files, listed when an image is not found beside the note.
    private let vaultFiles = VaultFiles()

    package init(file: String, folder: URL?, sandbox: URL? = nil, root: URL? = nil, date: NoteDate? = nil, sourceDateEpoch: String? = nil) {
        self.file = file
        self.folder = folder
        self.sandbox = sandbox
        self.root = root
        self.date = date
        self.sourceDateEpoch = sourceDateEpoch
    }

    /// These resources with relative paths starting from `folder` (a run archive's note's),
    /// the sandbox, the dates and the images read (shared) as they were.
    package func startingFrom(_ folder: URL) -> Resources {
        var copy = self
        copy.folder = folder
        return copy
    }

    // MARK: Reading

    /// The note's bytes; an error names the file and says why it cannot be read. Only a
    /// regular file is read (a FIFO would block); `/dev/stdin` is standard input, as `-` is.
    package func readNote() throws -> Data {
        if file == "-" || file == "/dev/stdin" { return FileHandle.standardInput.readDataToEndOfFile() }
        // Links resolved before the sandbox decides: a note that links to /proc/self/environ
        // would put the environment on the page.
        guard mayRead(URL(fileURLWithPath: file)) else {
            throw LetterpressError.unreadableInput(file: file, reason: "is a symbolic link to a file outside the sandbox (\(sandbox?.path ?? "")), which \(OptionWords.sandbox) does not read")
        }
        switch RegularFile.contents(atPath: file) {
        case let .success(data): return data
        case .failure(.missing(ENOENT)) where file.contains("\u{FFFD}"):
            // Swift reads a name that is not UTF-8 with U+FFFD in place of its bad bytes.
            throw LetterpressError.unreadableInput(file: file, reason: "no such file (a name that is not valid UTF-8 cannot be opened; rename the file)")
        case let .failure(.special(mode)):
            throw LetterpressError.unreadableInput(file: file, reason: "is \(OutputPath.kind(mode)), not a regular file (give - to read standard input)")
        case let .failure(problem):
            throw LetterpressError.unreadableInput(file: file, reason: problem.reason)
        }
    }

    /// Whether the file at `url` may be read: with `--sandbox`, only inside the note's folder.
    package func mayRead(_ url: URL) -> Bool {
        guard let sandbox else { return true }
        return Self.folder(sandbox, contains: url)
    }

    /// Whether `url`, with symbolic links and `..` resolved, lies inside `folder`.
    package static func folder(_ folder: URL, contains url: URL) -> Bool {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        return path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The file an image `source` names, written as `url` (relative to the note's folder):
    /// `url` when it is there; else, for `/path`, the path under the project's root (or its
    /// `static` or `public` folder, which sites serve at their root); else, in
    /// an Obsidian vault, the file the vault holds under that name, as Obsidian finds it.
    /// Never a file outside the root or the vault; `mayRead` still decides.
    package func located(_ url: URL, source: String) -> URL {
        guard !FileManager.default.fileExists(atPath: url.path), let folder, !source.hasPrefix("//") else { return url }
        if source.hasPrefix("/") {
            guard let root = root ?? ProjectRoot.enclosing(folder) else { return url }
            // Hugo and Docusaurus serve `static/` at the site's root, VitePress `public/`.
            return ["", "static", "public"].lazy.map { root.appendingPathComponent($0).appendingPathComponent(url.path) }.first {
                Self.folder(root, contains: $0) && FileManager.default.fileExists(atPath: $0.path)
            } ?? url
        }
        guard !source.lowercased().hasPrefix("file:"), let vault = ProjectRoot.vault(enclosing: folder),
              let found = vaultFiles.file(url.path.hasPrefix(folder.path + "/") ? String(url.path.dropFirst(folder.path.count + 1)) : source, in: vault),
              Self.folder(vault, contains: found) else { return url }
        return found
    }

    /// The files the note's images were looked for at: an output must leave them as they are.
    package var imageFiles: [URL] { decodedFiles.paths.map { URL(fileURLWithPath: $0) } }

    // MARK: Dates

    /// The note's date, for its badge: the front matter's `date` (`frontMatterDate`), else
    /// `--date` (a day, `modified` or `today`), else `SOURCE_DATE_EPOCH`, else what the theme's
    /// `badge: {date: …}` asks for (`themeRule`), else none: the clock and the file's time reach
    /// the page only when asked for. A front matter date that is none gets a warning (its
    /// location is `location`).
    package func noteDate(frontMatterDate: String?, location: SourceLocation?, themeRule: NoteDate.Rule? = nil,
                  warnings: inout [Warning]) -> Date? {
        if let text = frontMatterDate {
            if let date = PDFDate.parse(text.trimmingCharacters(in: .whitespaces)) { return date }
            let problem = PDFDate.impossibleDay(text.trimmingCharacters(in: .whitespaces)).map { "is no day (\($0))" } ?? "is not YYYY-MM-DD"
            warnings.append(Warning(code: .invalidDate, file: file, location: location,
                                    message: "front matter date \(Excerpt.quoted(text)) \(problem); the note is dated as if it had none"))
        }
        if let date { return self.date(date) }
        if let sourceDate { return sourceDate }
        return themeRule.flatMap { self.date(.rule($0)) }
    }

    /// The PDF's creation date (`YYYY-MM-DDThh:mm:ssZ`): the front matter's `date`, else
    /// `--date`, else `SOURCE_DATE_EPOCH`, else none, so that the clock never reaches the
    /// output unasked. A front matter date that is none hides `--date` here, unlike on the badge.
    package func creationDate(frontMatterDate: String?) -> String? {
        if let text = frontMatterDate?.trimmingCharacters(in: .whitespaces) {
            return PDFDate.parse(text).map(PDFDate.format) ?? sourceDate.map(PDFDate.format)
        }
        if let noteDate = date, let date = self.date(noteDate) {
            return PDFDate.format(date)
        }
        return sourceDate.map(PDFDate.format)
    }

    /// The day `noteDate` names; nil for the modification time of standard input.
    private func date(_ noteDate: NoteDate) -> Date? {
        switch noteDate {
        case let .day(date): return date
        case .rule(.today):
            // The day, not the minute: the output stays the same all day long.
            return PDFDate.parse(String(PDFDate.format(Date()).prefix(10)))
        case .rule(.modified):
            guard file != "-", file != "/dev/stdin" else { return nil }
            return (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
        }
    }

    /// `SOURCE_DATE_EPOCH` as reproducible builds define it: whole seconds since 1970, here up
    /// to the end of the year 9999, which a PDF date can write; nil when unset or not that.
    package var sourceDate: Date? {
        guard let text = sourceDateEpoch?.trimmingCharacters(in: .whitespaces), let seconds = Int(text),
              (0...253_402_300_799).contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
