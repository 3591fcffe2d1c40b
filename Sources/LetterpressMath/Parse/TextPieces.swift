/// Text pieces as they are read: runs of text in one variant, and formulas.
struct TextPieces {
    var variant: MathVariant
    private var pieces: [MathAtom.TextPiece] = []
    private var buffer = ""

    init(variant: MathVariant) {
        self.variant = variant
    }

    mutating func append(_ text: String) {
        buffer += text
    }

    /// `text` in `variant`, whatever the run's variant is: `\verb|…|` is monospace.
    mutating func append(_ text: String, variant: MathVariant) {
        flush()
        pieces.append(.text(text, variant))
    }

    /// Text from here on in `variant`: `\bf` and its relatives, to the group's end.
    mutating func switchVariant(to variant: MathVariant) {
        flush()
        self.variant = variant
    }

    mutating func append(math list: MathList) {
        flush()
        pieces.append(.math(list))
    }

    mutating func append(contentsOf inner: [MathAtom.TextPiece]) {
        flush()
        pieces += inner
    }

    mutating func finished() -> [MathAtom.TextPiece] {
        flush()
        return pieces
    }

    private mutating func flush() {
        if !buffer.isEmpty { pieces.append(.text(buffer, variant)) }
        buffer = ""
    }
}
