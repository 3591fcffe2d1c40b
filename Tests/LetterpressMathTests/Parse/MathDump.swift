@testable import LetterpressMath

/// A math list as one line of text, for tests that compare structure at a glance:
/// `ord 𝑥^{ord 2} bin + ord 𝑦`.
enum MathDump {
    static func dump(_ list: MathList) -> String {
        list.atoms.map(dump).joined(separator: " ")
    }

    static func dump(_ atom: MathAtom) -> String {
        var text = "\(name(atom.atomClass)) \(nucleus(atom.nucleus))"
        if let lower = atom.subscript { text += "_{\(dump(lower))}" }
        if let upper = atom.superscript { text += "^{\(dump(upper))}" }
        switch atom.limits {
        case .automatic: break
        case .limits: text += " limits"
        case .noLimits: text += " nolimits"
        }
        return text
    }

    static func name(_ atomClass: AtomClass) -> String {
        switch atomClass {
        case .ordinary: return "ord"
        case .largeOperator: return "op"
        case .binary: return "bin"
        case .relation: return "rel"
        case .opening: return "open"
        case .closing: return "close"
        case .punctuation: return "punct"
        case .inner: return "inner"
        }
    }

    static func nucleus(_ nucleus: MathAtom.Nucleus) -> String {
        switch nucleus {
        case let .symbol(text): return text
        case let .text(pieces):
            return "text(" + pieces.map { piece in
                switch piece {
                case let .text(text, variant): return "\"\(text)\"\(variant == .normal ? "" : ":\(variant)")"
                case let .math(list): return "$\(dump(list))$"
                }
            }.joined(separator: ", ") + ")"
        case let .group(list): return "{\(dump(list))}"
        case let .fraction(fraction):
            var flags = ""
            if !fraction.hasRule { flags += " norule" }
            if let left = fraction.left { flags += " \(left)\(fraction.right ?? "")" }
            if let style = fraction.style { flags += " \(style)" }
            if fraction.isContinued { flags += " continued" }
            return "frac({\(dump(fraction.numerator))}, {\(dump(fraction.denominator))}\(flags))"
        case let .radical(radicand, degree):
            return "sqrt(" + (degree.map { "[\(dump($0))] " } ?? "") + "{\(dump(radicand))})"
        case let .fenced(fenced):
            var text = "fenced(\(fenced.left ?? ".")"
            for (index, part) in fenced.parts.enumerated() {
                text += " {\(dump(part))}"
                if index < fenced.middles.count { text += " \(fenced.middles[index] ?? ".")" }
            }
            return text + " \(fenced.right ?? "."))"
        case let .sizedDelimiter(delimiter, level): return "big\(level)(\(delimiter))"
        case let .accent(accent):
            let mark = accent.mark.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined()
            return "accent(U+\(mark)\(accent.isWide ? " wide" : "")\(accent.isBelow ? " below" : "") {\(dump(accent.base))})"
        case let .underOver(underOver):
            var text = "underover({\(dump(underOver.base))}"
            if let over = underOver.over { text += " over:\(over)" }
            if let under = underOver.under { text += " under:\(under)" }
            if let label = underOver.overLabel { text += " ^{\(dump(label))}" }
            if let label = underOver.underLabel { text += " _{\(dump(label))}" }
            return text + ")"
        case let .overline(list): return "overline({\(dump(list))})"
        case let .underline(list): return "underline({\(dump(list))})"
        case let .space(ems): return "space(\(String(format: "%.3f", ems)))"
        case let .style(style): return "style(\(style))"
        case let .colored(color, list): return "color(\(color.description) {\(dump(list))})"
        case let .boxed(list): return "boxed({\(dump(list))})"
        case let .cancelled(list, cancel): return "cancel(\(cancel) {\(dump(list))})"
        case let .phantom(list, phantom): return "phantom(\(phantom) {\(dump(list))})"
        case let .negated(list): return "not({\(dump(list))})"
        case let .array(array):
            let rows = array.rows.map { $0.map { "{\(dump($0))}" }.joined(separator: " & ") }.joined(separator: " \\\\ ")
            return "array(\(array.layout) \(rows))"
        case let .reference(label, parenthesized): return "\(parenthesized ? "eqref" : "ref")(\(label))"
        case let .error(source): return "error(\(source))"
        }
    }
}
