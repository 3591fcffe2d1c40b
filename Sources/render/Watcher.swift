import Foundation
import Letterpress

/// `render --watch notes.md -o out.pdf`: renders, then renders again whenever the note, an
/// image it shows or its theme changes. It waits on inotify (no polling), watching the folders
/// that hold those files, because editors often save by writing a new file and renaming it.
struct Watcher {
    var job: Job
    var options: RenderOptions
    var quiet: Bool

    /// inotify's watches, each with its folder and the names in it that matter.
    private typealias Watches = [Int32: (folder: String, names: Set<String>)]

    func run() throws -> Never {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw LetterpressError.invalidOption("--watch: inotify is not available (\(String(cString: strerror(errno))))") }
        var folders: Watches = [:]
        while true {
            // Watch first, render second: a change made while rendering is not missed.
            folders = watch(descriptor, replacing: folders)
            renderOnce()
            waitForChange(descriptor, folders: folders)
        }
    }

    /// Watches the folders of the watched files instead of `folders`; returns the new watches
    /// with the names each one's folder holds.
    private func watch(_ descriptor: Int32, replacing folders: Watches) -> Watches {
        for (watch, _) in folders { inotify_rm_watch(descriptor, watch) }
        var watches: Watches = [:]
        for (folder, names) in Dictionary(grouping: watchedFiles(), by: { $0.deletingLastPathComponent().path }) {
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
            let watch = inotify_add_watch(descriptor, folder, mask)
            if watch >= 0 { watches[watch] = (folder, Set(names.map(\.lastPathComponent))) }
        }
        return watches
    }

    /// Renders the note with a new renderer (its theme may have changed), saying how it went.
    private func renderOnce() {
        let renderer = Renderer(options: options)
        let started = Date()
        do {
            let result = try renderer.render(input: job.input, to: job.output, format: job.format)
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
    private func watchedFiles() -> [URL] {
        let writer = OutputWriter(format: job.format)
        return inputFiles().filter { !writer.mayWrite($0, renderingTo: job.output) }
    }

    private func inputFiles() -> [URL] {
        let input = URL(fileURLWithPath: job.input).standardizedFileURL
        var files = [input]
        let resources = Resources(note: job.input)
        guard let data = try? resources.readNote(),
              let document = try? Renderer.document(from: data, file: job.input) else { return files }
        files += document.imageSources.compactMap { ImagePath.fileURL($0, relativeTo: input.deletingLastPathComponent())?.standardizedFileURL }
        let theme = Renderer.themeName(options.theme, frontMatter: document.frontMatter, folder: resources.folder)
        files += ThemeLoader().files(for: theme).map(\.standardizedFileURL)
        files += options.strings.map { URL(fileURLWithPath: $0).standardizedFileURL }
        files += document.frontMatter.strings.map { Renderer.stringTableURL($0, folder: resources.folder) }
        return files
    }

    /// Blocks until a watched name changes, then lets a burst of events settle.
    private func waitForChange(_ descriptor: Int32, folders: Watches) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var offset = 0
            var changed = false
            while offset + 16 <= count {
                let watch = buffer[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
                let length = Int(buffer[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let entry = folders[watch], entry.names.contains(name) { changed = true }
                offset += 16 + length
            }
            if changed {
                var settle = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                while poll(&settle, 1, 150) > 0 {
                    _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                }
                return
            }
        }
    }
}
