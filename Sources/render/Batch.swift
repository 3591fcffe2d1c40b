import Foundation
import Letterpress

/// One input and where its output goes.
struct Job: Codable {
    var input: String
    var output: URL
    var format: OutputFormat
    var toStandardOutput = false
}

/// What a batch did.
struct BatchSummary {
    var rendered = 0
    var failed = 0
    var pages = 0
    var seconds = 0.0
    var timings = Timings()
}

/// What rendering one job gave: its page count when it rendered, and the lines for standard
/// error.
struct Outcome: Codable {
    var pages: Int?
    var messages: [String]
    var timings = Timings()
}

/// Renders jobs one after another in this process, or, with more than one worker, hands them
/// to worker processes (`render worker`) one at a time as each finishes its last.
///
/// Workers are processes, not threads: Cairo 1.16 and FreeType crash or deadlock when two
/// threads shape and draw with the same fonts, and a process that crashes on one input loses
/// only that input (the runner starts another worker for the rest). Memory stays that of
/// `workers` documents however many inputs there are.
final class BatchRunner {
    let jobs: [Job]
    let workers: Int
    let options: RenderOptions
    let fonts: FontOptions
    let quiet: Bool
    let progress: ProgressBar?
    /// The renderer of a batch run in this process. It keeps its fonts, and lives as long as
    /// the runner: a command that exits while holding the runner does not free them.
    private lazy var renderer: Renderer = {
        let renderer = Renderer(options: options)
        // `--jobs 1` over several files means one core, as `--jobs N` means N; a single file
        // may use them all.
        renderer.usesSpareCores = jobs.count == 1
        return renderer
    }()

    private let lock = NSLock()
    private var next = 0
    private var summary = BatchSummary()

    init(jobs: [Job], workers: Int, options: RenderOptions, fonts: FontOptions, quiet: Bool, progress: ProgressBar?) {
        self.jobs = jobs
        self.workers = max(1, min(workers, jobs.count))
        self.options = options
        self.fonts = fonts
        self.quiet = quiet
        self.progress = progress
    }

    func run() -> BatchSummary {
        let start = Date()
        progress?.start(total: jobs.count)
        if workers == 1 {
            while let job = take() { finish(job, JobRenderer(renderer: renderer, quiet: quiet).render(job)) }
        } else {
            let group = DispatchGroup()
            for _ in 0..<workers {
                group.enter()
                let thread = Thread { [self] in
                    var worker: WorkerProcess?
                    while let job = take() {
                        if worker == nil { worker = WorkerProcess.start(options: WorkerOptions(
                            render: options, fontDirectories: fonts.fontDirectories, isolatedFonts: fonts.isolatedFonts, quiet: quiet)) }
                        guard let running = worker else {
                            finish(job, Outcome(pages: nil, messages: ["\(job.input): cannot start a worker process"]))
                            continue
                        }
                        let outcome = running.render(job)
                        if !running.isAlive { worker = nil }
                        finish(job, outcome)
                    }
                    worker?.stop()
                    group.leave()
                }
                thread.start()
            }
            group.wait()
        }
        progress?.clear()
        summary.seconds = Date().timeIntervalSince(start)
        return summary
    }

    private func take() -> Job? {
        lock.lock()
        defer { lock.unlock() }
        guard next < jobs.count else { return nil }
        next += 1
        progress?.began(jobs[next - 1].input)
        return jobs[next - 1]
    }

    private func finish(_ job: Job, _ outcome: Outcome) {
        lock.lock()
        defer { lock.unlock() }
        summary.timings = summary.timings + outcome.timings
        if let pages = outcome.pages {
            summary.rendered += 1
            summary.pages += pages
        } else {
            summary.failed += 1
        }
        progress?.clear()
        for message in outcome.messages { Console.error(message) }
        progress?.finished(job.input)
    }
}

/// Renders one job with a renderer, as the batch runner and worker processes do.
struct JobRenderer {
    let renderer: Renderer
    let quiet: Bool

    /// Makes the folder `output` goes in, and the folders above it; a failure names the output
    /// and says why in the system's words.
    static func makeFolder(for output: URL) throws {
        var missing: [String] = []
        var path = output.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        guard isFolder.boolValue else {
            throw LetterpressError.outputFailed(file: output.path, reason: "\(path) is a file, not a folder")
        }
        for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw LetterpressError.outputFailed(file: output.path, reason: "cannot make the folder \(folder): \(String(cString: strerror(errno)))")
        }
    }

    func render(_ job: Job) -> Outcome {
        let name = job.input == "-" ? "<stdin>" : job.input
        var messages: [String] = []
        do {
            if job.input != "-" && URL(fileURLWithPath: job.input).standardizedFileURL == job.output.standardizedFileURL {
                throw LetterpressError.invalidOption("the output would overwrite the input")
            }
            try Self.makeFolder(for: job.output)
            let result = try renderer.render(input: job.input, to: job.output, format: job.format)
            if !quiet { messages += result.warnings.map(\.description) }
            if job.toStandardOutput {
                defer { for file in result.files { try? FileManager.default.removeItem(at: file) } }
                guard result.files.count == 1, let data = FileManager.default.contents(atPath: result.files[0].path) else {
                    messages.append("\(name): \(job.format.rawValue.uppercased()) output to standard output needs a one-page document")
                    return Outcome(pages: nil, messages: messages)
                }
                try StandardOutput.write(data)
            }
            return Outcome(pages: result.pageCount, messages: messages, timings: result.timings)
        } catch let error as LetterpressError {
            if case let .strictWarnings(_, warnings) = error { messages += warnings.map(\.description) }
            // Every failure names its input, also those (an unknown theme, say) that do not.
            let description = error.description
            messages.append(description.hasPrefix(job.input) || description.hasPrefix(name) ? description : "\(name): \(description)")
        } catch {
            messages.append("\(name): \(error.localizedDescription)")
        }
        return Outcome(pages: nil, messages: messages)
    }
}

