import Foundation
import LetterpressCore

/// A document's styled blocks, handed from the thread that parses and styles them to the one
/// that typesets them, which can start on the first blocks while the rest are parsed.
///
/// Once the parser has sent everything, its thread can help: the typesetting thread takes
/// blocks a few at a time from the front, and the helper takes runs of blocks from the back
/// until the two meet (see `help` and `takeFromBack`).
///
/// The parser waits while `capacity` blocks are untaken, so that a long document is not held
/// all at once, styled, while its pages are laid out and written.
/// Unchecked: `concurrent` is set before either side starts, and never again; the rest is
/// `queue`'s.
package final class StyledBlockStream: @unchecked Sendable {
    /// What arrives at the end: the footnotes (referenced anywhere, so known only then) and
    /// the warnings of parsing and styling.
    package struct Ending {
        package var footnotes: [StyledFootnote]
        package var warnings: [Warning]
        package var parseSeconds = 0.0
        package var styleSeconds = 0.0

        package init(footnotes: [StyledFootnote], warnings: [Warning], parseSeconds: Double = 0, styleSeconds: Double = 0) {
            self.footnotes = footnotes
            self.warnings = warnings
            self.parseSeconds = parseSeconds
            self.styleSeconds = styleSeconds
        }
    }

    /// Whether another thread parses and styles while the blocks are typeset (set before
    /// either side starts).
    package var concurrent: Bool
    /// The block-level look of the theme the blocks were styled with.
    package let layout: LayoutStyle

    private struct Queue {
        /// Blocks sent and not yet taken: the front is `pending[front...]`.
        var pending: [StyledBlock] = []
        var front = 0
        var ending: Ending?
        var helper = Helper.undecided
        var backRuns = 0
        var closed = false
        var waitingSeconds = 0.0
        var sendingWaitSeconds = 0.0
        var sendingWaits = 0

        var untakenCount: Int { pending.count - front }
        var isUndecided: Bool {
            if case .undecided = helper { true } else { false }
        }
    }
    private enum Helper {
        case undecided
        case offered((StyledBlockStream) -> Void)
        case declined
    }
    private let queue = WaitableState(Queue())
    /// Time the consumer spent waiting for blocks, which is no work of its own.
    package var waitingSeconds: Double { queue.read(\.waitingSeconds) }
    /// Time the producer spent waiting for room, and how many times it waited.
    package var sendingWaitSeconds: Double { queue.read(\.sendingWaitSeconds) }
    package var sendingWaits: Int { queue.read(\.sendingWaits) }

    /// Blocks the front takes at a time: few, so that the back can take the rest as soon as
    /// the parser is done and pages are written as soon as they are laid out, but enough that
    /// the lock is not taken per block.
    package static let frontBatch = 4

    /// Untaken blocks at most, while the parser is running: about a hundred pages of prose,
    /// so that a book's back is there for the helper to lay out (see `ParagraphsAhead`).
    package let capacity: Int
    package static let defaultCapacity = 1024

    /// A stream already holding all of `blocks`.
    package init(blocks: [StyledBlock], ending: Ending, layout: LayoutStyle) {
        queue.update {
            $0.pending = blocks
            $0.ending = ending
        }
        self.layout = layout
        concurrent = false
        capacity = .max
    }

    /// An empty stream, which another thread fills with `send` and ends with `finish`.
    package init(layout: LayoutStyle, capacity: Int = defaultCapacity) {
        self.layout = layout
        precondition(capacity > 0, "a stream that holds no block never takes one")
        concurrent = true
        self.capacity = capacity
    }

    /// Adds `blocks` at the back, once fewer than `capacity` are untaken (or the consumer has
    /// closed the stream) on a `concurrent` stream; at once on the other, whose consumer
    /// runs after the producer on the same thread.
    package func send(_ blocks: [StyledBlock]) {
        guard !blocks.isEmpty else { return }
        let capacity = capacity
        let waits = concurrent
        func hasRoom(_ queue: Queue) -> Bool { !waits || queue.closed || queue.untakenCount < capacity }
        var start: Double?
        if !queue.read(hasRoom) {
            start = Timings.now()
        }
        queue.wait(until: hasRoom) { queue in
            if let start {
                queue.sendingWaitSeconds += Timings.now() - start
                queue.sendingWaits += 1
            }
            queue.pending += blocks
        }
    }

    package func finish(_ ending: Ending) {
        queue.update { $0.ending = ending }
    }

    /// The next few blocks from the front, waiting for some; empty once the stream is finished
    /// and every block has been taken.
    package func take() -> [StyledBlock] {
        func ready(_ queue: Queue) -> Bool { queue.untakenCount > 0 || queue.ending != nil }
        let start = queue.read(ready) ? nil : Timings.now()
        return queue.wait(until: ready) { queue in
            if let start { queue.waitingSeconds += Timings.now() - start }
            let end = min(queue.front + Self.frontBatch, queue.pending.count)
            let taken = Array(queue.pending[queue.front..<end])
            queue.front = end
            // Drops taken blocks now and then rather than on every take, which would copy the
            // rest: at most 256 are kept, however many wait.
            if queue.front > 256 {
                queue.pending.removeFirst(queue.front)
                queue.front = 0
            }
            return taken
        }
    }

    /// Once the stream is finished and at least `minimum` blocks are left untaken: the last half
    /// of them (rounded up), at most `maximum`. Nil otherwise.
    package func takeFromBack(atMost maximum: Int, ifAtLeast minimum: Int) -> [StyledBlock]? {
        queue.update { queue in
            let left = queue.untakenCount
            guard queue.ending != nil, !queue.closed, left >= max(minimum, 1) else { return nil }
            let start = queue.pending.count - min(maximum, (left + 1) / 2)
            defer { queue.pending.removeSubrange(start...) }
            queue.backRuns += 1
            return Array(queue.pending[start...])
        }
    }

    /// The blocks not taken yet, once the stream is finished (empty before, and once closed).
    package func untaken() -> [StyledBlock] {
        queue.read { queue in
            guard queue.ending != nil, !queue.closed else { return [] }
            return Array(queue.pending[queue.front...])
        }
    }

    /// How many runs `takeFromBack` has handed out: final once `take` has returned nothing.
    package var runsTakenFromBack: Int {
        queue.read(\.backRuns)
    }

    /// Sets the work the producing thread does once it has sent everything (see `help`).
    package func offerHelp(_ work: @escaping (StyledBlockStream) -> Void) {
        queue.update { queue in
            if queue.isUndecided { queue.helper = .offered(work) }
        }
    }

    /// Tells the producing thread that no work will be offered, unless some already was, and
    /// hands out no more runs from the back: the consumer calls it when it is done or fails, so
    /// that `help` never waits for nothing, nor goes on working for nobody.
    package func close() {
        queue.update { queue in
            queue.closed = true
            if queue.isUndecided { queue.helper = .declined }
        }
    }

    /// Whether the consumer is done or has failed (see `close`).
    package var isClosed: Bool {
        queue.read(\.closed)
    }

    /// Called by the producing thread after `finish`: waits until the consumer offers work or
    /// declines, and does the work. Does nothing on a stream that is not `concurrent`, whose
    /// consumer runs after the producer on the same thread.
    package func help() {
        guard concurrent else { return }
        let offered = queue.wait(until: { !$0.isUndecided }) { queue in
            defer { queue.helper = .declined }
            return queue.helper
        }
        if case let .offered(work) = offered { work(self) }
    }

    /// The footnotes and warnings, once `take` has returned nothing.
    package var end: Ending {
        queue.read { $0.ending ?? Ending(footnotes: [], warnings: []) }
    }
}
