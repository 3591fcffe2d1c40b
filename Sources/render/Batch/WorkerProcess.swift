import Foundation
import Synchronization

/// A `render worker` child process, fed one job per line on its standard input and answering
/// one outcome per line on its standard output, both as JSON.
final class WorkerProcess {
    private let process: Process
    private let input: FileHandle
    private let output: Int32
    private var buffer: [UInt8] = []
    private(set) var isAlive = true

    /// The running workers, so that an interrupt can stop them.
    static let running = Mutex<[Process]>([])

    private init(process: Process, input: FileHandle, output: Int32) {
        self.process = process
        self.input = input
        self.output = output
    }

    /// Where a worker finds its batch's process id, to end itself when the batch is gone.
    static let parentVariable = "LETTERPRESS_WORKER_PARENT"

    static func start(options: WorkerOptions) -> WorkerProcess? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["worker"]
        var environment = ProcessInfo.processInfo.environment
        environment["LETTERPRESS_WORKER_OPTIONS"] = (try? JSONEncoder().encode(options)).map { String(decoding: $0, as: UTF8.self) }
        environment[parentVariable] = String(getpid())
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        do {
            try process.run()
        } catch {
            return nil
        }
        running.withLock { $0.append(process) }
        return WorkerProcess(process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading.fileDescriptor)
    }

    /// Sends `job` and waits for its outcome; a worker that dies fails the job it had, and one
    /// past `budget` says which limit it passed.
    func render(_ job: Job, budget: DocumentBudget) -> Outcome {
        guard let line = try? JSONEncoder().encode(job) else {
            return Outcome(pages: nil, diagnostics: [Diagnostic(.error, file: job.input, message: "cannot hand it to a worker")])
        }
        guard Self.withoutBrokenPipeSignal({ (try? input.write(contentsOf: line + Data("\n".utf8))) != nil }) else {
            return died(on: job, budget: budget)
        }
        guard let answer = readLine(), let outcome = try? JSONDecoder().decode(Outcome.self, from: Data(answer)) else {
            return died(on: job, budget: budget)
        }
        return outcome
    }

    /// `body`'s result, with SIGPIPE held back on this thread: writing to a worker that has just
    /// died then fails with EPIPE, as `render` expects, rather than killing the batch. A signal
    /// left pending is taken before the mask is restored.
    private static func withoutBrokenPipeSignal(_ body: () -> Bool) -> Bool {
        var brokenPipe = sigset_t()
        var previous = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        let result = body()
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&brokenPipe, nil, &none) == SIGPIPE {}
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return result
    }

    private func died(on job: Job, budget: DocumentBudget) -> Outcome {
        isAlive = false
        try? input.close()
        process.waitUntilExit()
        // Ctrl-C reaches the workers with the batch: one stopped by it leaves the batch's own
        // handler to say so once and exit; it is reported here only if none comes.
        let interrupted = process.terminationReason == .uncaughtSignal
            ? [SIGINT, SIGTERM].contains(process.terminationStatus)
            : InterruptHandler.statuses.contains(process.terminationStatus)
        if interrupted { InterruptHandler.awaitInterrupt(within: 1) }
        if process.terminationReason == .exit, let reason = budget.reason(for: process.terminationStatus) {
            return Outcome(pages: nil, diagnostics: [Diagnostic(.error, file: job.input, message: reason + "; the others go on")])
        }
        let how = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
        return Outcome(pages: nil, diagnostics: [Diagnostic(.error, file: job.input, message: "the renderer stopped on this input (\(how)); the others go on")])
    }

    private func readLine() -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    func stop() {
        try? input.close()
        process.waitUntilExit()
    }

    /// Passes a signal on to every worker and waits for them to clean up.
    static func signalAll(_ number: Int32) {
        let processes = running.withLock { $0 }
        for process in processes where process.isRunning { kill(process.processIdentifier, number) }
        for process in processes { process.waitUntilExit() }
    }
}
