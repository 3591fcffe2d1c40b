/// Letters and digits set in a font variant through Unicode's Mathematical Alphanumeric
/// Symbols (U+1D400–U+1D7FF), with the letters that block leaves out because they were encoded
/// before it (ℎ, ℬ, ℝ …), and back to plain letters for plain text.
enum MathAlphabet {
    /// `scalar` in `variant`, or in TeX's default when `variant` is nil: Latin letters and
    /// lowercase Greek in italic, digits and uppercase Greek upright. Other characters are
    /// returned as they are.
    static func map(_ scalar: Unicode.Scalar, _ variant: MathVariant?) -> String {
        let variant = variant ?? defaultVariant(of: scalar)
        if let hole = hole(scalar, variant) { return String(hole) }
        let value = scalar.value
        var mapped: UInt32?
        switch value {
        case 0x41...0x5A:
            mapped = latinStart(variant).map { $0 + value - 0x41 }
        case 0x61...0x7A:
            mapped = latinStart(variant).map { $0 + 26 + value - 0x61 }
        case 0x30...0x39:
            mapped = digitStart(variant).map { $0 + value - 0x30 }
        case 0x391...0x3A9:
            mapped = greekStart(variant).map { $0 + value - 0x391 }
        case 0x3B1...0x3C9:
            mapped = greekStart(variant).map { $0 + 26 + value - 0x3B1 }
        default:
            mapped = greekSymbols[scalar].flatMap { offset in greekStart(variant).map { $0 + offset } }
        }
        return String(mapped.flatMap(Unicode.Scalar.init) ?? scalar)
    }

    /// `text` in `variant`, character by character: `\text` pieces in a variant.
    static func styled(_ text: String, _ variant: MathVariant) -> String {
        text.unicodeScalars.map { map($0, variant) }.joined()
    }

    /// The variant a letter gets without a font command.
    static func defaultVariant(of scalar: Unicode.Scalar) -> MathVariant {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x3B1...0x3C9: return .italic
        case _ where greekSymbols[scalar] != nil && scalar != "∇": return .italic
        default: return .normal
        }
    }

    /// `text` with every mathematical alphanumeric back to its plain letter or digit.
    static func plain(_ text: String) -> String {
        // Most symbols are plain already: only the block and ℎ are mapped back.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x1D400 || $0 == "ℎ" }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(plainLetters[scalar] ?? scalar)
        }
        return String(result)
    }

    private static func latinStart(_ variant: MathVariant) -> UInt32? {
        switch variant {
        case .normal: return nil
        case .bold: return 0x1D400
        case .italic: return 0x1D434
        case .boldItalic: return 0x1D468
        case .script: return 0x1D49C
        case .boldScript: return 0x1D4D0
        case .fraktur: return 0x1D504
        case .doubleStruck: return 0x1D538
        case .boldFraktur: return 0x1D56C
        case .sansSerif: return 0x1D5A0
        case .sansSerifBold: return 0x1D5D4
        case .sansSerifItalic: return 0x1D608
        case .monospace: return 0x1D670
        }
    }

    private static func digitStart(_ variant: MathVariant) -> UInt32? {
        switch variant {
        case .bold, .boldItalic: return 0x1D7CE
        case .doubleStruck: return 0x1D7D8
        case .sansSerif, .sansSerifItalic: return 0x1D7E2
        case .sansSerifBold: return 0x1D7EC
        case .monospace: return 0x1D7F6
        default: return nil
        }
    }

    /// Each Greek alphabet is 58 characters: Α…Ω (ϴ in the gap at U+03A2), ∇, α…ω, then ∂ ϵ ϑ ϰ ϕ ϱ ϖ.
    private static func greekStart(_ variant: MathVariant) -> UInt32? {
        switch variant {
        case .bold: return 0x1D6A8
        case .italic: return 0x1D6E2
        case .boldItalic: return 0x1D71C
        case .sansSerifBold: return 0x1D756
        default: return nil
        }
    }

    private static let greekSymbols: [Unicode.Scalar: UInt32] = [
        "ϴ": 17, "∇": 25, "∂": 51, "ϵ": 52, "ϑ": 53, "ϰ": 54, "ϕ": 55, "ϱ": 56, "ϖ": 57,
    ]

    /// Letters encoded in Letterlike Symbols, whose places in the block are unassigned.
    private static func hole(_ scalar: Unicode.Scalar, _ variant: MathVariant) -> Unicode.Scalar? {
        switch variant {
        case .italic: return scalar == "h" ? "ℎ" : nil
        case .script: return scriptHoles[scalar]
        case .fraktur: return frakturHoles[scalar]
        case .doubleStruck: return doubleStruckHoles[scalar]
        default: return nil
        }
    }

    private static let scriptHoles: [Unicode.Scalar: Unicode.Scalar] = [
        "B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ", "e": "ℯ", "g": "ℊ", "o": "ℴ",
    ]
    private static let frakturHoles: [Unicode.Scalar: Unicode.Scalar] = ["C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"]
    private static let doubleStruckHoles: [Unicode.Scalar: Unicode.Scalar] = [
        "C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ",
    ]

    /// Every character of the block back to its plain one, for `Formula.plainText`; the
    /// Letterlike ones stay (ℝ reads better than R), except the italic ℎ.
    private static let plainLetters: [Unicode.Scalar: Unicode.Scalar] = {
        var letters: [Unicode.Scalar: Unicode.Scalar] = [:]
        let plain = (0x41...0x5A).compactMap(Unicode.Scalar.init) + (0x61...0x7A).compactMap(Unicode.Scalar.init)
            + (0x30...0x39).compactMap(Unicode.Scalar.init) + (0x391...0x3A9).compactMap(Unicode.Scalar.init)
            + (0x3B1...0x3C9).compactMap(Unicode.Scalar.init) + Array(greekSymbols.keys)
        let variants: [MathVariant] = [.bold, .italic, .boldItalic, .script, .boldScript, .fraktur, .boldFraktur,
                                       .doubleStruck, .sansSerif, .sansSerifBold, .sansSerifItalic, .monospace]
        for variant in variants {
            for scalar in plain {
                let mapped = map(scalar, variant).unicodeScalars
                if let first = mapped.first, mapped.count == 1, first.value >= 0x1D400 || first == "ℎ" {
                    letters[first] = scalar
                }
            }
        }
        return letters
    }()
}
