import Synchronization

/// Whether the rendering under way was cancelled: its task's cancellation, or, on the thread an
/// `async` rendering runs on (a thread of its own, outside every task), the flag its task's
/// cancellation handler sets. Checked between blocks and between pages, so that a cancelled
/// rendering stops within a page's work and writes nothing.
package enum Cancellation {
    /// The flag of the task that started the rendering on this thread.
    @TaskLocal private static var flag: Flag?

    /// Throws `CancellationError` when the rendering was cancelled.
    package static func check() throws {
        if Task.isCancelled || flag?.isSet == true { throw CancellationError() }
    }

    /// Runs `body` with `flag` as the rendering's cancellation.
    package static func checking<T>(_ flag: Flag, _ body: () throws -> T) rethrows -> T {
        try $flag.withValue(flag, operation: body)
    }

    /// Set once, from the cancelled task's handler; read by the rendering's thread.
    package final class Flag: Sendable {
        private let value = Atomic<Bool>(false)

        package init() {}

        package func set() { value.store(true, ordering: .releasing) }

        package var isSet: Bool { value.load(ordering: .acquiring) }
    }
}
