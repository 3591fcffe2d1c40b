import Foundation

/// Inline text being built from cmark nodes: pieces of text with their attributes, equal
/// neighbours merged, made into one `AttributedString` when the paragraph is complete.
/// Appending an `AttributedString` per cmark node was the slowest part of parsing.
package struct InlineRuns {
    package struct Piece: Equatable {
        var text: String
        var intent: InlineIntent = []
        var link: String?
        var footnote: Int?
        var anchor: String?
        var attributes: InlineAttributes?
        /// An image set in the line: the text is one U+FFFC that stands for it.
        var image: ImageReference?
        /// A formula set in the line: the text is its plain Unicode reading.
        var math: MathSpan?

        package init(text: String, intent: InlineIntent = [], link: String? = nil, footnote: Int? = nil, anchor: String? = nil, attributes: InlineAttributes? = nil, image: ImageReference? = nil, math: MathSpan? = nil) {
            self.text = text
            self.intent = intent
            self.link = link
            self.footnote = footnote
            self.anchor = anchor
            self.attributes = attributes
            self.image = image
            self.math = math
        }

        /// Whether the two can be one run; an image or a formula is always a run of its own.
        func sameAttributes(as other: Piece) -> Bool {
            intent == other.intent && link == other.link && footnote == other.footnote && anchor == other.anchor
                && attributes == other.attributes && image == nil && other.image == nil && math == nil && other.math == nil
        }

        /// `outer`'s attributes laid under the piece's own (inner keys win), and its `link`
        /// where the piece has none.
        mutating func underlay(_ outer: InlineAttributes) {
            attributes = attributes?.merged(over: outer) ?? outer
            if link == nil, let link = outer.link { self.link = link }
        }
    }

    private(set) var pieces: [Piece] = []
    /// Whether a `^[` that matched nothing is in the text (rare: only then is the slow
    /// reference-form pass needed).
    private(set) var hasOpenerMarks = false
    package private(set) var hasVisibleText = false

    package init() {}

    package init(_ piece: Piece) {
        append(piece)
    }

    package mutating func append(_ piece: Piece) {
        guard !piece.text.isEmpty else { return }
        // Scalars, not String.contains: that goes through Foundation's locale-aware search.
        if !hasOpenerMarks && piece.text.unicodeScalars.contains(AttributeExtension.openerScalar) { hasOpenerMarks = true }
        if !hasVisibleText && piece.text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) { hasVisibleText = true }
        if let last = pieces.last, last.sameAttributes(as: piece) {
            pieces[pieces.count - 1].text += piece.text
        } else {
            pieces.append(piece)
        }
    }

    mutating func append(_ other: InlineRuns) {
        for piece in other.pieces { append(piece) }
    }

    /// Every piece with `outer`'s attributes laid under its own.
    mutating func underlay(_ outer: InlineAttributes) {
        for index in pieces.indices { pieces[index].underlay(outer) }
    }

    var plainText: String { pieces.map(\.text).joined() }

    /// The runs without the whitespace and line breaks at their two ends.
    package mutating func trim() {
        // A no-break space is kept: `&nbsp;` is how HTML indents a line.
        func isBlank(_ character: Character) -> Bool { (character.isWhitespace && character != "\u{00A0}") || character == "\u{2028}" }
        while let first = pieces.first {
            let kept = String(first.text.drop(while: isBlank))
            if kept.isEmpty { pieces.removeFirst(); continue }
            pieces[0].text = kept
            break
        }
        while let last = pieces.last {
            var text = last.text
            while let character = text.last, isBlank(character) { text.removeLast() }
            if text.isEmpty { pieces.removeLast(); continue }
            pieces[pieces.count - 1].text = text
            break
        }
    }

    /// The runs as one attributed string: the text in one piece, then attributes set on the
    /// ranges that have any (faster than appending an attributed string per piece).
    package var attributedString: AttributedString {
        var result = AttributedString(pieces.map(\.text).joined())
        var index = result.startIndex
        for piece in pieces {
            let end = result.unicodeScalars.index(index, offsetBy: piece.text.unicodeScalars.count)
            if !piece.intent.isEmpty || piece.link != nil || piece.footnote != nil || piece.anchor != nil || piece.attributes != nil
                || piece.image != nil || piece.math != nil {
                var container = AttributeContainer()
                if !piece.intent.isEmpty { container[LetterpressAttributes.InlineIntentAttribute.self] = piece.intent }
                if let link = piece.link { container[LetterpressAttributes.LinkAttribute.self] = link }
                if let footnote = piece.footnote { container[LetterpressAttributes.FootnoteAttribute.self] = footnote }
                if let anchor = piece.anchor { container[LetterpressAttributes.AnchorAttribute.self] = anchor }
                if let attributes = piece.attributes { container[LetterpressAttributes.InlineAttributesAttribute.self] = attributes }
                if let image = piece.image { container[LetterpressAttributes.ImageAttribute.self] = image }
                if let math = piece.math { container[LetterpressAttributes.MathAttribute.self] = math }
                result[index..<end].setAttributes(container)
            }
            index = end
        }
        return result
    }

    /// The image the text is made of, with nothing else but white space.
    package var onlyImage: ImageReference? {
        var found: ImageReference?
        for piece in pieces {
            if let image = piece.image {
                guard found == nil else { return nil }
                found = image
            } else if piece.text.contains(where: { !$0.isWhitespace && $0 != "\u{2028}" }) {
                return nil
            }
        }
        return found
    }

    /// Whether the text is exactly a `\pagebreak` line (checked without building the text for
    /// every ordinary paragraph).
    var isPageBreakMarker: Bool {
        guard pieces.count <= 3, pieces.reduce(0, { $0 + $1.text.utf8.count }) < 40 else { return false }
        return plainText.trimmingCharacters(in: .whitespaces) == "\\pagebreak"
    }
}
