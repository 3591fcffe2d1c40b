import CCairo
import Foundation
import LetterpressCore
import LetterpressTypesetting

/// Where Cairo's PDF and SVG surfaces write: an open file descriptor, and the errno of the
/// first write that failed. Cairo hands over a PDF a few bytes at a time (some 19,000 pieces
/// for an 80-page book), so the pieces are gathered and written 64 KB at a time.
final class FileStream {
    let descriptor: Int32
    var failure: Int32?
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FileStream.capacity, alignment: 1)
    private var used = 0
    private static let capacity = 1 << 16

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        buffer.deallocate()
    }

    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let write: cairo_write_func_t = { context, data, length in
        let stream = Unmanaged<FileStream>.fromOpaque(context!).takeUnretainedValue()
        return stream.append(UnsafeRawBufferPointer(start: data, count: Int(length)))
            ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    private func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        if used + bytes.count > Self.capacity {
            guard flush() else { return false }
        }
        if bytes.count >= Self.capacity { return writeAll(bytes) }
        UnsafeMutableRawBufferPointer(rebasing: buffer[used..<used + bytes.count]).copyMemory(from: bytes)
        used += bytes.count
        return true
    }

    /// Refuses every later write: the file is to be removed.
    func abandon() {
        failure = ECANCELED
    }

    /// Writes the bytes gathered so far; false, with `failure` set, when the file refuses them
    /// or refused earlier bytes (Cairo 1.16 does not report a write that failed as it finished
    /// a PDF, and nothing may be left to write by then).
    func flush() -> Bool {
        defer { used = 0 }
        return failure == nil && writeAll(UnsafeRawBufferPointer(rebasing: buffer[0..<used]))
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let error = Descriptor.writeAll(bytes, to: descriptor) else { return true }
        failure = error
        return false
    }
}
