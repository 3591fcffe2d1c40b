import Foundation
import Letterpress

/// A warning or error of a run, as `--diagnostic-format` prints it: where it is (the note, a
/// theme or a string table, and the line and column when there are some) and what is wrong.
/// Codable: workers hand theirs to the batch, which prints them in the format asked for.
struct Diagnostic: Codable, Equatable {
    enum Severity: String, Codable {
        case warning, error
    }

    var severity: Severity
    /// The file the problem is in; nil for one that belongs to no file.
    var file: String?
    var location: SourceLocation?
    var message: String
    /// The warning's or error's code (`Warning.Code`, `LetterpressError.Code`); nil for a
    /// problem of the command itself, such as a worker that stopped.
    var code: String?
    /// A problem of the machine, not of a note: printed once per run, naming no file.
    var isAboutInstallation = false

    init(_ severity: Severity, file: String?, location: SourceLocation? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
    }

    init(_ warning: Warning) {
        self.init(.warning, file: warning.isAboutInstallation ? nil : warning.file, location: warning.location, message: warning.message)
        isAboutInstallation = warning.isAboutInstallation
        code = warning.code.rawValue
    }

    /// `error` of the rendering of `input`: one that names no source file (an unknown theme, an
    /// output that cannot be written) is the input's.
    init(_ error: LetterpressError, input: String) {
        self.init(.error, file: error.sourceFile ?? input, location: error.location, message: error.message)
        code = error.code.rawValue
    }

    /// A diagnostic for each of the errors `error` holds (`several`), in their order.
    static func all(_ error: LetterpressError, input: String) -> [Diagnostic] {
        error.errors.map { Diagnostic($0, input: input) }
    }
}
