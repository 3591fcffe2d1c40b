import Foundation

/// A formula as readable Unicode text, for the PDF outline and text search: `x² + y²`,
/// `a/(b + c)`, `√x`, never a TeX command.
enum PlainTextWriter {
    /// `list` as plain text.
    static func text(of list: MathList) -> String {
        var text = CollapsedText()
        for atom in list.atoms {
            let part = self.text(of: atom)
            guard !part.isEmpty else { continue }
            switch atom.atomClass {
            case .relation, .binary, .largeOperator:
                text.appendSpace()
                text.append(part)
                text.appendSpace()
            case .punctuation:
                text.append(part)
                text.appendSpace()
            default:
                text.append(part)
            }
        }
        return text.string
    }

    /// One atom with its scripts.
    private static func text(of atom: MathAtom) -> String {
        var text = nucleus(atom.nucleus)
        if let lower = atom.subscript { text += script(self.text(of: lower), forms: subscripts, mark: "_") }
        if let superscript = atom.superscript { text += script(self.text(of: superscript), forms: superscripts, mark: "^") }
        return text
    }

    private static func nucleus(_ nucleus: MathAtom.Nucleus) -> String {
        switch nucleus {
        case let .symbol(symbol): return MathAlphabet.plain(symbol)
        case let .text(pieces):
            return pieces.map { piece in
                switch piece {
                case let .text(text, _): return text
                case let .math(list): return text(of: list)
                }
            }.joined()
        case let .group(list), let .boxed(list), let .cancelled(list, _), let .colored(_, list): return text(of: list)
        case let .fraction(fraction):
            let numerator = text(of: fraction.numerator), denominator = text(of: fraction.denominator)
            guard fraction.hasRule else { return "(\(numerator) \(fraction.left == nil ? "over" : "choose") \(denominator))" }
            return "\(grouped(numerator))/\(grouped(denominator))"
        case let .radical(radicand, degree):
            let root = ["3": "∛", "4": "∜"][degree.map { text(of: $0) } ?? ""]
                ?? (degree.map { script(text(of: $0), forms: superscripts, mark: "^") } ?? "") + "√"
            return root + grouped(text(of: radicand))
        case let .fenced(fenced):
            var text = fenced.left ?? ""
            for (index, part) in fenced.parts.enumerated() {
                text += self.text(of: part)
                if index < fenced.middles.count { text += " \(fenced.middles[index] ?? "") " }
            }
            return text + (fenced.right ?? "")
        case let .sizedDelimiter(delimiter, _): return delimiter
        case let .accent(accent): return accented(text(of: accent.base), accent.mark)
        case let .underOver(underOver):
            let base = text(of: underOver.base)
            return base.isEmpty ? (underOver.over ?? underOver.under ?? "") : base
        case let .overline(list): return accented(text(of: list), "\u{305}")
        case let .underline(list): return text(of: list)
        case let .space(ems): return ems >= 0.25 ? " " : ""
        case .style, .phantom: return ""
        case let .negated(list): return text(of: list) + "\u{338}"
        case let .array(array): return arrayText(array)
        case let .reference(label, parenthesized): return parenthesized ? "(\(label))" : label
        case let .error(source): return source.replacingOccurrences(of: "\\", with: "")
        }
    }

    private static func arrayText(_ array: MathArray) -> String {
        let separator = array.layout == .matrix ? " " : ""
        let rows = array.rows.map { $0.map { text(of: $0) }.joined(separator: separator) }
        let joined = rows.joined(separator: array.layout == .matrix ? "; " : ", ")
        return (array.left ?? "") + joined + (array.right ?? "")
    }

    /// A script in Unicode's superscript or subscript characters where each has one, else
    /// after `^` or `_`, in parentheses when longer than a character.
    private static func script(_ text: String, forms: [Unicode.Scalar: Unicode.Scalar], mark: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar != " " { scalars.append(scalar) }
        guard !scalars.isEmpty else { return "" }
        if scalars.allSatisfy({ $0 == "′" || $0 == "″" || $0 == "‴" }) { return String(scalars) }
        var formed = String.UnicodeScalarView()
        for scalar in scalars {
            guard let form = forms[scalar] else {
                let text = String(scalars)
                return mark + (scalars.count == 1 || text.count == 1 ? text : "(\(text))")
            }
            formed.append(form)
        }
        return String(formed)
    }

    private static func grouped(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) { return text }
        return text.count <= 1 || text.allSatisfy({ $0.isLetter || $0.isNumber }) ? text : "(\(text))"
    }

    /// A combining accent on a one-character base; longer bases are left as they are.
    private static func accented(_ base: String, _ mark: String) -> String {
        let combining: String? = switch mark {
        case "\u{2192}": "\u{20D7}"
        case _ where mark.unicodeScalars.allSatisfy({ (0x300...0x36F).contains($0.value) || (0x20D0...0x20FF).contains($0.value) }): mark
        default: nil
        }
        guard let combining, base.count == 1 else { return base }
        return base + combining
    }

    /// Text built with single spaces between words and none at either end, as words split on
    /// spaces and joined with one would be, without splitting.
    private struct CollapsedText {
        private var utf8: [UInt8] = []
        private var isSpacePending = false

        mutating func appendSpace() {
            isSpacePending = !utf8.isEmpty
        }

        mutating func append(_ text: String) {
            for byte in text.utf8 {
                if byte == 0x20 {
                    appendSpace()
                    continue
                }
                if isSpacePending {
                    utf8.append(0x20)
                    isSpacePending = false
                }
                utf8.append(byte)
            }
        }

        var string: String { String(decoding: utf8, as: UTF8.self) }
    }

    private static let superscripts: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
        "+": "⁺", "−": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "n": "ⁿ", "i": "ⁱ", "a": "ᵃ", "b": "ᵇ", "c": "ᶜ",
        "d": "ᵈ", "e": "ᵉ", "f": "ᶠ", "g": "ᵍ", "h": "ʰ", "j": "ʲ", "k": "ᵏ", "l": "ˡ", "m": "ᵐ", "o": "ᵒ",
        "p": "ᵖ", "r": "ʳ", "s": "ˢ", "t": "ᵗ", "u": "ᵘ", "v": "ᵛ", "w": "ʷ", "x": "ˣ", "y": "ʸ", "z": "ᶻ",
        "T": "ᵀ", "′": "′",
    ]

    private static let subscripts: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
        "+": "₊", "−": "₋", "=": "₌", "(": "₍", ")": "₎", "a": "ₐ", "e": "ₑ", "o": "ₒ", "x": "ₓ", "h": "ₕ",
        "k": "ₖ", "l": "ₗ", "m": "ₘ", "n": "ₙ", "p": "ₚ", "s": "ₛ", "t": "ₜ", "i": "ᵢ", "j": "ⱼ", "r": "ᵣ",
        "u": "ᵤ", "v": "ᵥ",
    ]
}
