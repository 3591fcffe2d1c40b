import Foundation

extension StringProtocol {
    /// Whether `needle` occurs in the text, compared byte for byte. Foundation's `contains`
    /// goes through `NSString` and UTF-16, some 200 instructions a byte: on a 13 MB note its six
    /// searches for markers took longer than parsing it.
    package func containsBytes(_ needle: some StringProtocol) -> Bool {
        guard !needle.isEmpty else { return false }
        let found = utf8.withContiguousStorageIfAvailable { text in
            needle.utf8.withContiguousStorageIfAvailable { pattern in Self.occurs(pattern, in: text) }
        }
        if let found = found ?? nil { return found }
        // Text kept elsewhere than in a native string's buffer: copied into one.
        var text = String(self), pattern = String(needle)
        return text.withUTF8 { text in pattern.withUTF8 { Self.occurs($0, in: text) } }
    }

    /// `body` given the text's UTF-8 bytes in place: a loop over `utf8` costs some ten times
    /// more a byte, which a scan of a whole note feels.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = String(self)
        return try text.withUTF8(body)
    }

    /// Whether `pattern` (not empty) occurs in `text`: `memchr` finds each candidate's first
    /// byte, `memcmp` checks the rest.
    private static func occurs(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = text.baseAddress, let wanted = pattern.baseAddress, pattern.count <= text.count else { return false }
        let lastStart = start + (text.count - pattern.count)
        var from = start
        while from <= lastStart {
            guard let hit = memchr(from, Int32(wanted.pointee), lastStart - from + 1) else { return false }
            let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(candidate, wanted, pattern.count) == 0 { return true }
            from = candidate + 1
        }
        return false
    }
}
