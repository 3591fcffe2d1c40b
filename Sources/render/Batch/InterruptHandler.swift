import Foundation
import Letterpress

/// Removes temporary files and exits 130 (SIGINT) or 143 (SIGTERM) when interrupted.
enum InterruptHandler {
    /// Unchecked: set once, on the main thread, before any signal is handled.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// Set as an interrupt begins; the process exits right after.
    private static let interrupted = WaitableState(false)

    /// Returns if no interrupt comes within `seconds` (0: none has begun); during an interrupt,
    /// waits for the handler to end the process. A job the interrupt broke off (its temporary
    /// files removed, so that making another throws) is thus not reported as failed.
    static func awaitInterrupt(within seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        guard interrupted.wait(until: { $0 }, deadline: deadline) else { return }
        while true { sleep(60) }
    }

    /// Exit statuses of a process the handler stopped.
    static let statuses: Set<Int32> = [130, 143]

    /// `announces`: whether to say so on standard error (a worker leaves that to its batch,
    /// which Ctrl-C interrupts too).
    static func install(progress: ProgressBar?, announces: Bool = true) {
        TemporaryFile.removeOnFatalSignals()
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                interrupted.update { $0 = true }
                TemporaryFile.removeAll()
                WorkerProcess.signalAll(number)
                progress?.clear()
                if announces { Console.error("interrupted; no partial output was left") }
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }
}
