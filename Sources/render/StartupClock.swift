import Foundation

/// How long the process took to get going before the command began its work: loading the
/// executable and its libraries, Swift's and Foundation's start-up, and reading the command line.
enum StartupClock {
    /// The main thread's CPU time so far, in seconds, to the nanosecond. Until the command runs,
    /// the main thread neither waits nor shares its work, so this is its start-up's wall time;
    /// the process's age in /proc counts in clock ticks (10 ms), coarser than the whole.
    static func mainThreadSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
