import Foundation
import Letterpress

/// Renders one job in this process, or hands several to worker processes (`render worker`),
/// one at a time as each finishes its last; `--jobs 1` means one worker.
///
/// Workers are processes, not threads: Cairo 1.16 and FreeType crash or deadlock when two
/// threads shape and draw with the same fonts, and a process that crashes on one input loses
/// only that input (the runner starts another worker for the rest, and the batch still ends
/// with its summary). Memory stays that of `workers` documents however many inputs there are.
/// Unchecked: the workers' threads share `next`, `summary` and the progress bar only under
/// `lock`; `budget` and the renderer are used on the calling thread alone, for a batch of one.
final class BatchRunner: @unchecked Sendable {
    let jobs: [Job]
    let workers: Int
    let options: RenderOptions
    let fonts: FontOptions
    let quiet: Bool
    let progress: ProgressBar?
    var diagnosticFormat = DiagnosticFormat.text
    /// Told of each job as it finishes, one at a time.
    var finished: ((Job, Outcome) -> Void)?
    var budget = DocumentBudget()
    /// The renderer of a single job, run in this process with every core. It keeps its fonts,
    /// and lives as long as the runner: a command that exits while holding the runner does not
    /// free them.
    private lazy var renderer = Renderer(options: options)

    private let lock = NSLock()
    private var next = 0
    private var summary = BatchSummary()
    /// The messages of the problems of the machine printed so far: each is printed once a run.
    private var installationMessages: Set<String> = []

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
        if jobs.count == 1 {
            while let job = take() { finish(job, JobRenderer(renderer: renderer, quiet: quiet, budget: budget).render(job)) }
        } else {
            let group = DispatchGroup()
            for _ in 0..<workers {
                group.enter()
                Thread { [self] in
                    feedWorker()
                    group.leave()
                }.start()
            }
            group.wait()
        }
        progress?.clear()
        summary.seconds = Date().timeIntervalSince(start)
        return summary
    }

    /// Hands jobs to a worker process until none are left, starting another when one dies.
    private func feedWorker() {
        var worker: WorkerProcess?
        while let job = take() {
            if worker == nil { worker = WorkerProcess.start(options: WorkerOptions(
                render: options, fontDirectories: fonts.fontDirectories, isolatedFonts: fonts.isolatedFonts, quiet: quiet,
                budget: budget)) }
            guard let running = worker else {
                finish(job, Outcome(pages: nil, diagnostics: [Diagnostic(.error, file: job.input, message: "cannot start a worker process")]))
                continue
            }
            let outcome = running.render(job, budget: budget)
            if !running.isAlive { worker = nil }
            finish(job, outcome)
        }
        worker?.stop()
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
        for diagnostic in outcome.diagnostics + (outcome.golden?.installation ?? [])
        where !diagnostic.isAboutInstallation || installationMessages.insert(diagnostic.message).inserted {
            Console.error(diagnosticFormat.line(diagnostic))
        }
        outcome.golden?.print()
        finished?(job, outcome)
        progress?.finished(job.input)
    }
}
