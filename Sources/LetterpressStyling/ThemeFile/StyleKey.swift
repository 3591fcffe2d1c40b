import Foundation

/// One key of a style a theme writes: its name, what it sets, the range its number must fall
/// in, and what it does to the resolved style. A style's table of them (`StyleSpec.fields`,
/// `InlineStyleSpec.fields`) is what the schema, the range check, the resolver and the tables of
/// keys in `docs/themes.md` go by.
struct StyleKey<Spec, Style>: Sendable {
    let name: String
    /// The name the key had before it was written as `^[…](…)` writes it, still read with a
    /// warning.
    let formerName: String?
    /// What the key sets, in a line.
    let doc: String
    /// The range its number must fall in; nil for a key that takes no number.
    let bounds: ThemeRanges.Bounds?
    /// Its number in a spec, for the range check (nil: unset, or no number).
    let number: @Sendable (Spec) -> Double?
    let apply: @Sendable (Spec, inout Style) -> Void

    /// A key whose value is no number. `property` is a key path made a function, which reads
    /// the property directly (a key path kept as one is built when first used and read by the
    /// runtime).
    init<Value>(_ name: String, _ property: @escaping @Sendable (Spec) -> Value?, formerly formerName: String? = nil, _ doc: String,
                _ effect: @escaping @Sendable (Value, inout Style) -> Void = { _, _ in }) {
        self.init(name, formerName, doc, bounds: nil, number: { _ in nil }, property, effect)
    }

    /// A key whose value is a number within `bounds`.
    init(_ name: String, _ property: @escaping @Sendable (Spec) -> Double?, _ bounds: ThemeRanges.Bounds, _ doc: String,
         _ effect: @escaping @Sendable (Double, inout Style) -> Void = { _, _ in }) {
        self.init(name, nil, doc, bounds: bounds, number: property, property, effect)
    }

    private init<Value>(_ name: String, _ formerName: String?, _ doc: String, bounds: ThemeRanges.Bounds?,
                        number: @escaping @Sendable (Spec) -> Double?, _ property: @escaping @Sendable (Spec) -> Value?,
                        _ effect: @escaping @Sendable (Value, inout Style) -> Void) {
        self.name = name
        self.formerName = formerName
        self.doc = doc
        self.bounds = bounds
        self.number = number
        apply = { spec, style in
            if let value = property(spec) { effect(value, &style) }
        }
    }
}

/// The lines `docs/themes.md` shows for the keys element and inline styles share, written once.
enum StyleKeyDoc {
    static let font = "font families, first choice first: one name, or a list"
    static let fontWeight = "the weight: `ultraLight` `thin` `light` `regular` `medium` `semibold` `bold` `heavy` `black`"
    static let italic = "`true` for italic text, `false` for upright"
    static let foregroundColor = "the text's colour: a CSS name or `#rrggbb[aa]`"
    static let underline = "`true` underlines the text, `false` takes the underline away"
}
