import Foundation
import Letterpress

/// The time and memory one document may take (`--limit-time`, `--limit-memory`): the last line
/// of defence against an input no other limit catches. Past either, the document's temporary
/// files are removed and its process ends, with a message naming the limit: a worker's batch
/// reports it and starts another worker; a lone render exits 1.
struct DocumentBudget: Codable, Equatable {
    /// Seconds, 0 for no limit.
    var seconds: Double = 120
    /// Megabytes of resident memory, 0 for no limit.
    var megabytes: Int = 1024

    /// How a worker ends past a limit, for its batch to say which.
    static let timeStatus: Int32 = 3
    static let memoryStatus: Int32 = 4

    /// How often the watch looks: a document past its memory limit grows little more meanwhile.
    private static let interval = 0.02

    func reason(for status: Int32) -> String? {
        switch status {
        case Self.timeStatus: return "stopped past the time limit of \(Self.format(seconds)) s (--limit-time)"
        case Self.memoryStatus: return "stopped past the memory limit of \(megabytes) MB (--limit-memory)"
        default: return nil
        }
    }

    /// Runs `body` (rendering `input`) under the budget; `inWorker`: end with a status the batch
    /// reads rather than with a message.
    func watch<T>(_ input: String, inWorker: Bool, _ body: () throws -> T) rethrows -> T {
        guard seconds > 0 || megabytes > 0 else { return try body() }
        let watch = Watch()
        let deadline = seconds > 0 ? Date(timeIntervalSinceNow: seconds) : .distantFuture
        let budget = self
        let thread = Thread {
            while let breach = watch.next(deadline: deadline, megabytes: budget.megabytes) {
                guard breach != 0 else { continue }
                TemporaryFile.removeAll()
                if inWorker { _exit(breach) }
                Console.error(DiagnosticFormat.text.line(Diagnostic(.error, file: input, message: budget.reason(for: breach) ?? "stopped")))
                _exit(1)
            }
        }
        thread.start()
        defer { watch.stop() }
        return try body()
    }

    /// The watching thread's view: whether the render has ended, and what it takes meanwhile.
    private final class Watch: Sendable {
        private let stopped = WaitableState(false)

        func stop() {
            stopped.update { $0 = true }
        }

        /// Nil once stopped; else the status of a limit passed, or 0 after waiting an interval.
        func next(deadline: Date, megabytes: Int) -> Int32? {
            guard !stopped.read({ $0 }) else { return nil }
            if Date() >= deadline { return DocumentBudget.timeStatus }
            if megabytes > 0, DocumentBudget.residentMegabytes() > megabytes { return DocumentBudget.memoryStatus }
            _ = stopped.wait(until: { $0 }, deadline: min(deadline, Date(timeIntervalSinceNow: DocumentBudget.interval)))
            return 0
        }
    }

    /// The process's resident memory, from `/proc/self/statm`.
    private static func residentMegabytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
