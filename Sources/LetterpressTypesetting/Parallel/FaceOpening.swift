import Foundation

/// Keeps the main thread's layout apart from a helper's opening and closing of faces: the main
/// thread lays out in steps, and starts none while the helper opens or lets go of faces; once
/// it has finished its steps, the helper opens none, and the main thread waits for it to let
/// go of those it holds before laying out anything else.
/// Unchecked: every flag is read and written under `condition` only.
final class FaceOpening: @unchecked Sendable {
    private let condition = NSCondition()
    private var stepping = false
    private var busy = false
    private var holding = false
    private var finished = false
    private var decided: Bool

    /// With `waitsForHelper`, the first step waits for the helper to open its faces or stand
    /// aside (it must then be offered the stream's blocks).
    init(waitsForHelper: Bool = false) {
        decided = !waitsForHelper
    }

    /// Runs one step of the main thread's layout, once the helper is not busy with faces.
    func step<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        while busy || !decided { condition.wait() }
        stepping = true
        condition.unlock()
        defer {
            condition.lock()
            stepping = false
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// The helper's `open`, between two steps, unless the main thread has finished its steps;
    /// returns its result: whether the helper now holds faces open.
    func open(_ open: () -> Bool) -> Bool {
        exclusively { finished ? false : open() }
    }

    /// The helper's `close` (dropping its fonts), between two steps or after the last.
    func letGo(_ close: () -> Void) {
        _ = exclusively {
            close()
            return false
        }
    }

    private func exclusively(_ body: () -> Bool) -> Bool {
        condition.lock()
        busy = true
        while stepping { condition.wait() }
        condition.unlock()
        let holds = body()
        condition.lock()
        busy = false
        decided = true
        holding = holds
        condition.broadcast()
        condition.unlock()
        return holds
    }

    /// Called by the main thread after its last step: returns once the helper is neither busy
    /// with faces nor holding any.
    func finish() {
        condition.lock()
        finished = true
        while busy || holding { condition.wait() }
        condition.unlock()
    }
}
