import Foundation

/// A value threads share and wait on: the one way the package waits for another thread. Every
/// read and change of the value happens under its lock, and every change wakes the threads
/// waiting on it, which then look at the value again; a thread waits for a condition of the
/// value, never for a signal, so no wake-up is lost.
///
/// A value guarded without waiting is a `Mutex` (Synchronization); whole renderings take turns
/// through `FontWork`.
/// Unchecked: `value` is read and written under `condition` only.
package final class WaitableState<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// What `body` reads of the value, under the lock.
    package func read<T>(_ body: (Value) throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body(value)
    }

    /// Changes the value under the lock, and wakes the threads waiting on it.
    @discardableResult
    package func update<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready` holds of the value, then runs `body` on it under the same lock, and
    /// wakes the threads waiting on it.
    @discardableResult
    package func wait<T>(until ready: (Value) -> Bool, then body: (inout Value) throws -> T) rethrows -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !ready(value) { condition.wait() }
        return try body(&value)
    }

    /// Waits until `ready` holds of the value or `deadline` passes; returns whether it holds.
    package func wait(until ready: (Value) -> Bool, deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !ready(value) {
            guard condition.wait(until: deadline) else { return ready(value) }
        }
        return true
    }
}
