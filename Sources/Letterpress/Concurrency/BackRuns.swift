import Foundation

/// The runs of blocks a helper thread collected from the end of a stream, in the order it took
/// them: the document's last run first. The helper holds the gate while it lays them out, and
/// keeps nothing of them once it lets it go, so the main thread may use the runs' layouts (and
/// their font map) once it has them.
final class BackRuns: @unchecked Sendable {
    private let gate: HelperGate
    private let faces: FaceOpening
    /// The lines (slices) the helper lays out at most.
    private let sliceBudget: Int
    private let condition = NSCondition()
    private var runs: [Collector] = []
    private var finished = false
    /// From the helper's start to its last run's end.
    private var seconds = 0.0

    /// Blocks the helper takes at a time, at most; the blocks that must be left for it to
    /// start (below that, the front is done before a second font map and its faces would be
    /// ready); and those that must still be left once they are.
    static let runLength = 16
    static let minimumToStart = 64
    static let minimumOnceReady = 32

    init(gate: HelperGate, faces: FaceOpening, sliceBudget: Int) {
        self.gate = gate
        self.faces = faces
        self.sliceBudget = sliceBudget
    }

    /// Run on the stream's producing thread once it is done: takes runs of blocks from the back
    /// and lays each out with a collector of its own, like `settings`, until the front is near
    /// or the budget is spent.
    func collect(from stream: StyledBlockStream, like settings: Collector, column: Column) {
        let start = Timings.now()
        gate.whenIdle {
            layOutRuns(from: stream, like: settings, column: column, start: start)
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func layOutRuns(from stream: StyledBlockStream, like settings: Collector, column: Column, start: Double) {
        var fonts: FontContext?
        var needed: [OpaquePointer] = []
        // Dropping fonts whose faces were opened may close faces: not while the main thread lays out.
        defer {
            faces.letGo {
                FontFaces.release(needed)
                fonts = nil
            }
        }
        let untaken = stream.untaken()
        guard untaken.count >= Self.minimumToStart else { return }
        fonts = FontContext()
        needed = FontFaces.fonts(for: settings.texts(of: untaken), in: fonts!)
        guard faces.open({ FontFaces.holdOpen(needed) }) else { return }
        var previous: Collector?
        var slices = 0
        while slices < sliceBudget,
              let blocks = stream.takeFromBack(atMost: Self.runLength,
                                               ifAtLeast: previous == nil ? Self.minimumOnceReady : 1) {
            // The runs share the helper's font map (Pango's serve one thread at a time), and
            // the list markers laid out with it.
            var run = previous?.following() ?? settings.midDocument(fonts: fonts!)
            run.collect(blocks, column: column, context: Collector.Context(paragraph: settings.theme.body))
            slices += run.slices.count
            previous = run
            condition.lock()
            runs.append(run)
            seconds = Timings.now() - start
            condition.unlock()
        }
    }

    /// The `count` runs taken from the back, once the helper is done with them (none are when
    /// `count` is 0), and the time it spent on them.
    func take(_ count: Int) -> (runs: [Collector], seconds: Double) {
        condition.lock()
        defer { condition.unlock() }
        while count > 0 && !finished { condition.wait() }
        defer { runs = [] }
        return (runs, seconds)
    }
}
