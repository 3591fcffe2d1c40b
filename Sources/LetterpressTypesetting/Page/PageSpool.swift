import Foundation
import LetterpressCore

/// Pages that wait for the document's page count (a header or footer shows `{pages}`), kept
/// as records in a nameless temporary file rather than in memory, and read back one at a time
/// once the count is known: memory then holds a page or two however long the document.
final class PageSpool {
    private let file: UnsafeMutablePointer<FILE>
    private let tables = PageRecordTables()
    /// Each record's length, in order.
    private var lengths: [Int] = []

    /// The spool; fails when no temporary file can be made in the temporary folder (`TMPDIR`).
    init() throws {
        var template = Array(FileManager.default.temporaryDirectory
            .appendingPathComponent("letterpress-pages-XXXXXX").path.utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw Self.failure(errno) }
        // Nameless from here on: nothing is left behind, however the process ends.
        unlink(template)
        guard let file = fdopen(descriptor, "w+") else {
            let error = errno
            close(descriptor)
            throw Self.failure(error)
        }
        self.file = file
    }

    deinit { fclose(file) }

    var count: Int { lengths.count }

    func append(_ content: Paginator.PageContent) throws {
        var writer = PageRecordWriter(tables: tables)
        writer.write(content)
        let written = writer.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == writer.bytes.count else { throw failure() }
        lengths.append(written)
    }

    /// Reads the pages back in order, handing each to `body`, and empties the spool.
    func drain(_ body: (Paginator.PageContent) throws -> Void) throws {
        guard fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else { throw failure() }
        for length in lengths {
            var bytes = [UInt8](repeating: 0, count: length)
            guard fread(&bytes, 1, length, file) == length else { throw failure() }
            var reader = PageRecordReader(bytes, tables: tables)
            try body(reader.readContent())
        }
        lengths = []
        guard fseek(file, 0, SEEK_SET) == 0, ftruncate(fileno(file), 0) == 0 else { throw failure() }
    }

    private func failure() -> LetterpressError { Self.failure(errno) }

    private static func failure(_ error: Int32) -> LetterpressError {
        .outputFailed(file: "the temporary file of pages waiting for the page count", reason: String(cString: strerror(error)))
    }
}
