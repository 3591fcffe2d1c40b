import Foundation
import LetterpressCore
import LetterpressMarkup

/// The shipped default theme at scale 1, resolved on a thread of its own while the command line is
/// read (see `StartUpWarmUp`): some 3M instructions from its compiled spec
/// (`ThemeSpec.compiledDefault`), off the main thread. The default theme extends none (a test
/// checks), so what it resolves to depends on that spec alone, and a loader whose search paths
/// hold a `default.yaml` of their own never takes it.
package enum PreparedDefaultTheme {
    static let source = ThemeSource.shipped("default")
    private enum State {
        case absent, loading
        case loaded((theme: Theme, warnings: [Warning])?)

        var isLoading: Bool {
            if case .loading = self { true } else { false }
        }
    }
    private static let state = WaitableState(State.absent)

    /// Starts loading the theme, once per process. It counts as loading from now on, so that
    /// a `result()` asked before the thread runs waits for it rather than loading it twice.
    package static func start() {
        let starts = state.update { state -> Bool in
            guard case .absent = state else { return false }
            state = .loading
            return true
        }
        guard starts else { return }
        let running = DetachedThread.start(stackSize: 8 << 20) {
            finish(try? ThemeLoader(searchPaths: []).load(source, scale: 1))
        }
        if !running { finish(nil) }
    }

    private static func finish(_ result: (theme: Theme, warnings: [Warning])?) {
        state.update { $0 = .loaded(result) }
    }

    /// The loaded theme, once its load has finished; nil if none began or it failed (whoever
    /// asked then loads the theme and reports why it fails).
    static func result() -> (theme: Theme, warnings: [Warning])? {
        state.wait(until: { !$0.isLoading }) { state in
            if case let .loaded(result) = state { return result }
            return nil
        }
    }
}
