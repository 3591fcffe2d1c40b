import ArgumentParser
import Foundation
import Letterpress

/// `render worker`: renders the jobs a batch hands it, one JSON line each way. Not for people.
struct Worker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "worker", shouldDisplay: false)

    func run() throws {
        guard let text = ProcessInfo.processInfo.environment["LETTERPRESS_WORKER_OPTIONS"],
              let options = try? JSONDecoder().decode(WorkerOptions.self, from: Data(text.utf8)) else {
            throw ValidationError("render worker is started by render itself")
        }
        StartUpWarmUp.start(fontconfig: !options.isolatedFonts)
        if !options.fontDirectories.isEmpty || options.isolatedFonts {
            try FontSetup.configure(folders: options.fontDirectories, isolated: options.isolatedFonts)
        }
        InterruptHandler.install(progress: nil, announces: false)
        if let parent = ProcessInfo.processInfo.environment[WorkerProcess.parentVariable].flatMap(pid_t.init) {
            Self.endWhenGone(parent)
        }
        // The workers already keep every core busy with a document each: a parser thread per
        // document would only add switching (5% slower on 200 notes with --jobs 2), and so
        // would compressing a page on several threads.
        let documents = Renderer(options: options.render)
        documents.usesSpareCores = false
        let renderer = JobRenderer(renderer: documents, quiet: options.quiet, budget: options.budget, inWorker: true)
        while let line = Swift.readLine(strippingNewline: true) {
            guard let job = try? JSONDecoder().decode(Job.self, from: Data(line.utf8)) else { continue }
            let outcome = renderer.render(job)
            let answer = (try? JSONEncoder().encode(outcome)) ?? Data("{\"diagnostics\":[]}".utf8)
            // A parent gone (the pipe closed) wants no more answers.
            do { try StandardOutput.write(answer + Data("\n".utf8)) } catch { RenderCommand.exit(status: 1) }
        }
    }

    /// How often a worker looks whether its batch is still there.
    static let parentCheckInterval: useconds_t = 100_000

    /// Interrupts this worker, as Ctrl-C would (its temporary files removed, nothing more
    /// written), once `parent` is no longer its parent: a batch killed with SIGKILL cannot
    /// stop its workers, which would otherwise finish their documents for no one. Looked at
    /// from a thread of its own, since a document may take long; the kernel's parent-death
    /// signal follows the thread that started the worker, not the batch.
    private static func endWhenGone(_ parent: pid_t) {
        let watch = Thread {
            while getppid() == parent { usleep(parentCheckInterval) }
            kill(getpid(), SIGTERM)
        }
        watch.stackSize = 64 * 1024
        watch.start()
    }
}
