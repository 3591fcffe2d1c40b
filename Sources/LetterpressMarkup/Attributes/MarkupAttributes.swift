import Foundation

/// The inline intents Markdown and inline HTML give a run: emphasis, strong, code,
/// strikethrough, and the text-level HTML elements (`sub`, `kbd`, `u`, `mark`, `small`).
public struct InlineIntent: OptionSet, Hashable, Codable, Sendable {
    /// The intents as bits, one per intent.
    public let rawValue: Int
    /// The intents whose bits `rawValue` sets.
    /// - Parameter rawValue: The bits, as `rawValue` holds them.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Emphasis, `*text*` or `<em>`: italic, or upright inside italic text.
    public static let emphasized = InlineIntent(rawValue: 1 << 0)
    /// Strong emphasis, `**text**` or `<strong>`: bold, or heavier inside bold text.
    public static let strong = InlineIntent(rawValue: 1 << 1)
    /// Code, a backtick code span or `<code>`: in the theme's inline code style.
    public static let code = InlineIntent(rawValue: 1 << 2)
    /// Struck through, `~~text~~` or `<del>`.
    public static let strikethrough = InlineIntent(rawValue: 1 << 3)
    /// Raised and smaller, `<sup>`, as footnote reference marks are.
    public static let superscript = InlineIntent(rawValue: 1 << 4)
    /// Lowered and smaller, `<sub>`.
    public static let `subscript` = InlineIntent(rawValue: 1 << 5)
    /// A key to press, `<kbd>`.
    public static let keyboard = InlineIntent(rawValue: 1 << 6)
    /// Underlined, `<u>` or `<ins>`.
    public static let underlined = InlineIntent(rawValue: 1 << 7)
    /// Marked as relevant, `<mark>`.
    public static let marked = InlineIntent(rawValue: 1 << 8)
    /// Smaller text, `<small>`.
    public static let small = InlineIntent(rawValue: 1 << 9)
    /// A link to another note not rendered with this one (an Obsidian `[[Note]]`, Jekyll's
    /// `{% post_url %}`): a link's look, without a link that would lead nowhere.
    public static let noteReference = InlineIntent(rawValue: 1 << 10)
    /// An Obsidian `#tag`.
    public static let tag = InlineIntent(rawValue: 1 << 11)

    private static let named: [(InlineIntent, String)] = [
        (.emphasized, "emphasized"), (.strong, "strong"), (.code, "code"), (.strikethrough, "strikethrough"),
        (.superscript, "superscript"), (.subscript, "subscript"), (.keyboard, "keyboard"), (.underlined, "underlined"),
        (.marked, "marked"), (.small, "small"), (.noteReference, "noteReference"), (.tag, "tag"),
    ]

    /// The intent a dump's name stands for.
    package init?(named name: String) {
        guard let intent = Self.named.first(where: { $0.1 == name })?.0 else { return nil }
        self = intent
    }

    /// Names used in run dumps, in a fixed order.
    package var names: [String] {
        Self.named.compactMap { contains($0.0) ? $0.1 : nil }
    }
}

/// The attributes Letterpress attaches to Markdown text.
public struct LetterpressAttributes: AttributeScope {
    /// The run's Markdown and HTML intents: `run.letterpress.inlineIntent`.
    public let inlineIntent: InlineIntentAttribute
    /// The run's link destination: `run.letterpress.link`.
    public let link: LinkAttribute
    /// The footnote a reference mark points to: `run.letterpress.footnote`.
    public let footnote: FootnoteAttribute
    /// The named place that starts at the run: `run.letterpress.anchor`.
    public let anchor: AnchorAttribute
    /// The run's `^[…](…)` attributes: `run.letterpress.attributes`.
    public let attributes: InlineAttributesAttribute
    /// The image the run stands for: `run.letterpress.image`.
    public let image: ImageAttribute
    /// The formula the run stands for: `run.letterpress.math`.
    public let math: MathAttribute

    /// Emphasis, strong, code, strikethrough and the text-level HTML elements of a run.
    public enum InlineIntentAttribute: CodableAttributedStringKey {
        /// The intents, any number at once.
        public typealias Value = InlineIntent
        /// The key's name in coded attributed strings.
        public static let name = "letterpress.inlineIntent"
    }

    /// The destination of a link, as written in the Markdown; a link inside the document is
    /// `#` and the name of an anchor it has (Markup drops the link when it has none), or `#`
    /// alone for the document's top (see `LinkTarget`).
    public enum LinkAttribute: CodableAttributedStringKey {
        /// The destination as written.
        public typealias Value = String
        /// The key's name in coded attributed strings.
        public static let name = "letterpress.link"
    }

    /// The number of the footnote a reference mark points to.
    public enum FootnoteAttribute: CodableAttributedStringKey {
        /// The footnote's number, from 1.
        public typealias Value = Int
        /// The key's name in coded attributed strings.
        public static let name = "letterpress.footnote"
    }

    /// An image set in the line, on the U+FFFC that stands for it.
    public enum ImageAttribute: CodableAttributedStringKey {
        /// The image, with its source, size and float.
        public typealias Value = ImageReference
        /// The key's name in coded attributed strings.
        public static let name = "letterpress.image"
    }

    /// A formula in the line. The run's text is the formula's plain Unicode reading (`x² + y²`),
    /// which outlines, contents and text search show; typesetting draws the formula instead.
    public enum MathAttribute: CodableAttributedStringKey {
        /// The formula, as the note writes it.
        public typealias Value = MathSpan
        /// The key's name in coded attributed strings.
        public static let name = "letterpress.math"
    }

    /// A named place in the document, where the first text that has it starts, which links
    /// `#name` go to: a heading's text has its anchor, a footnote reference its own; elsewhere,
    /// set it on the place's first character. Typesetting puts a PDF destination of that name
    /// at the line where the place lands.
    public enum AnchorAttribute: CodableAttributedStringKey {
        /// The place's name, which links write after `#`.
        public typealias Value = String
        /// The key's name in coded attributed strings.
        public static let name = "letterpress.anchor"
    }

    /// The attributes set with `^[text](key: value)`.
    public enum InlineAttributesAttribute: CodableAttributedStringKey {
        /// The attributes, with where their `^[` starts.
        public typealias Value = InlineAttributes
        /// The key's name in coded attributed strings.
        public static let name = "letterpress.attributes"
    }
}

extension AttributeScopes {
    /// Letterpress's attribute scope, for `AttributedString(…, including: \.letterpress)`.
    public var letterpress: LetterpressAttributes.Type { LetterpressAttributes.self }
}

extension AttributeDynamicLookup {
    /// Lets attributed strings, their runs and attribute containers name Letterpress's
    /// attributes without the scope, as they name Foundation's: `run.inlineIntent` for
    /// `run.letterpress.inlineIntent`. Name `link` and `attributes` with the scope: unscoped,
    /// `run.link` is also Foundation's link and `run.attributes` is the run's container.
    /// - Parameter keyPath: The attribute, as a property of `LetterpressAttributes`.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<LetterpressAttributes, T>
    ) -> T { self[T.self] }
}
