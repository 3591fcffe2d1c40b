import Foundation
import Letterpress

/// The `--timings` table.
extension Timings {
    /// Phases summed over every input, as seconds and shares of the total. Parsing, styling
    /// and typesetting on the second thread are shown but not counted: the total is the main
    /// thread's, which waited for them only as long as `waiting` says.
    func table(startup: Double) -> String {
        let rows = phases(startup: startup)
        let total = rows.filter { !$0.onSecondThread }.map(\.seconds).reduce(0, +)
        func label(_ name: String) -> String { "  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) }
        let lines = rows.map { name, seconds, onSecondThread in
            label(name) + String(format: "%8.1f ms ", seconds * 1000)
                + (onSecondThread ? "  second thread" : String(format: "%5.1f%%", total > 0 ? seconds / total * 100 : 0))
        }
        // A note with a table of contents or `{page:#…}` is laid out more than once.
        let layouts = measureLayouts > 0 ? [label("layouts") + String(format: "%8d", measureLayouts)] : []
        return (["timings:"] + lines + [label("total") + String(format: "%8.1f ms", total * 1000)] + layouts).joined(separator: "\n")
    }

    private func phases(startup: Double) -> [(name: String, seconds: Double, onSecondThread: Bool)] {
        var phases: [(name: String, seconds: Double, onSecondThread: Bool)] = [("start-up", startup, false), ("theme", theme, false)]
        let beside = parseBeside + styleBeside > 0
        // Parsing on this thread is at least reading and decoding the file.
        phases.append(("parse", parse, false))
        if style > 0 || !beside { phases.append(("style", style, false)) }
        if beside { phases += [("parse", parseBeside, true), ("style", styleBeside, true)] }
        if measureLayouts > 0 { phases.append(("measure", measure, false)) }
        phases.append(("typeset", typeset, false))
        if typesetBeside > 0 { phases.append(("typeset", typesetBeside, true)) }
        if beside { phases.append(("waiting", waiting, false)) }
        phases += [("draw", draw, false), ("write", write, false)]
        return phases
    }
}
