import CFatalCleanup
import Foundation
import Synchronization

/// A unique temporary file created next to its final destination, so that renaming is atomic,
/// and kept open while it is written: writers write through the descriptor, so that an
/// interrupt that removes the file cannot race a writer into creating it again. Every one alive
/// is listed, so that an interrupted run can remove them all, and so is its path in
/// `CFatalCleanup`, whose handler removes them when a fatal signal (an abort when memory runs
/// out) ends the process.
/// Unchecked: its one mutable state, whether it is open, is written by the thread that writes
/// the file, which hands it back (a PNG band's encoder, joined) before it is committed or removed.
package final class TemporaryFile: @unchecked Sendable {
    let url: URL
    package let descriptor: Int32
    /// Written once, on one thread, before the file is moved or removed on another.
    private var isOpen = true
    /// The errno of flushing the written bytes to the disk, which fails the output.
    private var syncFailure: Int32?

    /// The temporary files and folders alive, under one lock, so that `removeAll` sees every
    /// one made before it runs, and none is made after.
    private struct Registry {
        var files = Set<String>()
        var folders = Set<String>()
        /// Set by `removeAll`: the process is about to exit, and makes no more files.
        var stopping = false
    }
    private static let registry = Mutex(Registry())

    /// The process's umask, read once at start-up (reading it means setting it).
    private static let creationMask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    package init(beside target: URL) throws {
        let folder = target.deletingLastPathComponent()
        var template = Array(folder.appendingPathComponent(".\(target.lastPathComponent).XXXXXX").path.utf8CString)
        // Created and listed under the lock.
        let (descriptor, path) = try Self.registry.withLock { registry throws(LetterpressError) -> (Int32, String) in
            guard !registry.stopping else {
                // The process is ending; whether this thread then waits for the end is its
                // caller's to decide.
                throw LetterpressError.outputFailed(file: target.path, reason: "interrupted")
            }
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                throw LetterpressError.outputFailed(file: target.path, reason: String(cString: strerror(errno)))
            }
            // mkstemp creates the file readable by its owner only; give it the usual permissions.
            fchmod(descriptor, 0o666 & ~Self.creationMask)
            let path = String(cString: template)
            registry.files.insert(path)
            _ = fatal_cleanup_remember(path)
            return (descriptor, path)
        }
        self.url = URL(fileURLWithPath: path)
        self.descriptor = descriptor
    }

    /// Flushes the file to the disk and closes it once it is written, so that a document of
    /// many pages does not hold a descriptor for each; it stays temporary until it is committed
    /// or removed.
    package func closeWritten() {
        guard isOpen else { return }
        if fsync(descriptor) != 0 { syncFailure = errno }
        close()
    }

    private func close() {
        guard isOpen else { return }
        isOpen = false
        Glibc.close(descriptor)
    }

    /// Renames `files` onto `targets` as one set: each target is resolved (a symbolic link is
    /// written through) and checked first (only a regular file that is none of `inputs`, or
    /// nothing, is replaced, and keeps its permissions), and an interrupt waits until every
    /// file is renamed and `stale` (files an earlier rendering left) removed.
    package static func commit(_ files: [TemporaryFile], to targets: [URL], protecting inputs: [URL] = [], removing stale: [URL] = [],
                       sandbox: URL? = nil) throws {
        var renames: [(file: TemporaryFile, path: String)] = []
        let inputs = OutputPath.identities(of: inputs)
        for (file, target) in zip(files, targets) {
            let resolved = try OutputPath.resolved(target)
            try OutputPath.checkConfined(target, resolved: resolved, to: sandbox)
            let mode = try OutputPath.replaceableMode(resolved, naming: target, inputs: inputs)
            guard OutputPath.device(ofFolderOf: resolved) == OutputPath.device(ofFolderOf: file.url) else {
                throw LetterpressError.outputFailed(file: target.path, reason: "it links to \(resolved.path), on another file system")
            }
            file.closeWritten()
            if let failure = file.syncFailure {
                throw LetterpressError.outputFailed(file: target.path, reason: String(cString: strerror(failure)))
            }
            chmod(file.url.path, mode ?? 0o666 & ~creationMask)
            renames.append((file, resolved.path))
        }
        try registry.withLock { registry throws(LetterpressError) in
            for (file, path) in renames {
                guard rename(file.url.path, path) == 0 else {
                    throw LetterpressError.outputFailed(file: path, reason: String(cString: strerror(errno)))
                }
                registry.files.remove(file.url.path)
                fatal_cleanup_forget(file.url.path)
            }
            for file in stale where !OutputPath.isInput(file, among: inputs) { unlink(file.path) }
        }
    }

    /// A new folder in the system's temporary folder, named by `mkdtemp` (so that no one can
    /// guess the name and make it first), removed with what it holds by `removeFolder`, or by
    /// an interrupt.
    package static func makeFolder(prefix: String) throws -> URL {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        let path = try registry.withLock { registry throws(LetterpressError) -> String in
            guard !registry.stopping else { throw LetterpressError.outputFailed(file: prefix, reason: "interrupted") }
            guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                throw LetterpressError.outputFailed(file: String(cString: template), reason: String(cString: strerror(errno)))
            }
            let path = String(cString: template)
            registry.folders.insert(path)
            return path
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    package static func removeFolder(_ folder: URL) {
        registry.withLock { registry in
            if registry.folders.remove(folder.path) != nil { try? FileManager.default.removeItem(at: folder) }
        }
    }

    /// Has a fatal signal remove every temporary file before the process ends (see
    /// `CFatalCleanup`): an abort when memory runs out leaves no partial output.
    package static func removeOnFatalSignals() {
        fatal_cleanup_install()
    }

    /// Removes every temporary file not yet renamed into place, and every temporary folder (on
    /// SIGINT or SIGTERM); from then on, making one throws.
    package static func removeAll() {
        registry.withLock { registry in
            registry.stopping = true
            for path in registry.files { unlink(path) }
            registry.files.removeAll()
            for path in registry.folders { try? FileManager.default.removeItem(atPath: path) }
            registry.folders.removeAll()
        }
    }

    package static func remove(_ files: [TemporaryFile]) {
        registry.withLock { registry in
            for file in files where registry.files.remove(file.url.path) != nil {
                unlink(file.url.path)
                fatal_cleanup_forget(file.url.path)
            }
        }
        for file in files { file.close() }
    }
}
