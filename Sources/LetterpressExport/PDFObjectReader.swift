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
    /// Each object's offset, by its number; nil for a free one.
    private let offsets: [Int?]
    /// The trailer's dictionary.
    let trailer: String

    var objectCount: Int { offsets.count }

    init?(_ descriptor: Int32) {
        self.descriptor = descriptor
        let end = lseek(descriptor, 0, SEEK_END)
        guard end > 0 else { return nil }
        size = Int(end)
        let tailStart = max(0, size - 1024)
        guard let tail = Self.read(descriptor, at: tailStart, count: size - tailStart),
              let marker = tail.range(of: "startxref", options: .backwards),
              let start = Int(tail[marker.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0.isNumber }),
              start < size, let table = Self.read(descriptor, at: start, count: size - start) else { return nil }
        crossReference = start
        // "xref", "0 N", N entries "oooooooooo ggggg n", then "trailer" and its dictionary.
        let lines = table.split(whereSeparator: \.isNewline)
        guard lines.count > 2, lines[0].hasPrefix("xref") else { return nil }
        let section = lines[1].split(separator: " ")
        guard section.count == 2, section[0] == "0", let count = Int(section[1]), lines.count > count + 2 else { return nil }
        offsets = lines[2 ..< 2 + count].map { entry in
            entry.hasSuffix("n") || entry.hasSuffix("n ") ? Int(entry.prefix(10)) : nil
        }
        guard let trailerStart = table.range(of: "trailer"), let trailerEnd = table.range(of: "startxref", options: .backwards),
              trailerStart.upperBound <= trailerEnd.lowerBound else { return nil }
        trailer = String(table[trailerStart.upperBound ..< trailerEnd.lowerBound])
    }

    /// The text of object `number` between `obj` and `endobj`, for a dictionary (never a stream).
    func object(_ number: Int) -> String? {
        guard number >= 0, number < offsets.count, let offset = offsets[number] else { return nil }
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
