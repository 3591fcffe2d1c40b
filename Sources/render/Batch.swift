import Foundation
import Letterpress

/// One input and where its output goes.
struct Job {
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

/// Renders jobs on `workers` threads, each with its own renderer (Pango font maps are not
/// shared between threads), pulling the next job as it finishes one, so that memory stays
/// that of `workers` documents whatever the number of inputs.
final class BatchRunner {
    let jobs: [Job]
    let workers: Int
    let options: RenderOptions
    let quiet: Bool
    let progress: ProgressBar?

    private let lock = NSLock()
    private var next = 0
    private var summary = BatchSummary()

    init(jobs: [Job], workers: Int, options: RenderOptions, quiet: Bool, progress: ProgressBar?) {
        self.jobs = jobs
        self.workers = max(1, min(workers, jobs.count))
        self.options = options
        self.quiet = quiet
        self.progress = progress
    }

    func run() -> BatchSummary {
        let start = Date()
        progress?.start(total: jobs.count)
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread { [self] in
                let renderer = Renderer(options: options)
                while let job = take() { finish(job, render(job, with: renderer)) }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
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

    /// The outcome of one job: its page count when it rendered, and the lines for standard error.
    private struct Outcome {
        var pages: Int?
        var messages: [String]
        var timings = Timings()
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

    private func render(_ job: Job, with renderer: Renderer) -> Outcome {
        let name = job.input == "-" ? "<stdin>" : job.input
        var messages: [String] = []
        do {
            if job.input != "-" && URL(fileURLWithPath: job.input).standardizedFileURL == job.output.standardizedFileURL {
                throw LetterpressError.invalidOption("\(name): the output would overwrite the input")
            }
            try FileManager.default.createDirectory(at: job.output.deletingLastPathComponent(), withIntermediateDirectories: true)
            let result = try renderer.render(input: job.input, to: job.output, format: job.format)
            if !quiet { messages += result.warnings.map(\.description) }
            if job.toStandardOutput {
                defer { for file in result.files { try? FileManager.default.removeItem(at: file) } }
                guard result.files.count == 1, let data = FileManager.default.contents(atPath: result.files[0].path) else {
                    messages.append("\(name): \(job.format.rawValue.uppercased()) output to standard output needs a one-page document")
                    return Outcome(pages: nil, messages: messages)
                }
                FileHandle.standardOutput.write(data)
            }
            return Outcome(pages: result.pageCount, messages: messages, timings: result.timings)
        } catch let error as LetterpressError {
            if case let .strictWarnings(_, warnings) = error { messages += warnings.map(\.description) }
            messages.append(error.description)
        } catch {
            messages.append("\(name): \(error.localizedDescription)")
        }
        return Outcome(pages: nil, messages: messages)
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

    static func install(progress: ProgressBar?) {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TemporaryFile.removeAll()
                progress?.clear()
                Console.error("interrupted; no partial output was left")
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }
}
