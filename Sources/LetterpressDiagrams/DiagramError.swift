/// Why a diagram cannot be drawn: what went wrong, and the line of the diagram's source it went
/// wrong on (1 is the fence's first line), where there is one.
package struct DiagramError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var line: Int?
    /// Whether the machine is at fault (Graphviz cannot be loaded), not the diagram.
    package var isAboutInstallation: Bool

    package init(_ message: String, line: Int? = nil, isAboutInstallation: Bool = false) {
        self.message = message
        self.line = line
        self.isAboutInstallation = isAboutInstallation
    }

    package var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}
