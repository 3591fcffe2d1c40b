import CPangoCairo
import Foundation
import LetterpressCore
import LetterpressStyling
import Yams

/// Loads, on a thread of its own, what every rendering needs whatever its command line says,
/// so that the work overlaps reading the command line, the note and the theme:
/// - Yams' resolver for front matter and themes, whose regular expression is the process's
///   first and starts ICU (some 8M instructions, 2 ms); front matter waits for it if need be.
/// - fontconfig's configuration and font caches (4 ms with a warm cache, far more with a cold
///   one). Whatever calls fontconfig first waits for it. Without it, Pango's own loading
///   thread and the first fontconfig call on the main thread each built a configuration, and
///   the main thread waited for its own.
/// - on another thread, the shipped default theme (see `PreparedDefaultTheme`).
package enum StartUpWarmUp {
    private static let condition = NSCondition()
    /// Unchecked, with `finished`: read and written under `condition` only.
    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var finished = false

    /// Starts loading, once per process; later calls do nothing. Without `fontconfig` (for
    /// isolated fonts, whose configuration replaces the system's), only the resolver loads.
    package static func start(fontconfig: Bool = true) {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return }
        started = true
        let running = DetachedThread.start(stackSize: 512 << 10) {
            // First, as the front matter needs it before any font is looked up.
            _ = Resolver.stringsAndMerges
            if fontconfig { FcInit() }
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        if !running { finished = true }
        PreparedDefaultTheme.start()
    }

    /// Returns once a load `start` began has finished (at once if none began).
    static func wait() {
        condition.lock()
        defer { condition.unlock() }
        while started && !finished { condition.wait() }
    }
}
