import Foundation
import LetterpressCore
import LetterpressTypesetting

/// Writing to a file descriptor without Foundation, whose `FileHandle.write` stops the
/// process when the file refuses the bytes.
package enum Descriptor {
    /// Writes all of `bytes` to `descriptor`, again after an interrupted call; returns the
    /// errno of a write that failed, or nil.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
