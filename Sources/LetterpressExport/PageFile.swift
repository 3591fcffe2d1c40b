import LetterpressCore

/// A file a `PageWriter` writes one output file's bytes to: a temporary file beside the
/// destination, renamed into place when the output is finished, or a `MemoryFile` whose bytes
/// the caller takes. Writers write through the descriptor (Cairo's streams and the PNG encoder
/// alike), so they need not know which.
package protocol PageFile: AnyObject, Sendable {
    /// Open for writing while the file is written.
    var descriptor: Int32 { get }
    /// Says the file's bytes are all written: a temporary file is flushed to the disk and
    /// closed, so that a long document does not hold a descriptor a page.
    func closeWritten()
}

extension TemporaryFile: PageFile {}
