/// Why a diagram cannot be drawn: what went wrong, and the line of the diagram's source it went
/// wrong on (1 is the fence's first line), where there is one.
package struct DiagramError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var line: Int?

    package init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    package var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}