/// What a worker process needs to know besides its jobs.
struct WorkerOptions: Codable {
    var render: RenderOptions
    var fontDirectories: [String]
    var isolatedFonts: Bool
    var quiet: Bool
}

/// A `render worker` child process, fed one job per line on its standard input and answering
/// one outcome per line on its standard output, both as JSON.
final class WorkerProcess {
    private let process: Process
    private let input: FileHandle
    private let output: Int32
    private var buffer: [UInt8] = []
    private(set) var isAlive = true

    /// The running workers, so that an interrupt can stop them.
    nonisolated(unsafe) static var running: [Process] = []
    static let runningLock = NSLock()

    private init(process: Process, input: FileHandle, output: Int32) {
        self.process = process
        self.input = input
        self.output = output
    }

    static func start(options: WorkerOptions) -> WorkerProcess? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["worker"]
        var environment = ProcessInfo.processInfo.environment
        environment["LETTERPRESS_WORKER_OPTIONS"] = (try? JSONEncoder().encode(options)).map { String(decoding: $0, as: UTF8.self) }
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
        runningLock.lock()
        running.append(process)
        runningLock.unlock()
        return WorkerProcess(process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading.fileDescriptor)
    }

    /// Sends `job` and waits for its outcome; a worker that dies fails the job it had.
    func render(_ job: Job) -> Outcome {
        guard let line = try? JSONEncoder().encode(job) else {
            return Outcome(pages: nil, messages: ["\(job.input): cannot hand it to a worker"])
        }
        do {
            try input.write(contentsOf: line + Data("\n".utf8))
        } catch {
            return died(on: job)
        }
        guard let answer = readLine(), let outcome = try? JSONDecoder().decode(Outcome.self, from: Data(answer)) else {
            return died(on: job)
        }
        return outcome
    }

    private func died(on job: Job) -> Outcome {
        isAlive = false
        try? input.close()
        process.waitUntilExit()
        // Ctrl-C reaches the workers with the batch: one stopped by it leaves the batch's own
        // handler to say so once and exit; it is reported here only if none comes.
        let interrupted = process.terminationReason == .uncaughtSignal
            ? [SIGINT, SIGTERM].contains(process.terminationStatus)
            : InterruptHandler.statuses.contains(process.terminationStatus)
        if interrupted { InterruptHandler.awaitInterrupt(within: 1) }
        let how = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
        return Outcome(pages: nil, messages: ["\(job.input): the renderer stopped on this input (\(how)); the others go on"])
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
        runningLock.lock()
        let processes = running
        runningLock.unlock()
        for process in processes where process.isRunning { kill(process.processIdentifier, number) }
        for process in processes { process.waitUntilExit() }
    }
}

/// A one-line progress bar on standard error: done/total, the file being rendered, elapsed and
/// remaining time. Used only when standard error is a terminal.
final class ProgressBar {
    private var total = 0
    private var done = 0
    private var current = ""
    private var start = Date()
    private var shown = false

    /// A bar when standard error is a terminal, else nil.
    static func forTerminal() -> ProgressBar? {
        isatty(STDERR_FILENO) != 0 ? ProgressBar() : nil
    }

    func start(total: Int) {
        self.total = total
        start = Date()
        draw()
    }

    func began(_ file: String) {
        current = file
        draw()
    }

    func finished(_ file: String) {
        done += 1
        draw()
    }

    /// Erases the bar, so that a message can be printed in its place.
    func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        shown = false
    }

    private func draw() {
        let elapsed = Date().timeIntervalSince(start)
        let remaining = done > 0 ? elapsed / Double(done) * Double(total - done) : nil
        let columns = terminalWidth()
        let barWidth = 20
        let filled = total > 0 ? barWidth * done / total : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        let times = "\(Self.clock(elapsed)) elapsed" + (remaining.map { ", ~\(Self.clock($0)) left" } ?? "")
        var line = "\(bar) \(done)/\(total)  \(times)  "
        let room = columns - line.count - 1
        if room > 8 {
            line += current.count > room ? "…" + current.suffix(room - 1) : current
        }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
        shown = true
    }

    private func terminalWidth() -> Int {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}

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
