/// Splits TeX math source into tokens as TeX's eyes and mouth do (TeXbook, chapter 8): control
/// words swallow the spaces after them, `%` comments run to the line's end, spaces collapse.
enum MathTokenizer {
    /// The tokens of `source`, each with its UTF-8 byte range.
    static func tokens(in source: String) -> [MathToken] {
        var source = source
        return source.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.tokens()
        }
    }

    /// A pass over the source's UTF-8 bytes: TeX's special characters and command names are
    /// ASCII, so only other characters are decoded.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func tokens() -> [MathToken] {
            var tokens: [MathToken] = []
            tokens.reserveCapacity(bytes.count)
            while offset < bytes.count {
                let start = offset
                let scalar = nextScalar()
                switch scalar {
                case "\\":
                    let name = readName()
                    if name == "verb", let text = readVerbatim() {
                        tokens.append(MathToken(kind: .verbatim(text), range: start..<offset))
                        continue
                    }
                    tokens.append(MathToken(kind: .command(name), range: start..<offset))
                    if let first = name.utf8.first, isLetter(first) { skip(while: isSpace) }
                case "%":
                    skip { $0 != 0x0A }
                case "#" where offset < bytes.count && (0x31...0x39).contains(bytes[offset]):
                    let number = Int(bytes[offset] - 0x30)
                    offset += 1
                    tokens.append(MathToken(kind: .parameter(number), range: start..<offset))
                case _ where scalar.isASCII && isSpace(UInt8(scalar.value)):
                    skip(while: isSpace)
                    tokens.append(MathToken(kind: .space, range: start..<offset))
                default:
                    tokens.append(MathToken(kind: .character(scalar), range: start..<offset))
                }
            }
            return tokens
        }

        /// The character at `offset`, decoded from valid UTF-8 (a `String`'s), and past it.
        private mutating func nextScalar() -> Unicode.Scalar {
            let lead = bytes[offset]
            guard lead >= 0x80 else {
                offset += 1
                return Unicode.Scalar(lead)
            }
            let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = UInt32(lead) & (0xFF >> (width + 1))
            for index in offset + 1..<offset + width {
                value = value << 6 | UInt32(bytes[index] & 0x3F)
            }
            offset += width
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }

        private mutating func skip(while condition: (UInt8) -> Bool) {
            while offset < bytes.count, condition(bytes[offset]) { offset += 1 }
        }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// A control word's letters, or the one character of a control symbol.
        private mutating func readName() -> String {
            guard offset < bytes.count else { return "" }
            let start = offset
            if isLetter(bytes[offset]) {
                skip(while: isLetter)
            } else {
                _ = nextScalar()
            }
            return text(start..<offset)
        }

        /// What `\verb` or `\verb*` quotes: the characters between the first one after it and
        /// the next of the same, nothing inside read as TeX; nil, reading nothing, when it is
        /// not closed.
        private mutating func readVerbatim() -> String? {
            let saved = offset
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "*") { offset += 1 }
            guard offset < bytes.count, !isLetter(bytes[offset]), !isSpace(bytes[offset]) else {
                offset = saved
                return nil
            }
            let delimiterStart = offset
            _ = nextScalar()
            let delimiter = bytes[delimiterStart..<offset]
            let start = offset
            while offset + delimiter.count <= bytes.count {
                if bytes[offset..<offset + delimiter.count].elementsEqual(delimiter) {
                    let quoted = text(start..<offset)
                    offset += delimiter.count
                    return quoted
                }
                offset += 1
            }
            offset = saved
            return nil
        }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
