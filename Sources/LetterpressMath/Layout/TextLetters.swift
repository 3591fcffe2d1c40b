/// The letters and digits of a `\text` piece in its variant (`\textbf`, `\textit`), through
/// Unicode's Mathematical Alphanumeric Symbols, the only letters a math font has in each.
/// The parser's `MathAlphabet` maps math letters the same way; when both branches meet, this
/// can become a call to it.
enum TextLetters {
    /// Where a variant's capital A, small a and digit zero are (0 when it has no digits).
    private static let starts: [MathVariant: (upper: UInt32, lower: UInt32, digit: UInt32)] = [
        .bold: (0x1D400, 0x1D41A, 0x1D7CE),
        .italic: (0x1D434, 0x1D44E, 0),
        .boldItalic: (0x1D468, 0x1D482, 0),
        .script: (0x1D49C, 0x1D4B6, 0),
        .boldScript: (0x1D4D0, 0x1D4EA, 0),
        .fraktur: (0x1D504, 0x1D51E, 0),
        .doubleStruck: (0x1D538, 0x1D552, 0x1D7D8),
        .boldFraktur: (0x1D56C, 0x1D586, 0),
        .sansSerif: (0x1D5A0, 0x1D5BA, 0x1D7E2),
        .sansSerifBold: (0x1D5D4, 0x1D5EE, 0x1D7EC),
        .sansSerifItalic: (0x1D608, 0x1D622, 0),
        .monospace: (0x1D670, 0x1D68A, 0x1D7F6),
    ]

    /// The letters Unicode had encoded before the block, which it leaves as holes there.
    private static let holes: [UInt32: UInt32] = [
        0x1D455: 0x210E, 0x1D49D: 0x212C, 0x1D4A0: 0x2130, 0x1D4A1: 0x2131, 0x1D4A3: 0x210B, 0x1D4A4: 0x2110,
        0x1D4A7: 0x2112, 0x1D4A8: 0x2133, 0x1D4AD: 0x211B, 0x1D4BA: 0x212F, 0x1D4BC: 0x210A, 0x1D4C4: 0x2134,
        0x1D506: 0x212D, 0x1D50B: 0x210C, 0x1D50C: 0x2111, 0x1D515: 0x211C, 0x1D51D: 0x2128, 0x1D53A: 0x2102,
        0x1D53F: 0x210D, 0x1D545: 0x2115, 0x1D547: 0x2119, 0x1D548: 0x211A, 0x1D549: 0x211D, 0x1D551: 0x2124,
    ]

    /// `text` with its ASCII letters and digits in `variant`; other characters as they are.
    static func styled(_ text: String, _ variant: MathVariant) -> String {
        guard let start = starts[variant] else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            var mapped = value
            switch value {
            case 0x41...0x5A: mapped = start.upper + value - 0x41
            case 0x61...0x7A: mapped = start.lower + value - 0x61
            case 0x30...0x39 where start.digit != 0: mapped = start.digit + value - 0x30
            default: break
            }
            mapped = holes[mapped] ?? mapped
            result.append(Unicode.Scalar(mapped) ?? scalar)
        }
        return String(result)
    }
}
