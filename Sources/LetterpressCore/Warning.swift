import Foundation

/// A problem that does not stop rendering, such as a missing image.
public struct Warning: Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is, for a program to switch on; stable across releases.
    public var code: Code
    /// The file the problem is in, as messages name it: the note's path, `<markdown>` for a
    /// note given as a string, or a theme file.
    public var file: String
    /// Where in `file` the problem is; nil when it has no one place.
    public var location: SourceLocation?
    /// What is wrong, without the file and location.
    public var message: String
    /// What kind of problem this is, as a plural ("images that cannot be drawn"), so that a
    /// summary can count the rest; nil: warnings whose messages differ only in what they quote
    /// and in their numbers are of one kind. For people: one kind may span several codes
    /// ("problems in formulas"), and programs read `code`.
    public var kind: String?
    /// Whether the problem is the machine's rather than the note's (the code-colouring library
    /// cannot be loaded): `RenderOptions.strict` does not fail a note on it, and `render`
    /// reports it once per run.
    public var isAboutInstallation: Bool

    /// A warning about `file`.
    /// - Parameters:
    ///   - code: What kind of problem this is, for programs.
    ///   - file: The file the problem is in, as messages name it.
    ///   - location: Where in the file the problem is; nil when it has no one place.
    ///   - message: What is wrong.
    ///   - kind: What kind of problem this is, as a plural; nil to group it with warnings whose
    ///     messages differ only in what they quote and in their numbers.
    ///   - isAboutInstallation: Whether the problem is the machine's rather than the note's.
    public init(code: Code, file: String, location: SourceLocation? = nil, message: String, kind: String? = nil,
                isAboutInstallation: Bool = false) {
        self.code = code
        self.file = file
        self.location = location
        self.message = message
        self.kind = kind
        self.isAboutInstallation = isAboutInstallation
    }

    /// At most `limit` warnings of each kind (or one more), in the order given; the first past
    /// the limit becomes one line that counts them ("… and 719 more images that cannot be drawn"), at
    /// its place.
    package static func summarized(_ warnings: [Warning], limit: Int = 10) -> [Warning] {
        let keys = warnings.map(\.kindKey)
        var counts: [String: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        var seen: [String: Int] = [:]
        var kept: [Warning] = []
        for (warning, key) in zip(warnings, keys) {
            seen[key, default: 0] += 1
            let number = seen[key]!
            // One past the limit is shown as it is: its summary would take as much room.
            if number <= limit || counts[key]! == limit + 1 {
                kept.append(warning)
            } else if number == limit + 1 {
                let rest = counts[key]! - limit
                let what = warning.kind ?? "warnings like \(Excerpt.quoted(key))"
                kept.append(Warning(code: warning.code, file: warning.file, location: warning.location,
                                    message: "… and \(rest) more \(what), the first here", kind: warning.kind))
            }
        }
        return kept
    }

    /// The kind, or the message with what it quotes and its numbers left out.
    private var kindKey: String {
        if let kind { return kind }
        return message.replacingOccurrences(of: #"'[^']*'|"[^"]*"|[0-9]+"#, with: "…", options: .regularExpression)
    }

    /// `file:line:column: warning: message`, its control characters written as escapes
    /// (`Excerpt`), whatever a message quotes.
    public var description: String {
        Excerpt.cleaned(location.map { "\(file):\($0): warning: \(message)" } ?? "\(file): warning: \(message)")
    }

    /// `warnings` in the order of the file, those without a place first; warnings at one place
    /// keep their order. Parsing and styling find them at different times.
    package static func inFileOrder(_ warnings: [Warning]) -> [Warning] {
        warnings.enumerated().sorted { a, b in
            let left = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let right = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}
