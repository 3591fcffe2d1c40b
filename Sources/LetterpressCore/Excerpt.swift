/// Text of a note, theme or archive as a message quotes it: short, so that a message never
/// carries a whole file (`theme: /proc/self/environ` printed the environment), and with
/// control characters written as escapes, so that a file cannot move the terminal's cursor,
/// colour its text or reorder it.
package enum Excerpt {
    /// The most Unicode scalars of the text a message quotes; longer text ends with "…".
    package static let maximumLength = 60

    /// `text` cleaned, shortened, and between single quotes.
    package static func quoted(_ text: some StringProtocol) -> String {
        "'" + cleaned(text, maximumLength: maximumLength) + "'"
    }

    /// The most Unicode scalars of a file name from a note or theme that a message quotes.
    static let maximumNameLength = 200

    /// The file name or path `name`, cleaned; a longer one than `maximumNameLength` keeps its
    /// start and its end, where the file's own name is, with "…" between.
    package static func name(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard scalars.count > maximumNameLength else { return cleaned(name) }
        let half = maximumNameLength / 2
        return cleaned(String(scalars.prefix(half))) + "…" + cleaned(String(scalars.suffix(half)))
    }

    /// `text` with control characters (C0, DEL, C1, line and paragraph separators, and the
    /// marks that reorder text) written as `\u{1B}`, and at most `maximumLength` of its
    /// scalars (nil: all), then "…".
    package static func cleaned(_ text: some StringProtocol, maximumLength: Int? = nil) -> String {
        var result = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if let maximumLength, index == maximumLength {
                result += "…"
                break
            }
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
