import Foundation
import Letterpress

/// Standard output, written through its descriptor so that a full disk or a closed pipe
/// becomes an error that names it (FileHandle's `write(_:)` stops the process instead).
enum StandardOutput {

    static func write(_ data: Data) throws {
        if let failure = data.withUnsafeBytes({ Descriptor.writeAll($0, to: STDOUT_FILENO) }) {
            throw LetterpressError.outputFailed(file: "standard output", reason: String(cString: strerror(failure)))
        }
    }

    /// Writes what `print` left in the C library's buffer; throws if that, or an earlier
    /// write, failed.
    static func flush() throws {
        guard !flushedStandardStream() else { return }
        throw LetterpressError.outputFailed(file: "standard output", reason: String(cString: strerror(errno == 0 ? EIO : errno)))
    }
}
