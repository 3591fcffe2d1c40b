import Foundation

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

    mutating func error(_ text: String) { lines.append(Line(isError: true, text: text)) }

    mutating func output(_ text: String) { lines.append(Line(isError: false, text: text)) }

    /// Prints the lines, each to its stream, in their order.
    func print() {
        for line in lines {
            if line.isError { Console.error(line.text) } else { Swift.print(line.text) }
        }
    }
}
