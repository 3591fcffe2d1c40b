import Foundation
import LetterpressCore

/// Keeps the main thread's layout apart from a helper's opening and closing of faces: the main
/// thread lays out in steps, and starts none while the helper opens or lets go of faces; once
/// it has finished its steps, the helper opens none, and the main thread waits for it to let
/// go of those it holds before laying out anything else.
final class FaceOpening: Sendable {
    private struct Flags {
        var stepping = false
        var busy = false
        var holding = false
        var finished = false
        var decided: Bool
    }
    private let flags: WaitableState<Flags>

    /// With `waitsForHelper`, the first step waits for the helper to open its faces or stand
    /// aside (it must then be offered the stream's blocks).
    init(waitsForHelper: Bool = false) {
        flags = WaitableState(Flags(decided: !waitsForHelper))
    }

    /// Runs one step of the main thread's layout, once the helper is not busy with faces.
    func step<T>(_ body: () throws -> T) rethrows -> T {
        flags.wait(until: { !$0.busy && $0.decided }) { $0.stepping = true }
        defer { flags.update { $0.stepping = false } }
        return try body()
    }

    /// The helper's `open`, between two steps, unless the main thread has finished its steps;
    /// returns its result: whether the helper now holds faces open.
    func open(_ open: () -> Bool) -> Bool {
        exclusively { finished in finished ? false : open() }
    }

    /// The helper's `close` (dropping its fonts), between two steps or after the last.
    func letGo(_ close: () -> Void) {
        _ = exclusively { _ in
            close()
            return false
        }
    }

    /// Runs `body` between two steps (none starts meanwhile), telling it whether the main thread
    /// has finished its steps; what it returns is whether the helper holds faces open.
    private func exclusively(_ body: (_ finished: Bool) -> Bool) -> Bool {
        flags.update { $0.busy = true }
        let finished = flags.wait(until: { !$0.stepping }) { $0.finished }
        let holds = body(finished)
        flags.update {
            $0.busy = false
            $0.decided = true
            $0.holding = holds
        }
        return holds
    }

    /// Called by the main thread after its last step: returns once the helper is neither busy
    /// with faces nor holding any.
    func finish() {
        flags.update { $0.finished = true }
        flags.wait(until: { !$0.busy && !$0.holding }) { _ in }
    }
}
