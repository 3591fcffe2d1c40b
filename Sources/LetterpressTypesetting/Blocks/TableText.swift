import Foundation
import LetterpressStyling

extension StyledText {
    /// Pieces (between spaces) at least this many characters long may break inside: shorter
    /// ones are words, or URLs short enough to keep whole.
    static let longPiece = 13
    /// Characters after which a URL or a code name may break, before a letter or digit.
    private static let pieceSeparators: Set<Character> = ["/", ".", "_", "?", "&", "=", "#", ":", ",", ";", "@", "~", "+"]

    /// The text with invisible break opportunities inside long URLs and code names: after each
    /// separator that a letter or digit follows (`github.com/|owner/|repo`, `some_|long_|name`).
    func breakingURLsAndCode() -> StyledText {
        var offsets: [Int] = []
        var byte = 0
        var piece: [(character: Character, offset: Int)] = []
        func endPiece() {
            defer { piece = [] }
            guard piece.count >= Self.longPiece else { return }
            for index in 1..<piece.count where Self.pieceSeparators.contains(piece[index - 1].character)
                && (piece[index].character.isLetter || piece[index].character.isNumber) {
                offsets.append(piece[index].offset)
            }
        }
        for character in string {
            if character.isWhitespace { endPiece() } else { piece.append((character, byte)) }
            byte += character.utf8.count
        }
        endPiece()
        return insertingBreaks(before: offsets)
    }

    /// The text with its sizes, and the spacing and images that go with them, times `factor`.
    func scaled(by factor: Double) -> StyledText {
        func scaled(_ style: TextStyle) -> TextStyle {
            var style = style
            style.size *= factor
            style.tracking *= factor
            style.baselineOffset *= factor
            if var image = style.inlineImage {
                image.width *= factor
                image.height *= factor
                style.inlineImage = image
            }
            if var formula = style.inlineFormula, let box = formula.box {
                formula.box = box.scaled(by: factor)
                style.inlineFormula = formula
            }
            return style
        }
        var text = self
        text.runs = runs.map { StyledRun(range: $0.range, style: scaled($0.style), id: $0.id) }
        text.base = base.map(scaled)
        return text
    }
}
