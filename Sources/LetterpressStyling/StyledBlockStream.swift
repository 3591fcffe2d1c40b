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
/// Unchecked: the queue, its ending and its flags are read and written under `condition` only.
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

    private let condition = NSCondition()
    /// Blocks sent and not yet taken: the front is `pending[front...]`.
    private var pending: [StyledBlock] = []
    private var front = 0
    private var ending: Ending?
    private var helper = Helper.undecided
    private enum Helper {
        case undecided
        case offered((StyledBlockStream) -> Void)
        case declined
    }
    private var backRuns = 0
    private var closed = false
    /// Time the consumer spent waiting for blocks, which is no work of its own.
    package private(set) var waitingSeconds = 0.0
    /// Time the producer spent waiting for room, and how many times it waited.
    package private(set) var sendingWaitSeconds = 0.0
    package private(set) var sendingWaits = 0

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
        pending = blocks
        self.layout = layout
        self.ending = ending
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
        condition.lock()
        if concurrent && !closed && pending.count - front >= capacity {
            let start = Timings.now()
            while concurrent && !closed && pending.count - front >= capacity { condition.wait() }
            sendingWaitSeconds += Timings.now() - start
            sendingWaits += 1
        }
        pending += blocks
        condition.broadcast()
        condition.unlock()
    }

    package func finish(_ ending: Ending) {
        condition.lock()
        self.ending = ending
        condition.broadcast()
        condition.unlock()
    }

    /// The next few blocks from the front, waiting for some; empty once the stream is finished
    /// and every block has been taken.
    package func take() -> [StyledBlock] {
        condition.lock()
        defer { condition.unlock() }
        if front == pending.count && ending == nil {
            let start = Timings.now()
            while front == pending.count && ending == nil { condition.wait() }
            waitingSeconds += Timings.now() - start
        }
        let end = min(front + Self.frontBatch, pending.count)
        if end > front && pending.count - front >= capacity { condition.broadcast() }
        defer {
            front = end
            // Drops taken blocks now and then rather than on every take, which would copy the
            // rest: at most 256 are kept, however many wait.
            if front > 256 {
                pending.removeFirst(front)
                front = 0
            }
        }
        return Array(pending[front..<end])
    }

    /// Once the stream is finished and at least `minimum` blocks are left untaken: the last half
    /// of them (rounded up), at most `maximum`. Nil otherwise.
    package func takeFromBack(atMost maximum: Int, ifAtLeast minimum: Int) -> [StyledBlock]? {
        condition.lock()
        defer { condition.unlock() }
        let left = pending.count - front
        guard ending != nil, !closed, left >= max(minimum, 1) else { return nil }
        let start = pending.count - min(maximum, (left + 1) / 2)
        defer { pending.removeSubrange(start...) }
        backRuns += 1
        return Array(pending[start...])
    }

    /// The blocks not taken yet, once the stream is finished (empty before, and once closed).
    package func untaken() -> [StyledBlock] {
        condition.lock()
        defer { condition.unlock() }
        guard ending != nil, !closed else { return [] }
        return Array(pending[front...])
    }

    /// How many runs `takeFromBack` has handed out: final once `take` has returned nothing.
    package var runsTakenFromBack: Int {
        condition.lock()
        defer { condition.unlock() }
        return backRuns
    }

    /// Sets the work the producing thread does once it has sent everything (see `help`).
    package func offerHelp(_ work: @escaping (StyledBlockStream) -> Void) {
        condition.lock()
        if case .undecided = helper { helper = .offered(work) }
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the producing thread that no work will be offered, unless some already was, and
    /// hands out no more runs from the back: the consumer calls it when it is done or fails, so
    /// that `help` never waits for nothing, nor goes on working for nobody.
    package func close() {
        condition.lock()
        closed = true
        if case .undecided = helper { helper = .declined }
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the consumer is done or has failed (see `close`).
    package var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// Called by the producing thread after `finish`: waits until the consumer offers work or
    /// declines, and does the work. Does nothing on a stream that is not `concurrent`, whose
    /// consumer runs after the producer on the same thread.
    package func help() {
        guard concurrent else { return }
        condition.lock()
        while case .undecided = helper { condition.wait() }
        let offered = helper
        helper = .declined
        condition.unlock()
        if case let .offered(work) = offered { work(self) }
    }

    /// The footnotes and warnings, once `take` has returned nothing.
    package var end: Ending {
        condition.lock()
        defer { condition.unlock() }
        return ending ?? Ending(footnotes: [], warnings: [])
    }
}
