/// Splits TeX math source into tokens as TeX's eyes and mouth do (TeXbook, chapter 8): control
/// words swallow the spaces after them, `%` comments run to the line's end, spaces collapse.
enum MathTokenizer {
    /// The tokens of `source`, each with its UTF-8 byte range.
    static func tokens(in source: String) -> [MathToken] {
        var tokens: [MathToken] = []
        let scalars = Array(source.unicodeScalars)
        var index = 0
        var offset = 0
        func advance() {
            offset += UTF8.width(scalars[index])
            index += 1
        }
        while index < scalars.count {
            let start = offset
            let scalar = scalars[index]
            advance()
            switch scalar {
            case "\\":
                let name = readName(scalars, &index, &offset)
                if name == "verb", let text = readVerbatim(scalars, &index, &offset) {
                    tokens.append(MathToken(kind: .verbatim(text), range: start..<offset))
                    continue
                }
                tokens.append(MathToken(kind: .command(name), range: start..<offset))
                if case let .command(name) = tokens[tokens.count - 1].kind, name.first?.isLetter == true {
                    while index < scalars.count, isSpace(scalars[index]) { advance() }
                }
            case "%":
                while index < scalars.count, scalars[index] != "\n" { advance() }
            case "#" where index < scalars.count && ("1"..."9").contains(scalars[index]):
                let number = Int(scalars[index].value - 48)
                advance()
                tokens.append(MathToken(kind: .parameter(number), range: start..<offset))
            case _ where isSpace(scalar):
                while index < scalars.count, isSpace(scalars[index]) { advance() }
                tokens.append(MathToken(kind: .space, range: start..<offset))
            default:
                tokens.append(MathToken(kind: .character(scalar), range: start..<offset))
            }
        }
        return tokens
    }

    /// What `\verb` or `\verb*` quotes: the characters between the first one after it and the
    /// next of the same, nothing inside read as TeX; nil, reading nothing, when it is not closed.
    private static func readVerbatim(_ scalars: [Unicode.Scalar], _ index: inout Int, _ offset: inout Int) -> String? {
        var end = index
        if end < scalars.count, scalars[end] == "*" { end += 1 }
        guard end < scalars.count, !isLetter(scalars[end]), !isSpace(scalars[end]) else { return nil }
        let delimiter = scalars[end]
        let start = end + 1
        guard let close = scalars[start...].firstIndex(of: delimiter) else { return nil }
        offset += scalars[index...close].reduce(0) { $0 + UTF8.width($1) }
        index = close + 1
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<close])
        return String(text)
    }

    /// A control word's letters, or the one character of a control symbol.
    private static func readName(_ scalars: [Unicode.Scalar], _ index: inout Int, _ offset: inout Int) -> String {
        guard index < scalars.count else { return "" }
        var name = String.UnicodeScalarView()
        if isLetter(scalars[index]) {
            while index < scalars.count, isLetter(scalars[index]) {
                name.append(scalars[index])
                offset += UTF8.width(scalars[index])
                index += 1
            }
        } else {
            name.append(scalars[index])
            offset += UTF8.width(scalars[index])
            index += 1
        }
        return String(name)
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
