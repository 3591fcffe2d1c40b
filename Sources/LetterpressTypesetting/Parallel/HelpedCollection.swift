import Foundation
import LetterpressCore
import LetterpressStyling

/// The one place where collecting blocks meets a second thread. This thread collects a stream's
/// blocks as they arrive; once the stream's parser is done, its thread takes runs of blocks
/// from the document's end and lays out their headings and paragraphs (`ParagraphsAhead`), and
/// this thread collects those runs when it reaches them, with the lines already laid out.
/// `Collector` knows nothing of threads: it is handed lines of paragraphs set as it would set
/// them (`ParagraphSetting`), takes them only when they are, and keeps all its state on this
/// thread.
///
/// The contract with the helper:
/// - it opens the font faces of the texts it lays out before it starts, and only between two
///   of this thread's steps (`FaceOpening`), because Cairo 1.16 and FreeType crash when a face
///   opens or closes while another thread lays out;
/// - it holds `gate` while it lays out, and pages are drawn only when this thread can take it;
/// - it lays out at most `lineBudget` lines, which wait in memory until this thread gets there.
struct HelpedCollection {
    /// Some 40 pages: a long document's pages must not all wait.
    var lineBudget = 2000
    /// Whether this thread lays out nothing until the helper has opened its fonts or stood
    /// aside, for tests whose helper must not lose the race for the blocks.
    var waitsForHelper = false
    /// Time from the helper's start (its font map included) to the end of the last run it laid
    /// out, and time this thread waited for that run.
    private(set) var helperSeconds = 0.0
    private(set) var waitingSeconds = 0.0
    /// Footnotes set at the foot of their pages, left out at the end.
    var footnotesOnPages: Set<Int> = []

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
        let ahead = ParagraphsAhead(gate: gate, faces: faces, lineBudget: lineBudget)
        if stream.concurrent {
            let styles = collector.styles
            stream.offerHelp { stream in
                ahead.layOut(from: stream, styles: styles, column: column)
            }
        }
        while try faces.step({
            let blocks = stream.take()
            guard !blocks.isEmpty else { return false }
            collector.collect(blocks, column: column)
            try handOff(collector.takeSlices(), collector.newContainers())
            return true
        }) {}
        let (runs, seconds) = Timings.measure(&waitingSeconds) {
            faces.finish()
            return ahead.take(stream.runsTakenFromBack)
        }
        helperSeconds = seconds
        for run in runs.reversed() {
            collector.collect(run.blocks, column: column, ahead: run.laidOut)
            try handOff(collector.takeSlices(), collector.newContainers())
        }
        let ending = stream.end
        let footnotes = ending.footnotes.filter { !footnotesOnPages.contains($0.number) }
        if !footnotes.isEmpty { collector.collectFootnotes(footnotes, column: column) }
        try handOff(collector.takeSlices(), collector.newContainers())
        return ending
    }
}
