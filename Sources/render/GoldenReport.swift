import Foundation
import Letterpress

/// What a golden check of one note says, and its exit status (0 match or updated, 1 differs or
/// failed, 2 cannot compare): kept rather than printed, so that a worker process can hand it to
/// the batch, which prints each note's lines together.
struct GoldenReport: Codable {
    struct Line: Codable {
        /// Standard error's, else standard output's.
        var isError: Bool
        var text: String
    }

    var status: Int32 = 0
    var lines: [Line] = []
    /// Problems of the machine, which the batch prints once per run rather than in each note's lines.
    var installation: [Diagnostic] = []

    mutating func error(_ text: String) { lines.append(Line(isError: true, text: text)) }

    /// Each of `warnings` as a line in `format`, those about the installation kept apart.
    mutating func warnings(_ warnings: [Warning], format: DiagnosticFormat) {
        for warning in warnings {
            if warning.isAboutInstallation { installation.append(Diagnostic(warning)) } else { error(format.line(Diagnostic(warning))) }
        }
    }

    mutating func output(_ text: String) { lines.append(Line(isError: false, text: text)) }

    /// Prints the lines, each to its stream, in their order.
    func print() {
        for line in lines {
            if line.isError { Console.error(line.text) } else { Swift.print(line.text) }
        }
    }
}
