import Foundation

/// A problem that does not stop rendering, such as a missing image.
public struct Warning: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation?
    public var message: String

    public init(file: String, location: SourceLocation? = nil, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file:line:column: warning: message`, its control characters written as escapes
    /// (`Excerpt`), whatever a message quotes.
    public var description: String {
        Excerpt.cleaned(location.map { "\(file):\($0): warning: \(message)" } ?? "\(file): warning: \(message)")
    }

    /// `warnings` in the order of the file, those without a place first; warnings at one place
    /// keep their order. Parsing and styling find them at different times.
    static func inFileOrder(_ warnings: [Warning]) -> [Warning] {
        warnings.enumerated().sorted { a, b in
            let left = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let right = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}
