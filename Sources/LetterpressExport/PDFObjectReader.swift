import Foundation
import LetterpressCore

/// Reads objects back from a PDF Cairo 1.16 has just finished writing to `descriptor`: its
/// cross-reference table (one section, as Cairo writes it), its trailer, and an object's text
/// by its number. Nil wherever the file is not as Cairo writes it.
struct PDFObjectReader {
    let descriptor: Int32
    /// The file's length: where an update goes.
    let size: Int
    /// Where the cross-reference table starts.
    let crossReference: Int
    /// Where its entries start: 20 bytes each, by object number, so that finding an object
    /// reads one entry, not the table (some 20 bytes an element of the structure tree).
    private let entries: Int
    let objectCount: Int
    /// The trailer's dictionary.
    let trailer: String

    init?(_ descriptor: Int32) {
        self.descriptor = descriptor
        let end = lseek(descriptor, 0, SEEK_END)
        guard end > 0 else { return nil }
        size = Int(end)
        // The trailer and `startxref` end the file, in its last few hundred bytes.
        let tailStart = max(0, size - 1024)
        guard let tail = Self.read(descriptor, at: tailStart, count: size - tailStart),
              let marker = tail.range(of: "startxref", options: .backwards),
              let start = Int(tail[marker.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0.isNumber }),
              let trailerStart = tail.range(of: "trailer", options: .backwards), trailerStart.upperBound <= marker.lowerBound,
              start < size, let head = Self.read(descriptor, at: start, count: min(64, size - start)) else { return nil }
        crossReference = start
        trailer = String(tail[trailerStart.upperBound ..< marker.lowerBound])
        // "xref", then one section "0 N" (Cairo writes one).
        let lines = head.split(separator: "\n", maxSplits: 2)
        guard lines.count == 3, lines[0] == "xref" else { return nil }
        let section = lines[1].split(separator: " ")
        guard section.count == 2, section[0] == "0", let count = Int(section[1]) else { return nil }
        objectCount = count
        entries = start + lines[0].utf8.count + lines[1].utf8.count + 2
    }

    /// The text of object `number` between `obj` and `endobj`, for a dictionary (never a stream).
    func object(_ number: Int) -> String? {
        guard number > 0, number < objectCount, let entry = Self.read(descriptor, at: entries + 20 * number, count: 20),
              entry.dropFirst(17).hasPrefix("n"), let offset = Int(entry.prefix(10)), offset < size else { return nil }
        var count = 512
        while offset < size {
            guard let text = Self.read(descriptor, at: offset, count: min(count, size - offset)) else { return nil }
            if let head = text.range(of: "obj"), let end = text.range(of: "endobj"), head.upperBound <= end.lowerBound {
                return String(text[head.upperBound ..< end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard count < size - offset else { return nil }
            count *= 4
        }
        return nil
    }

    /// The number `key` is followed by in `dictionary` (`/Root 12 0 R` gives 12).
    static func number(after key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key + " ") else { return nil }
        return Int(dictionary[range.upperBound...].prefix { $0.isNumber })
    }

    /// The objects a structure element's `/K` names (`/K 5 0 R`, `/K [ 5 0 R 6 0 R ]`), in order.
    static func kids(in dictionary: String) -> [Int] {
        guard let range = dictionary.range(of: "/K ") else { return [] }
        var rest = dictionary[range.upperBound...]
        if rest.first == "[" {
            rest = rest.dropFirst().prefix { $0 != "]" }
        } else {
            rest = rest.prefix { $0 != "\n" }
        }
        let words = rest.split(whereSeparator: \.isWhitespace)
        return words.indices.compactMap { index in
            index + 2 < words.count && words[index + 2] == "R" && words[index + 1] == "0" ? Int(words[index]) : nil
        }
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> String? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return nil }
            done += read
        }
        // Binary bytes (a stream's) read as replacement characters; the dictionaries are ASCII.
        return String(decoding: bytes, as: UTF8.self)
    }
}
