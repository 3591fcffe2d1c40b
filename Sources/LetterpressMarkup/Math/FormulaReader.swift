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

    /// Each tag with the text it shows, the automatic ones numbered on from `next`, and the
    /// numbers given.
    func numberedTags(from next: inout Int) -> (tags: [(tag: EquationTag, text: String)], numbers: [String]) {
        var numbered: [(tag: EquationTag, text: String)] = []
        var numbers: [String] = []
        for tag in tags {
            if let text = tag.text {
                numbered.append((tag, text))
            } else {
                numbers.append(String(next))
                numbered.append((tag, String(next)))
                next += 1
            }
        }
        return (numbered, numbers)
    }
}

/// The one place Markup calls the TeX parser (`LetterpressMath`).
enum FormulaReader {
    /// The macros formulas define for those after them.
    typealias Macros = MathMacros
    static let noMacros = MathMacros()

    struct MacroProblem: Error {
        var message: String
    }

    /// The macros of `definitions` (`RR: '\mathbb{R}'` or `'\RR': …`).
    static func macros(_ definitions: [String: String]) -> Result<Macros, MacroProblem> {
        var named: [String: String] = [:]
        for (name, body) in definitions {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            named[trimmed.hasPrefix("\\") ? trimmed : "\\" + trimmed] = body
        }
        do {
            return .success(try MathMacros(definitions: named))
        } catch {
            return .failure(MacroProblem(message: (error as? MathMacroError)?.message ?? "\(error)"))
        }
    }

    /// The reading of `tex`, with the macros defined so far, which its own definitions extend.
    static func read(_ tex: String, display: Bool, macros: inout Macros) -> FormulaReading {
        let formula = Formula(parsing: tex, display: display, macros: &macros)
        var reading = FormulaReading(plainText: formula.plainText)
        if let tag = formula.tag { reading.tags.append(tag) }
        reading.tags += rowTags(in: formula.body)
        let tagged = Set(reading.tags.compactMap(\.label))
        reading.untaggedLabels = formula.labels.filter { !tagged.contains($0) }.map {
            FormulaReading.Label(name: $0, offset: offset(of: "\\label{\($0)}", in: tex))
        }
        reading.references = formula.references.map { label in
            let eqref = offset(of: "\\eqref{\(label)}", in: tex)
            let ref = offset(of: "\\ref{\(label)}", in: tex)
            return FormulaReading.Reference(label: label, command: ref != nil && (eqref == nil || ref! < eqref!) ? "ref" : "eqref",
                                            offset: [eqref, ref].compactMap { $0 }.min())
        }
        reading.problems = formula.problems.map { FormulaReading.Problem(offset: $0.range.lowerBound, message: $0.message) }
        return reading
    }

    /// The tags of the numbered environments' rows (`align`, `gather`, …), in order.
    private static func rowTags(in list: MathList) -> [EquationTag] {
        var tags: [EquationTag] = []
        for atom in list.atoms {
            switch atom.nucleus {
            case let .array(array): tags += array.tags.compactMap { $0 }
            case let .group(inner): tags += rowTags(in: inner)
            default: break
            }
        }
        return tags
    }

    /// The UTF-8 offset of `text` in `tex`.
    private static func offset(of text: String, in tex: String) -> Int? {
        tex.range(of: text).map { tex.utf8.distance(from: tex.startIndex, to: $0.lowerBound) }
    }
}
