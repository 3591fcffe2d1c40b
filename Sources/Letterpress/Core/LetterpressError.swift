import Foundation

/// An error that stops one document from rendering; its description names the file.
public enum LetterpressError: Error, Equatable, CustomStringConvertible {
    case unreadableInput(file: String, reason: String)
    case invalidFrontMatter(file: String, location: SourceLocation?, message: String)
    case invalidTheme(file: String, location: SourceLocation?, message: String)
    /// A string table (`--strings`, front matter `strings:`) that cannot be read.
    case invalidStringTable(file: String, location: SourceLocation?, message: String)
    case unknownTheme(name: String, known: [String])
    case invalidOption(String)
    case outputFailed(file: String, reason: String)
    case drawingFailed(file: String, reason: String)
    /// Warnings that `--strict` turns into a failure; nothing was written.
    case strictWarnings(file: String, warnings: [Warning])

    /// The message, its control characters written as escapes (`Excerpt`), whatever it quotes.
    public var description: String {
        Excerpt.cleaned(text)
    }

    private var text: String {
        switch self {
        case let .unreadableInput(file, reason): return "\(file): \(reason)"
        case let .invalidFrontMatter(file, location, message):
            return "\(file):\(location.map { "\($0):" } ?? "") front matter: \(message)"
        case let .invalidTheme(file, location, message), let .invalidStringTable(file, location, message):
            return "\(file):\(location.map { "\($0):" } ?? "") \(message)"
        case let .unknownTheme(name, known):
            return "unknown theme \(Excerpt.quoted(name)) (known themes: \(known.joined(separator: ", ")))"
        case let .invalidOption(message): return message
        case let .outputFailed(file, reason): return "\(file): cannot write: \(reason)"
        case let .drawingFailed(file, reason): return "\(file): \(reason)"
        case let .strictWarnings(file, warnings):
            return "\(file): failed with --strict: \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        }
    }
}
