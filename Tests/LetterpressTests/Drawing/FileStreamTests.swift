import CPangoCairo
import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Cairo's output is gathered before it is written: every byte must still arrive, in order,
/// and a file that refuses them must be reported.
@Suite struct FileStreamTests {
    private func send(_ bytes: [UInt8], to stream: FileStream) -> cairo_status_t {
        bytes.withUnsafeBufferPointer { FileStream.write(stream.context, $0.baseAddress, UInt32($0.count)) }
    }

    @Test func piecesOfEverySizeArriveInOrder() throws {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("out.bin")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let stream = FileStream(handle.fileDescriptor)
        var expected: [UInt8] = []
        // Small pieces, one that fills the buffer exactly, and one larger than the buffer.
        for size in [1, 7, 10, 65_536, 3, 200_000, 2, 65_535, 1] {
            let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ expected.count) }
            #expect(send(piece, to: stream) == CAIRO_STATUS_SUCCESS)
            expected += piece
        }
        #expect(stream.flush())
        #expect(try Data(contentsOf: url) == Data(expected))
    }

    @Test func aFullDiskIsReportedWhenTheBytesAreWritten() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stream = FileStream(descriptor)
        #expect(send(Array(repeating: 1, count: 100), to: stream) == CAIRO_STATUS_SUCCESS, "gathered, not yet written")
        #expect(!stream.flush())
        #expect(stream.failure == ENOSPC)
        #expect(send(Array(repeating: 2, count: 70_000), to: stream) == CAIRO_STATUS_WRITE_ERROR)
    }

    /// The write fails while Cairo hands over bytes, which empties the buffer: the last flush,
    /// with nothing left to write, must still fail (it once reported success, and a PDF cut
    /// short at a file-size limit replaced a good one).
    @Test func aWriteRefusedEarlierFailsTheLastFlush() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stream = FileStream(descriptor)
        #expect(send(Array(repeating: 1, count: 40_000), to: stream) == CAIRO_STATUS_SUCCESS)
        #expect(send(Array(repeating: 2, count: 40_000), to: stream) == CAIRO_STATUS_WRITE_ERROR)
        #expect(!stream.flush())
        #expect(stream.failure == ENOSPC)
    }
}
