import Foundation
import LetterpressMath

/// What Markup takes of the TeX parser's reading of one formula: the plain Unicode text runs
/// and outlines show, the equation tags in order (the formula's own, then each numbered row's),
/// the labels given outside a tag, the labels its `\ref`s and `\eqref`s name, and its problems,
/// at UTF-8 offsets in the TeX.
struct FormulaReading {
    struct Label {
        var name: String
        var offset: Int?
    }

    struct Reference {
        var label: String
        /// `ref` or `eqref`.
        var command: String
        var offset: Int?
    }

    struct Problem {
        var offset: Int
        var message: String
    }

    var plainText: String
    var tags: [EquationTag] = []
    var untaggedLabels: [Label] = []
    var references: [Reference] = []
    var problems: [Problem] = []
}

/// The one place Markup calls the TeX parser (`LetterpressMath`).
enum FormulaReader {
    /// The macros formulas define for those after them (a stand-in until the parser's own).
    typealias Macros = [String: String]
    static let noMacros: Macros = [:]

    struct MacroProblem: Error {
        var message: String
    }

    /// The macros of `definitions` (`RR: '\mathbb{R}'`), names with or without their backslash.
    static func macros(_ definitions: [String: String]) -> Result<Macros, MacroProblem> {
        var macros: Macros = [:]
        for (name, body) in definitions {
            let bare = name.hasPrefix("\\") ? String(name.dropFirst()) : name
            guard !bare.isEmpty, bare.allSatisfy({ $0.isLetter }) else {
                return .failure(MacroProblem(message: "'\(name)' is not a macro's name (letters, as in RR or \\RR)"))
            }
            macros["\\" + bare] = body
        }
        return .success(macros)
    }

    /// The reading of `tex`, with the macros defined so far, which its own definitions extend.
    static func read(_ tex: String, display: Bool, macros: inout Macros) -> FormulaReading {
        // A stand-in that reads only what numbering needs, until the parser is merged.
        var reading = FormulaReading(plainText: tex.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        let numbered = ["equation", "align", "gather", "multline", "alignat", "flalign"]
        let environment = numbered.first { tex.hasPrefix("\\begin{\($0)}") }
        let rows = environment.map { ["equation", "multline"].contains($0) ? [tex] : tex.components(separatedBy: "\\\\") } ?? [tex]
        for row in rows {
            let tag = argument(of: "\\tag", in: row)
            let label = argument(of: "\\label", in: row)
            if environment != nil, !row.contains("\\notag"), !row.contains("\\nonumber") || tag != nil {
                reading.tags.append(EquationTag(text: tag, label: label))
            } else if tag != nil {
                reading.tags.append(EquationTag(text: tag, label: label))
            } else if let label {
                reading.untaggedLabels.append(FormulaReading.Label(name: label, offset: nil))
            }
        }
        for command in ["eqref", "ref"] {
            var rest = Substring(tex)
            while let range = rest.range(of: "\\\(command){") {
                let after = rest[range.upperBound...]
                guard let close = after.firstIndex(of: "}") else { break }
                let offset = tex.utf8.distance(from: tex.startIndex, to: range.lowerBound)
                reading.references.append(FormulaReading.Reference(label: String(after[..<close]), command: command, offset: offset))
                rest = after[close...]
            }
        }
        return reading
    }

    private static func argument(of command: String, in text: String) -> String? {
        guard let range = text.range(of: command + "{") else { return nil }
        let after = text[range.upperBound...]
        return after.firstIndex(of: "}").map { String(after[..<$0]) }
    }
}
