import Foundation

/// Times a rendering's steps into `Timings`, each step measured once around its code. A step's
/// time excludes what is measured within it (a nested step, or drawing reported by the output),
/// which counts in its own row alone, so the rows add up to the time spent on this thread.
final class StepClock {
    private(set) var timings = Timings()
    /// The rows of the steps under way, innermost last.
    private var open: [WritableKeyPath<Timings, Double>] = []

    func measure<T>(_ row: WritableKeyPath<Timings, Double>, _ step: () throws -> T) rethrows -> T {
        let start = Timings.now()
        open.append(row)
        defer {
            open.removeLast()
            add(Timings.now() - start, to: row)
        }
        return try step()
    }

    /// Adds `seconds` of this thread's time measured elsewhere to `row`, taking them from the
    /// step under way.
    func add(_ seconds: Double, to row: WritableKeyPath<Timings, Double>) {
        timings[keyPath: row] += seconds
        if let step = open.last { timings[keyPath: step] -= seconds }
    }

    /// Counts the layouts made to find page numbers.
    func count(layouts: Int) {
        timings.measureLayouts += layouts
    }

    /// Adds what typesetting measured: its rows of this thread's time are taken from the step
    /// under way, and those of the second thread's (`parseBeside`, …), which ran beside it, not.
    func add(_ measured: Timings) {
        let own = measured.theme + measured.parse + measured.style + measured.typeset + measured.waiting
            + measured.draw + measured.write + measured.measure
        timings = timings + measured
        if let step = open.last { timings[keyPath: step] -= own }
    }
}
