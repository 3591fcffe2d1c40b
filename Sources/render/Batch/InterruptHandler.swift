import Foundation
import Letterpress

/// Removes temporary files and exits 130 (SIGINT) or 143 (SIGTERM) when interrupted.
enum InterruptHandler {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// Signalled as an interrupt begins; the process exits right after.
    private static let interruption = DispatchSemaphore(value: 0)

    /// Returns if no interrupt comes within `seconds`; during an interrupt, waits for the
    /// handler to end the process.
    static func awaitInterrupt(within seconds: Double) {
        guard interruption.wait(timeout: .now() + seconds) == .success else { return }
        interruption.signal()
        while true { sleep(60) }
    }

    /// Exit statuses of a process the handler stopped.
    static let statuses: Set<Int32> = [130, 143]

    /// `announces`: whether to say so on standard error (a worker leaves that to its batch,
    /// which Ctrl-C interrupts too).
    static func install(progress: ProgressBar?, announces: Bool = true) {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                interruption.signal()
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
