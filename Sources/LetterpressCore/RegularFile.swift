import Foundation

/// Reads a file only if it is a regular file: a FIFO would block the reader until something
/// writes to it, a folder or a device is no text. Notes and themes are read through it.
package enum RegularFile {
    package enum Problem: Error {
        /// `stat` failed with this `errno`.
        case missing(Int32)
        case folder
        /// Another kind of file, with its `st_mode`.
        case special(mode_t)
        /// Opening or reading failed, with `strerror`'s words where there are some.
        case unreadable(String?)

        /// What it is, for a message after the file's name.
        package var reason: String {
            switch self {
            case let .missing(error): return error == ENOENT ? "no such file" : String(cString: strerror(error))
            case .folder: return "is a folder"
            case let .special(mode): return "is \(OutputPath.kind(mode)), not a regular file"
            case let .unreadable(reason): return "cannot be read" + (reason.map { " (\($0))" } ?? "")
            }
        }
    }

    /// The bytes of the regular file at `path`.
    package static func contents(atPath path: String) -> Result<Data, Problem> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(.missing(errno)) }
        guard status.st_mode & S_IFMT != S_IFDIR else { return .failure(.folder) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.special(status.st_mode)) }
        // Non-blocking, should a FIFO have taken the file's place since.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable(nil)) }
        do {
            // readToEnd gives nil, not empty data, for an empty file.
            return .success(try handle.readToEnd() ?? Data())
        } catch {
            return .failure(.unreadable(nil))
        }
    }
}
