import Foundation

/// A unique temporary file created next to its final destination, so that renaming is atomic,
/// and kept open while it is written: writers write through the descriptor, so that an
/// interrupt that removes the file cannot race a writer into creating it again. Every one alive
/// is listed, so that an interrupted run can remove them all.
public final class TemporaryFile {
    let url: URL
    let descriptor: Int32
    /// Written once, on one thread, before the file is moved or removed on another.
    private var isOpen = true

    private static let lock = NSLock()
    nonisolated(unsafe) private static var alive = Set<String>()
    /// Set by `removeAll`: the process is about to exit, and makes no more files.
    nonisolated(unsafe) private static var stopping = false

    /// The process's umask, read once at start-up (reading it means setting it).
    private static let creationMask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    init(beside target: URL) throws {
        let folder = target.deletingLastPathComponent()
        var template = Array(folder.appendingPathComponent(".\(target.lastPathComponent).XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw LetterpressError.outputFailed(file: target.path, reason: String(cString: strerror(errno)))
        }
        // mkstemp creates the file readable by its owner only; give it the usual permissions.
        fchmod(descriptor, 0o666 & ~Self.creationMask)
        let path = String(cString: template)
        Self.lock.lock()
        if Self.stopping {
            // `removeAll` has run: the process is ending, and a file made now would outlive it.
            // Whether this thread then waits for the end is its caller's to decide.
            unlink(path)
            Glibc.close(descriptor)
            Self.lock.unlock()
            throw LetterpressError.outputFailed(file: target.path, reason: "interrupted")
        }
        Self.alive.insert(path)
        Self.lock.unlock()
        self.url = URL(fileURLWithPath: path)
        self.descriptor = descriptor
    }

    /// Renames the file to `target` (atomically replacing what was there) and closes it.
    func move(to target: URL) throws {
        guard rename(url.path, target.path) == 0 else {
            throw LetterpressError.outputFailed(file: target.path, reason: String(cString: strerror(errno)))
        }
        forget()
    }

    /// Closes the file once it is written, so that a document of many pages does not hold a
    /// descriptor for each; it stays temporary until it is moved or removed.
    func closeWritten() {
        guard isOpen else { return }
        isOpen = false
        Glibc.close(descriptor)
    }

    /// Closes the file once it has been renamed into place or removed.
    private func forget() {
        Self.lock.lock()
        Self.alive.remove(url.path)
        Self.lock.unlock()
        closeWritten()
    }

    /// Removes every temporary file not yet renamed into place (on SIGINT or SIGTERM); from
    /// then on, making one throws.
    public static func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        stopping = true
        for path in alive { unlink(path) }
        alive.removeAll()
    }

    static func remove(_ files: [TemporaryFile]) {
        for file in files {
            unlink(file.url.path)
            file.forget()
        }
    }
}
