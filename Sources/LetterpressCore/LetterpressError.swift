import Foundation

/// An error that stops one document from rendering. Its description names the file, and the
/// line and column, where the error has them: an unknown theme and an option that cannot be
/// used belong to no file.
public enum LetterpressError: LocalizedError, Equatable, CustomStringConvertible {
    /// A file that cannot be read: the note, a theme or string table file; `reason` says why.
    case unreadableInput(file: String, reason: String)
    /// A run archive (`render inspect --json`) that is not valid, where it is when the JSON
    /// itself is broken.
    case invalidArchive(file: String, location: SourceLocation?, message: String)
    /// Front matter that is not valid YAML or TOML, or a key whose value cannot be used (such
    /// as a `pageSize`, `margin` or `lang` that cannot be read), where it is.
    case invalidFrontMatter(file: String, location: SourceLocation?, message: String)
    /// A theme file that is not valid YAML, a value that cannot be used (a colour that is not
    /// one, a highlight pattern that is not a regular expression), or an `extends` that makes a
    /// cycle, where it is.
    case invalidTheme(file: String, location: SourceLocation?, message: String)
    /// A string table (`--strings`, front matter `strings:`) that cannot be read.
    case invalidStringTable(file: String, location: SourceLocation?, message: String)
    /// A theme name that is neither shipped nor in the theme search path, with the names
    /// there are.
    case unknownTheme(name: String, known: [String])
    /// An option or setting that cannot be used: margins that leave no room for text, an
    /// output with no format, a note of several PNG or SVG pages asked for as one file, a
    /// `--font-dir` that is not a folder. `code` says which (`Code.noRoomForText`…), for a
    /// program; `message` is the whole message, for people.
    case invalidOption(_ code: Code, _ message: String)
    /// An output file, or a temporary file on the way to it, that cannot be written or
    /// drawn; `reason` says why.
    case outputFailed(file: String, reason: String)
    /// Warnings that `--strict` turns into a failure; nothing was written.
    case strictWarnings(file: String, warnings: [Warning])
    /// Two or more errors of one file, in the file's order: every error one reading of a front
    /// matter or a theme found, so that one run shows them all.
    case several([LetterpressError])

    /// `errors` as one error: the one, or `several` in the order of the file; nil for none.
    package static func combined(_ errors: [LetterpressError]) -> LetterpressError? {
        guard errors.count > 1 else { return errors.first }
        let ordered = errors.enumerated().sorted { a, b in
            let left = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let right = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return left != right ? left < right : a.offset < b.offset
        }
        return .several(ordered.map(\.element))
    }

    /// The errors this one holds: those of `several`, else this one.
    public var errors: [LetterpressError] {
        if case let .several(errors) = self { return errors.flatMap(\.errors) }
        return [self]
    }

    /// The message, its control characters written as escapes (`Excerpt`), whatever it quotes;
    /// a line for each of `several`.
    public var description: String {
        errors.map { Excerpt.cleaned($0.text) }.joined(separator: "\n")
    }

    /// The message, as `description` gives it, for `localizedDescription`.
    public var errorDescription: String? { description }

    private var text: String {
        guard let file = sourceFile else { return message }
        return "\(file):\(location.map { "\($0):" } ?? "") \(message)"
    }

    /// The note, theme or string table the error is in; nil for one that belongs to no file,
    /// or only to an output.
    public var sourceFile: String? {
        switch self {
        case let .unreadableInput(file, _), let .invalidArchive(file, _, _), let .invalidFrontMatter(file, _, _),
             let .invalidTheme(file, _, _), let .invalidStringTable(file, _, _), let .strictWarnings(file, _):
            return file
        case .unknownTheme, .invalidOption, .outputFailed: return nil
        case let .several(errors): return errors.first?.sourceFile
        }
    }

    /// Where in `sourceFile` the error is, when it has one place.
    public var location: SourceLocation? {
        switch self {
        case let .invalidArchive(_, location, _), let .invalidFrontMatter(_, location, _), let .invalidTheme(_, location, _),
             let .invalidStringTable(_, location, _):
            return location
        case let .several(errors): return errors.first?.location
        default: return nil
        }
    }

    /// What is wrong, without `sourceFile` and `location`.
    public var message: String {
        switch self {
        case let .unreadableInput(_, reason): return reason
        case let .invalidFrontMatter(_, _, message): return "front matter: \(message)"
        case let .invalidArchive(_, _, message), let .invalidTheme(_, _, message), let .invalidStringTable(_, _, message): return message
        case let .unknownTheme(name, known):
            return "unknown theme \(Excerpt.quoted(name)) (known themes: \(known.joined(separator: ", ")))"
        case let .invalidOption(_, message): return message
        case let .outputFailed(file, reason): return "\(file): cannot write: \(reason)"
        case let .strictWarnings(_, warnings):
            return "failed with \(OptionWords.strict): \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        case let .several(errors):
            return (errors.first?.message ?? "") + " (and \(errors.count - 1) more error\(errors.count == 2 ? "" : "s"))"
        }
    }
}
