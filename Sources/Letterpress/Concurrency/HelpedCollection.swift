import Foundation

/// The one place where collecting blocks meets a second thread. This thread collects a stream's
/// blocks as they arrive; once the stream's parser is done, its thread lays out runs of blocks
/// from the document's end (`BackRuns`), which this thread takes over when it reaches them.
/// `Collector` itself lays out the blocks it is given and knows nothing of threads.
///
/// The contract with the helper:
/// - it opens font faces only between two of this thread's steps (`FaceOpening`), because
///   Cairo 1.16 and FreeType crash when a face opens or closes while another thread lays out;
/// - it holds `gate` while it lays out, and pages are drawn only when this thread can take it;
/// - it lays out at most `sliceBudget` lines, which wait in memory until this thread gets there;
/// - its runs join this thread's collector through `Collector.absorb`, which must give what one
///   collector given every block would have given (SplitCollectTests compare the two).
struct HelpedCollection {
    /// Some 40 pages: a long document's pages must not all wait.
    var sliceBudget = 2000
    /// Whether this thread lays out nothing until the helper has opened its fonts or stood
    /// aside, for tests whose helper must not lose the race for the blocks.
    var waitsForHelper = false
    /// Time from the helper's start (its font map included) to the end of the last run it laid
    /// out, and time this thread waited for that run.
    private(set) var helperSeconds = 0.0
    private(set) var waitingSeconds = 0.0

    /// Lays out the stream's blocks with `collector` as they arrive, then its footnotes, and
    /// hands the slices laid out, with the container bands they open, to `handOff` after every
    /// few blocks; returns the stream's ending, and closes the stream.
    @discardableResult
    mutating func collect(
        _ stream: StyledBlockStream, with collector: inout Collector, column: Column, gate: HelperGate = HelperGate(),
        handOff: (_ slices: [Slice], _ containers: ArraySlice<ContainerBand>) throws -> Void
    ) rethrows -> StyledBlockStream.Ending {
        defer { stream.close() }
        let faces = FaceOpening(waitsForHelper: stream.concurrent && waitsForHelper)
        let backRuns = BackRuns(gate: gate, faces: faces, sliceBudget: sliceBudget)
        if stream.concurrent {
            let settings = collector
            stream.offerHelp { stream in
                backRuns.collect(from: stream, like: settings, column: column)
            }
        }
        while try faces.step({
            let blocks = stream.take()
            guard !blocks.isEmpty else { return false }
            collector.collect(blocks, column: column, context: Collector.Context(paragraph: collector.theme.body))
            try handOff(collector.takeSlices(), collector.newContainers())
            return true
        }) {}
        let (runs, seconds) = Timings.measure(&waitingSeconds) {
            faces.finish()
            return backRuns.take(stream.runsTakenFromBack)
        }
        helperSeconds = seconds
        for run in runs.reversed() {
            collector.absorb(run)
            try handOff(collector.takeSlices(), collector.newContainers())
        }
        let ending = stream.end
        if !ending.footnotes.isEmpty { collector.collectFootnotes(ending.footnotes, column: column) }
        try handOff(collector.takeSlices(), collector.newContainers())
        return ending
    }
}
