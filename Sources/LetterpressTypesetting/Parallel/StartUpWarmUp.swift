import CPangoCairo
import Foundation
import LetterpressCore
import LetterpressStyling

/// Loads, on a thread of its own, what every rendering needs whatever its command line says,
/// so that the work overlaps reading the command line, the note and the theme:
/// - fontconfig's configuration and font caches (4 ms with a warm cache, far more with a cold
///   one). Whatever calls fontconfig first waits for it. Without it, Pango's own loading
///   thread and the first fontconfig call on the main thread each built a configuration, and
///   the main thread waited for its own.
/// - on another thread, the shipped default theme (see `PreparedDefaultTheme`).
package enum StartUpWarmUp {
    private struct Progress {
        var started = false
        var finished = false
    }
    private static let progress = WaitableState(Progress())

    /// Starts loading, once per process; later calls do nothing. Without `fontconfig` (for
    /// isolated fonts, whose configuration replaces the system's), only the default theme loads.
    package static func start(fontconfig: Bool = true) {
        progress.update { progress in
            guard !progress.started else { return }
            progress.started = true
            let running = fontconfig && DetachedThread.start(stackSize: 512 << 10) {
                FcInit()
                Self.progress.update { $0.finished = true }
            }
            if !running { progress.finished = true }
            PreparedDefaultTheme.start()
        }
    }

    /// Returns once a load `start` began has finished (at once if none began).
    static func wait() {
        progress.wait(until: { !$0.started || $0.finished }) { _ in }
    }
}
