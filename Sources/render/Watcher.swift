import Foundation
import Letterpress

/// `render --watch notes.md -o out.pdf`, or `render --watch notes/`: renders, then renders a
/// note again whenever it, an image it shows or its theme changes; a note added to a watched
/// folder is rendered too. It waits on inotify (no polling), watching the folders that hold
/// those files, because editors often save by writing a new file and renaming it.
struct Watcher {
    /// Plans the jobs again when a note appears.
    var planner: JobPlanner
    var jobs: [Job]
    var options: RenderOptions
    var quiet: Bool

    /// inotify's watches, each with its folder, the names in it that matter, and whether any
    /// note there matters (a folder of notes given).
    private typealias Watches = [Int32: (folder: String, names: Set<String>, notes: Bool)]

    func run() throws -> Never {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw LetterpressError.invalidOption(.watchUnavailable, "--watch: inotify is not available (\(String(cString: strerror(errno))))") }
        var jobs = self.jobs
        var folders: Watches = [:]
        var changed: Set<String>?
        while true {
            // Watch first, render second: a change made while rendering is not missed.
            let files = jobs.map(watchedFiles)
            folders = watch(descriptor, files: files.flatMap { $0 }, replacing: folders)
            for (job, watched) in zip(jobs, files) where changed.map({ !$0.isDisjoint(with: watched.map(\.path)) }) ?? true {
                renderOnce(job)
            }
            changed = waitForChange(descriptor, folders: folders)
            // A note that appeared is rendered next (its own path changed); one that went is
            // no longer watched.
            if let changed, changed.contains(where: Self.isNote), let planned = try? planner.jobs() { jobs = planned }
        }
    }

    private static func isNote(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown")
    }

    /// The folders of the notes given (searched for new notes), each standardized.
    private var noteFolders: Set<String> {
        var folders = Set<String>()
        for input in planner.inputs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else { continue }
            folders.insert(URL(fileURLWithPath: input).standardizedFileURL.path)
            for file in InputFinder.markdownFiles(in: input) {
                folders.insert(URL(fileURLWithPath: file.input).standardizedFileURL.deletingLastPathComponent().path)
            }
        }
        return folders
    }

    /// Watches the folders of `files` and of the notes given instead of `folders`; returns
    /// the new watches with the names each one's folder holds.
    private func watch(_ descriptor: Int32, files: [URL], replacing folders: Watches) -> Watches {
        for (watch, _) in folders { inotify_rm_watch(descriptor, watch) }
        var watches: Watches = [:]
        let byFolder = Dictionary(grouping: files, by: { $0.deletingLastPathComponent().path })
        let noteFolders = self.noteFolders
        for folder in Set(byFolder.keys).union(noteFolders) {
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
            let watch = inotify_add_watch(descriptor, folder, mask)
            if watch >= 0 { watches[watch] = (folder, Set((byFolder[folder] ?? []).map(\.lastPathComponent)), noteFolders.contains(folder)) }
        }
        return watches
    }

    /// Renders the note with a new renderer (its theme may have changed), saying how it went.
    private func renderOnce(_ job: Job) {
        if let refusal = job.refusal { return Console.error(DiagnosticFormat.text.line(Diagnostic(.error, file: job.input, message: refusal))) }
        let renderer = Renderer(options: options)
        let started = Date()
        do {
            try JobRenderer.makeFolder(for: job.output)
            let result = try job.mergedInputs.map { try renderer.render(inputs: $0, toOnePDF: job.output) }
                ?? renderer.render(input: job.input, to: job.output, format: job.format)
            if !quiet { for warning in result.warnings { Console.error(warning.description) } }
            Console.error(String(format: "%@: %d page%@ → %@ in %.2f s; watching for changes (Ctrl-C stops)",
                                 job.input, result.pageCount, result.pageCount == 1 ? "" : "s",
                                 job.output.path, Date().timeIntervalSince(started)))
        } catch {
            InterruptHandler.awaitInterrupt(within: 0)
            Console.error("\(error); watching for changes (Ctrl-C stops)")
        }
    }

    /// The note, its images, its theme's files and its string tables (found as rendering finds
    /// them: a path in the front matter from the note's folder); never the rendering's own
    /// files, which a note showing its own output (`![preview](note.pdf)`) would otherwise
    /// have rendered again each time it was written.
    private func watchedFiles(_ job: Job) -> [URL] {
        let writer = OutputWriter(format: job.format)
        return (job.mergedInputs ?? [job.input]).flatMap(inputFiles).filter { !writer.mayWrite($0, renderingTo: job.output) }
    }

    /// The files rendering the note at `note` reads.
    private func inputFiles(_ note: String) -> [URL] {
        let input = URL(fileURLWithPath: note).standardizedFileURL
        var files = [input]
        let resources = Resources(note: note)
        guard let data = try? resources.readNote(),
              let document = try? Renderer.document(from: data, file: note) else { return files }
        files += document.imageSources.compactMap { ImagePath.fileURL($0, relativeTo: input.deletingLastPathComponent())?.standardizedFileURL }
        let theme = Renderer.themeName(options.theme, frontMatter: document.frontMatter, folder: resources.folder)
        files += ThemeLoader().files(for: theme).map(\.standardizedFileURL)
        files += options.strings.map(\.standardizedFileURL)
        files += document.frontMatter.strings.map { Renderer.stringTableURL($0, folder: resources.folder) }
        return files
    }

    /// Blocks until a watched name (or a note in a folder of notes) changes, then lets a burst
    /// of events settle; returns the paths that changed.
    private func waitForChange(_ descriptor: Int32, folders: Watches) -> Set<String> {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var changed = Set<String>()
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            collect(buffer[..<count], folders: folders, into: &changed)
            if !changed.isEmpty {
                var settle = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                while poll(&settle, 1, 150) > 0 {
                    let more = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if more > 0 { collect(buffer[..<more], folders: folders, into: &changed) }
                }
                return changed
            }
        }
    }

    /// Adds the watched paths that inotify's `events` name to `changed`.
    private func collect(_ events: ArraySlice<UInt8>, folders: Watches, into changed: inout Set<String>) {
        var offset = events.startIndex
        while offset + 16 <= events.endIndex {
            let watch = events[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
            let length = Int(events[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
            let nameBytes = events[(offset + 16)..<min(offset + 16 + length, events.endIndex)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if let entry = folders[watch], entry.names.contains(name) || (entry.notes && Self.isNote(name)) {
                changed.insert((entry.folder as NSString).appendingPathComponent(name))
            }
            offset += 16 + length
        }
    }
}
