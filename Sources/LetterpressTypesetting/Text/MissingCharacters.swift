import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Warnings for characters that no installed font has (Pango draws each as a box holding its
/// code point), found in the pages' glyph runs (`Page.missingCharacters`).
package enum MissingCharacters {
    /// Warnings for `characters`: one for those first met on the same line of `source` (where
    /// they are written literally), naming the first place; one without a place for the others
    /// (written as entities, or from a variable, the theme or the badge's date). Control
    /// characters, which no font is meant to draw, are named apart. The helper thread lays out
    /// the end of a document first, so characters are listed by place, or by code point.
    package static func warnings(for characters: Set<Unicode.Scalar>, in source: String?, file: String) -> [Warning] {
        guard !characters.isEmpty else { return [] }
        let places = source.map { firstPlaces(of: characters, in: $0) } ?? [:]
        var byLine: [Int: [(column: Int, character: Unicode.Scalar)]] = [:]
        var unplaced: [Unicode.Scalar] = []
        for character in characters {
            if let place = places[character] {
                byLine[place.line, default: []].append((place.column, character))
            } else {
                unplaced.append(character)
            }
        }
        var warnings: [Warning] = []
        func add(_ found: [(column: Int, character: Unicode.Scalar)], line: Int?) {
            let controls = found.filter { $0.character.properties.generalCategory == .control }
            let others = found.filter { $0.character.properties.generalCategory != .control }
            for (group, subject) in [(others, "no installed font has "), (controls, "control character ")] where !group.isEmpty {
                let location = line.map { SourceLocation(line: $0, column: group[0].column) }
                warnings.append(Warning(code: .glyphMissing, file: file, location: location, message: subject + listed(group.map(\.character))))
            }
        }
        add(unplaced.sorted { $0.value < $1.value }.map { (0, $0) }, line: nil)
        for line in byLine.keys.sorted() {
            add(byLine[line]!.sorted { $0.column < $1.column }, line: line)
        }
        return warnings
    }

    /// `'ꪀ' (U+AA80), … and 3 more: they are drawn as boxes`; characters that do not print
    /// (controls, marks, separators) by code point alone.
    private static func listed(_ characters: [Unicode.Scalar]) -> String {
        let shown = characters.prefix(6).map(named)
        let more = characters.count > 6 ? " and \(characters.count - 6) more" : ""
        return shown.joined(separator: ", ") + more + (characters.count == 1 ? ": it is drawn as a box" : ": they are drawn as boxes")
    }

    /// `'ꪀ' (U+AA80)`, or the code point alone for a character that does not print (a control,
    /// a mark, a separator).
    static func named(_ character: Unicode.Scalar) -> String {
        let code = "U+" + String(format: "%04X", character.value)
        switch character.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .spacingMark, .lineSeparator, .paragraphSeparator,
             .surrogate, .privateUse, .unassigned:
            return code
        default:
            return "'\(Character(character))' (\(code))"
        }
    }

    /// `characters` in code point order, each with where it is first written in `source`.
    package static func placed(_ characters: Set<Unicode.Scalar>, in source: String?) -> [MissingCharacter] {
        let places = source.map { firstPlaces(of: characters, in: $0) } ?? [:]
        return characters.sorted { $0.value < $1.value }.map { MissingCharacter(character: $0, location: places[$0]) }
    }

    /// Where each of `characters` first occurs in `source`: line and byte column from 1, as
    /// cmark counts them.
    private static func firstPlaces(of characters: Set<Unicode.Scalar>, in source: String) -> [Unicode.Scalar: SourceLocation] {
        var places: [Unicode.Scalar: SourceLocation] = [:]
        var line = 1
        var column = 1
        // Columns in characters, as an editor counts them.
        for character in source {
            for scalar in character.unicodeScalars where characters.contains(scalar) && places[scalar] == nil {
                places[scalar] = SourceLocation(line: line, column: column)
                if places.count == characters.count { return places }
            }
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return places
    }
}

/// A character no installed font has, and where the note first writes it.
package struct MissingCharacter: Sendable, Equatable {
    package var character: Unicode.Scalar
    /// Nil when the note does not write it as it is (an entity, a variable's value, the theme).
    package var location: SourceLocation?

    /// The character as messages name it: `'ꪀ' (U+AA80)`, or `U+0301` for one that does not print.
    package var name: String { MissingCharacters.named(character) }
}
