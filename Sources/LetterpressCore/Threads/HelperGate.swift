import Foundation

/// Held by the thread that lays out runs from the end of a document while it does: the other
/// thread draws pages only when it can take it, because Cairo 1.16 and FreeType crash or
/// deadlock when one thread draws while another lays out text (see `BatchRunner`).
/// Unchecked: its one state is `lock`.
package final class HelperGate: @unchecked Sendable {
    private let lock = NSLock()

    package init() {}

    /// Runs `body` if no run is being laid out; returns whether it ran.
    package func ifIdle(_ body: () throws -> Void) rethrows -> Bool {
        guard lock.try() else { return false }
        defer { lock.unlock() }
        try body()
        return true
    }

    /// Runs `body` once no run is being laid out, and keeps runs from starting meanwhile.
    package func whenIdle<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
