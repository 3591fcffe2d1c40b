import CMemoryFile
import Foundation
import LetterpressCore

/// An output file that lives in memory, for a caller that wants the bytes rather than a file
/// (`OutputWriter.data(for:)`, `Renderer.render(markdown:)`): nothing is written to a folder,
/// and nothing is left behind if the process is killed.
package final class MemoryFile: PageFile {
    package let descriptor: Int32

    package init() throws {
        descriptor = letterpress_memory_file("letterpress-page")
        guard descriptor >= 0 else {
            throw LetterpressError.outputFailed(file: "<memory>", reason: String(cString: strerror(errno)))
        }
    }

    deinit { close(descriptor) }

    /// Kept open: the bytes are read back from it.
    package func closeWritten() {}

    /// The bytes written.
    package func contents() throws -> Data {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size >= 0 else { throw Self.failure(errno) }
        var data = Data(count: Int(size))
        var offset = 0
        try data.withUnsafeMutableBytes { buffer in
            while offset < buffer.count {
                let read = pread(descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { throw Self.failure(read < 0 ? errno : EIO) }
                offset += read
            }
        }
        return data
    }

    private static func failure(_ code: Int32) -> LetterpressError {
        .outputFailed(file: "<memory>", reason: String(cString: strerror(code)))
    }
}
