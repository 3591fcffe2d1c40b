import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Runs of blocks a helper thread took from the end of a stream, in the order it took them
/// (the document's last run first), with their headings and paragraphs laid out (those at the
/// top, in quotes and in bullet lists: `ParagraphSetting.all`). The helper
/// holds the gate while it lays them out and keeps nothing of them once it lets it go.
final class ParagraphsAhead: Sendable {
    struct Run {
        var blocks: [StyledBlock]
        /// By path in `blocks` (see `ParagraphSetting.all`).
        var laidOut: [[Int]: LaidOutParagraph]
    }

    private let gate: HelperGate
    private let faces: FaceOpening
    /// The lines the helper lays out at most.
    private let lineBudget: Int
    private struct Progress {
        var runs: [Run] = []
        var finished = false
        /// From the helper's start to its last run's end.
        var seconds = 0.0
    }
    private let progress = WaitableState(Progress())

    /// Blocks the helper takes at a time, at most; the blocks that must be left for it to
    /// start (below that, the front is done before a second font map and its faces would be
    /// ready); and those that must still be left once they are.
    static let runLength = 16
    static let minimumToStart = 64
    static let minimumOnceReady = 32

    init(gate: HelperGate, faces: FaceOpening, lineBudget: Int) {
        self.gate = gate
        self.faces = faces
        self.lineBudget = lineBudget
    }

    /// Run on the stream's producing thread once it is done: takes runs of blocks from the back
    /// and lays out their headings and paragraphs as a collector with `theme` would in
    /// `column`, until the front is near or the budget is spent.
    func layOut(from stream: StyledBlockStream, styles: LayoutStyle, column: Column) {
        let start = Timings.now()
        gate.whenIdle {
            layOutRuns(from: stream, styles: styles, column: column, start: start)
        }
        progress.update { $0.finished = true }
    }

    private func layOutRuns(from stream: StyledBlockStream, styles: LayoutStyle, column: Column, start: Double) {
        let untaken = stream.untaken()
        guard untaken.count >= Self.minimumToStart else { return }
        // Each untaken block's headings and paragraphs, with their path inside it.
        var settings = Array(repeating: [(path: ArraySlice<Int>, setting: ParagraphSetting, source: ParagraphSource)](),
                             count: untaken.count)
        for (path, setting) in ParagraphSetting.all(in: untaken, styles: styles, column: column,
                                                    context: Collector.Context(paragraph: styles.body)) {
            settings[path[0]].append((path.dropFirst(), setting, setting.source()))
        }
        // Pango's font maps serve one thread at a time: the helper has its own, and opens the
        // faces of the very texts it will lay out before it starts.
        var fonts: FontContext? = FontContext()
        let needed = FontFaces.fonts(for: settings.joined().map(\.source.text), in: fonts!)
        // Dropping fonts whose faces were opened may close faces: not while the main thread lays out.
        defer {
            faces.letGo {
                FontFaces.release(needed)
                fonts = nil
            }
        }
        guard faces.open({ FontFaces.holdOpen(needed) }) else { return }
        var lines = 0
        var first = true
        while lines < lineBudget,
              let blocks = stream.takeFromBack(atMost: Self.runLength, ifAtLeast: first ? Self.minimumOnceReady : 1) {
            first = false
            // Only this thread takes from the back, so the run is the end of what was untaken.
            let runSettings = settings.suffix(blocks.count)
            settings.removeLast(blocks.count)
            var run = Run(blocks: blocks, laidOut: [:])
            for (index, paragraphs) in zip(blocks.indices, runSettings) {
                for (path, setting, source) in paragraphs {
                    let laidOut = LaidOutParagraph(source: source, lines: setting.lines(of: source, fonts: fonts!))
                    lines += laidOut.lines.count
                    run.laidOut[[index] + path] = laidOut
                }
            }
            progress.update {
                $0.runs.append(run)
                $0.seconds = Timings.now() - start
            }
        }
    }

    /// The `count` runs taken from the back, once the helper is done with them (none are when
    /// `count` is 0), and the time it spent on them.
    func take(_ count: Int) -> (runs: [Run], seconds: Double) {
        progress.wait(until: { count == 0 || $0.finished }) { progress in
            defer { progress.runs = [] }
            return (progress.runs, progress.seconds)
        }
    }
}
