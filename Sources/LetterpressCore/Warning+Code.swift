extension Warning {
    /// What kind of problem a warning is, as a stable identifier a program can switch on
    /// (`"image-not-drawn"`); the catalog's "Warning and error codes" article lists them all.
    ///
    /// A struct rather than an enum: codes are added as the library learns new problems, and an
    /// added enum case would break every exhaustive `switch` of a caller. Switch on the
    /// constants (`case .imageNotDrawn:`) with a `default:`, or compare `rawValue`s.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier: lowercase words joined by hyphens, never changed once released.
        public let rawValue: String

        /// The code `rawValue`, known or not (one read back from `render`'s JSON output).
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The identifier, `rawValue`.
        public var description: String { rawValue }

        // MARK: Reading the note

        /// Bytes that are not UTF-8, or NUL bytes, replaced with U+FFFD.
        public static let invalidEncoding = Code(rawValue: "invalid-encoding")
        /// Markup opened and never closed (a `^[…](` body, a `:::` container, a `%%` comment, a
        /// LaTeX environment, a site generator's code tag), shown as written.
        public static let unclosedMarkup = Code(rawValue: "unclosed-markup")
        /// A marker that starts nothing where it stands (`!!!` or `===` without a quoted title),
        /// shown as written.
        public static let malformedMarkup = Code(rawValue: "malformed-markup")
        /// Quotes, lists, inline nodes, HTML elements, containers or attributes nested deeper
        /// than the reader goes.
        public static let nestingTooDeep = Code(rawValue: "nesting-too-deep")
        /// A count or size past what the reader takes in time (unclosed openers, web addresses,
        /// reference definitions, an attribute body's length, the math macros kept), the rest
        /// shown as written or left out.
        public static let inputLimit = Code(rawValue: "input-limit")
        /// Markup of another tool that render does not draw (LaTeX commands, MDX components and
        /// statements, MkDocs snippets, citations, Liquid tags and shortcodes), left out or
        /// shown as written.
        public static let unsupportedSyntax = Code(rawValue: "unsupported-syntax")
        /// HTML shown as written because libxml2, which reads it, cannot be loaded; a problem of
        /// the installation.
        public static let htmlUnavailable = Code(rawValue: "html-unavailable")
        /// Another note's text (`![[note]]`) that is not brought in; a reference is shown.
        public static let noteNotEmbedded = Code(rawValue: "note-not-embedded")
        /// A `[TOC]` line after the first, left out.
        public static let repeatedContents = Code(rawValue: "repeated-contents")
        /// Lines that read like a table but make none, shown as text.
        public static let tableShownAsText = Code(rawValue: "table-shown-as-text")
        /// A table of more columns than are set; the cells past them are left out.
        public static let tableColumnsDropped = Code(rawValue: "table-columns-dropped")

        // MARK: Attributes, links and names

        /// An attribute body (`^[…](body)`) that is not JSON5; the text is kept without it.
        public static let invalidAttributes = Code(rawValue: "invalid-attributes")
        /// An attribute or image property that does not exist.
        public static let unknownAttribute = Code(rawValue: "unknown-attribute")
        /// An attribute or image property whose value cannot be used, ignored.
        public static let invalidAttributeValue = Code(rawValue: "invalid-attribute-value")
        /// An attribute that needs something this system lacks (Apple's grammar agreement).
        public static let unsupportedAttribute = Code(rawValue: "unsupported-attribute")
        /// `^[…][label]` with no `^[label]: …` line defining it.
        public static let undefinedAttributeLabel = Code(rawValue: "undefined-attribute-label")
        /// A custom style the theme does not define.
        public static let unknownCustomStyle = Code(rawValue: "unknown-custom-style")
        /// A custom colour the theme does not define.
        public static let unknownCustomColor = Code(rawValue: "unknown-custom-color")
        /// A link to `#name` where no heading or anchor has that name.
        public static let brokenInternalLink = Code(rawValue: "broken-internal-link")
        /// A link longer than allowed: its text is shown without it.
        public static let linkTooLong = Code(rawValue: "link-too-long")

        // MARK: Variables and translations

        /// `{{name}}` with no such variable in the front matter or `--var`.
        public static let undefinedVariable = Code(rawValue: "undefined-variable")
        /// A variable that cannot be used where it stands (a format it cannot take, braces that
        /// do not balance), kept or shown as it is.
        public static let invalidVariable = Code(rawValue: "invalid-variable")
        /// Variables and translations that put in more text than allowed; the rest kept as written.
        public static let expansionLimit = Code(rawValue: "expansion-limit")
        /// A `localized` key with no translation for the note's locale.
        public static let missingTranslation = Code(rawValue: "missing-translation")
        /// A translation that cannot be used (its placeholders and the values differ, or it
        /// holds itself): the source text is shown.
        public static let invalidTranslation = Code(rawValue: "invalid-translation")
        /// A date (the front matter's, `SOURCE_DATE_EPOCH`) that cannot be read, ignored.
        public static let invalidDate = Code(rawValue: "invalid-date")

        // MARK: Images and diagrams

        /// An image that cannot be read or drawn: a placeholder or its alt text is shown.
        public static let imageNotDrawn = Code(rawValue: "image-not-drawn")
        /// A remote image, shown as its alt text (render never reads the network).
        public static let remoteImage = Code(rawValue: "remote-image")
        /// A diagram that cannot be drawn, shown as code.
        public static let diagramNotDrawn = Code(rawValue: "diagram-not-drawn")
        /// A part of a diagram's source that is drawn otherwise or not used (an `%%{init}%%`
        /// setting, a Gantt date it cannot read).
        public static let diagramSourceIgnored = Code(rawValue: "diagram-source-ignored")
        /// Diagrams that cannot be drawn on this machine (Graphviz is missing): shown as code.
        public static let diagramsUnavailable = Code(rawValue: "diagrams-unavailable")

        // MARK: Formulas

        /// A formula that cannot be read as written, or math macros that cannot be used.
        public static let formulaProblem = Code(rawValue: "formula-problem")
        /// A `\label` given twice.
        public static let duplicateLabel = Code(rawValue: "duplicate-label")
        /// A `\ref` or `\eqref` to no labelled equation: `??` is shown.
        public static let undefinedReference = Code(rawValue: "undefined-reference")
        /// A formula too wide or tall for its place, set smaller.
        public static let formulaShrunk = Code(rawValue: "formula-shrunk")
        /// No math font installed for the theme: formulas are shown as their text.
        public static let mathFontMissing = Code(rawValue: "math-font-missing")
        /// Characters the math font has no glyph for, left blank.
        public static let mathGlyphMissing = Code(rawValue: "math-glyph-missing")

        // MARK: Fonts and layout

        /// A font family that is not installed: another is used.
        public static let fontMissing = Code(rawValue: "font-missing")
        /// A weight or width a font lacks: another face is drawn.
        public static let fontFaceMissing = Code(rawValue: "font-face-missing")
        /// An OpenType feature a font lacks.
        public static let fontFeatureMissing = Code(rawValue: "font-feature-missing")
        /// Characters no installed font has, or control characters, drawn as boxes.
        public static let glyphMissing = Code(rawValue: "glyph-missing")
        /// A table too wide for the page, set smaller.
        public static let tableShrunk = Code(rawValue: "table-shrunk")
        /// A footnote that cannot go on its page, set at the end of the document.
        public static let footnoteMoved = Code(rawValue: "footnote-moved")
        /// The contents' page numbers, which still changed after the last layout.
        public static let pageNumbersUnsettled = Code(rawValue: "page-numbers-unsettled")

        // MARK: Code

        /// A code block's language that the colouring library does not know: shown plain.
        public static let unknownCodeLanguage = Code(rawValue: "unknown-code-language")
        /// Code past what is coloured in one note (time, tokens, lines or bytes), shown in one colour.
        public static let highlightingLimit = Code(rawValue: "highlighting-limit")
        /// The code-colouring library cannot be loaded: code is shown in one colour.
        public static let highlighterUnavailable = Code(rawValue: "highlighter-unavailable")

        // MARK: Themes

        /// A theme key that does not exist, ignored.
        public static let unknownThemeKey = Code(rawValue: "unknown-theme-key")
        /// A theme key that does not apply where it is written, ignored.
        public static let themeKeyIgnored = Code(rawValue: "theme-key-ignored")
        /// A theme key under its former name, read as the new one (or ignored when both are set).
        public static let themeKeyRenamed = Code(rawValue: "theme-key-renamed")
        /// A theme highlight pattern that backtracks past its budget, no longer applied.
        public static let highlightPatternBudget = Code(rawValue: "highlight-pattern-budget")
    }
}
