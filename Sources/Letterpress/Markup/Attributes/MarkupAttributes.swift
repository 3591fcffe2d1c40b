import Foundation

/// The inline intents Markdown and inline HTML give a run: emphasis, strong, code,
/// strikethrough, and the text-level HTML elements (`sub`, `kbd`, `u`, `mark`, `small`).
public struct InlineIntent: OptionSet, Hashable, Codable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let emphasized = InlineIntent(rawValue: 1 << 0)
    public static let strong = InlineIntent(rawValue: 1 << 1)
    public static let code = InlineIntent(rawValue: 1 << 2)
    public static let strikethrough = InlineIntent(rawValue: 1 << 3)
    public static let superscript = InlineIntent(rawValue: 1 << 4)
    public static let `subscript` = InlineIntent(rawValue: 1 << 5)
    /// A key to press, `<kbd>`.
    public static let keyboard = InlineIntent(rawValue: 1 << 6)
    public static let underlined = InlineIntent(rawValue: 1 << 7)
    /// Marked as relevant, `<mark>`.
    public static let marked = InlineIntent(rawValue: 1 << 8)
    public static let small = InlineIntent(rawValue: 1 << 9)

    private static let named: [(InlineIntent, String)] = [
        (.emphasized, "emphasized"), (.strong, "strong"), (.code, "code"), (.strikethrough, "strikethrough"),
        (.superscript, "superscript"), (.subscript, "subscript"), (.keyboard, "keyboard"), (.underlined, "underlined"),
        (.marked, "marked"), (.small, "small"),
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
    public let inlineIntent: InlineIntentAttribute
    public let link: LinkAttribute
    public let footnote: FootnoteAttribute
    public let anchor: AnchorAttribute
    public let attributes: InlineAttributesAttribute
    public let image: ImageAttribute

    /// Emphasis, strong, code and strikethrough of a run.
    public enum InlineIntentAttribute: CodableAttributedStringKey {
        public typealias Value = InlineIntent
        public static let name = "letterpress.inlineIntent"
    }

    /// The destination of a link, as written in the Markdown; a link inside the document is
    /// `#` and the name of an anchor it has (Markup drops the link when it has none), or `#`
    /// alone for the document's top (see `LinkTarget`).
    public enum LinkAttribute: CodableAttributedStringKey {
        public typealias Value = String
        public static let name = "letterpress.link"
    }

    /// The number of the footnote a reference mark points to.
    public enum FootnoteAttribute: CodableAttributedStringKey {
        public typealias Value = Int
        public static let name = "letterpress.footnote"
    }

    /// An image set in the line, on the U+FFFC that stands for it.
    public enum ImageAttribute: CodableAttributedStringKey {
        public typealias Value = ImageReference
        public static let name = "letterpress.image"
    }

    /// A named place in the document, where the first text that has it starts, which links
    /// `#name` go to: a heading's text has its anchor, a footnote reference its own; elsewhere,
    /// set it on the place's first character. Typesetting puts a PDF destination of that name
    /// at the line where the place lands.
    public enum AnchorAttribute: CodableAttributedStringKey {
        public typealias Value = String
        public static let name = "letterpress.anchor"
    }

    /// The attributes set with `^[text](key: value)`.
    public enum InlineAttributesAttribute: CodableAttributedStringKey {
        public typealias Value = InlineAttributes
        public static let name = "letterpress.attributes"
    }
}

extension AttributeScopes {
    /// Letterpress's attribute scope, for `AttributedString(…, including: \.letterpress)`.
    public var letterpress: LetterpressAttributes.Type { LetterpressAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<LetterpressAttributes, T>
    ) -> T { self[T.self] }
}
