import Foundation
import LetterpressCore
import LetterpressMarkup

/// Styled text built in code, as StyledTextKit builds it: text, images and paragraphs added in
/// a style context of `^[…](…)` attributes, which can be saved and restored. What it builds is
/// the `Document` a note with the same content parses into, so it styles, typesets, draws and
/// archives as a parsed note does.
///
/// Each method returns the builder with its change, so calls chain:
///
/// ```swift
/// let document = StyledTextBuilder(theme: theme)
///     .add(text: "Total: ")
///     .save().add(attributes: .init(fontWeight: .bold, customColor: .danger)).add(text: "€120").restore()
///     .add(text: " due")
///     .document
/// ```
///
/// Its runs are those Markdown gives for the same content, with one difference: their
/// attributes have no `location`, as there is no source to point at, so warnings about them
/// (an unknown custom style) name no line. Run dumps, which leave locations out, are equal.
public struct StyledTextBuilder: Sendable {
    /// The theme the text is meant for, which styling it later uses.
    public let theme: Theme
    /// The blocks finished so far.
    private var blocks: [Block] = []
    /// The paragraph being built.
    private var paragraph = InlineRuns()
    /// Whether a floating image has cut the paragraph in two: as in Markdown, what is left of
    /// it then stays a paragraph, even when it is one image alone.
    private var paragraphIsCut = false
    /// The attributes of what is added now.
    private var context = InlineAttributes()
    /// The contexts `save()` kept, the last one on top.
    private var savedContexts: [InlineAttributes] = []
    /// Gives headings their anchors as Markdown's headings get theirs.
    private var slugger = Slugger()
    /// Numbers the equations added, and keeps the macros they define for those after them.
    private var math = MathNumbering()

    /// An empty builder whose text is meant for `theme`.
    /// - Parameter theme: The theme that styles the text; the shipped default one if omitted.
    public init(theme: Theme = .default) {
        self.theme = theme
    }

    /// The document built so far, the paragraph being built ended.
    public var document: Document {
        var finished = self
        finished.endParagraph()
        return Document(blocks: finished.blocks)
    }

    /// Adds text in the current style.
    /// - Parameters:
    ///   - text: The text; a line break in it breaks the line, as a Markdown hard break does.
    ///   - link: Where the text links to, as a Markdown link's destination; `#name` goes to
    ///     the anchor spelled exactly `name` (Markdown's links find it in any case). Nil keeps
    ///     the link of the current style, if any.
    /// - Returns: The builder with the text added.
    public func add(text: String, link: String? = nil) -> StyledTextBuilder {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return changed { builder in
            builder.paragraph.append(InlineRuns.Piece(text: lines.joined(separator: "\u{2028}"), link: link ?? builder.context.link,
                                                      attributes: builder.contextAttributes))
        }
    }

    /// Adds an image: in the line, in the current style, or, when it floats, as a block of its
    /// own between the two parts of the paragraph, as `^[![alt](pic.png)](float: 'right')` is.
    /// A paragraph of one image alone becomes an image block, as in Markdown.
    /// - Parameter image: The image; the float, width and link the current style gives fill
    ///   those it leaves unset. Its `location` is where warnings about it point.
    /// - Returns: The builder with the image added.
    public func add(image: ImageReference) -> StyledTextBuilder {
        changed { builder in
            var image = image
            image.float = image.float ?? builder.context.float
            image.width = image.width ?? builder.context.width
            image.link = image.link ?? builder.context.link
            if image.float != nil {
                builder.endParagraphPart()
                builder.paragraphIsCut = true
                builder.blocks.append(.image(image))
            } else {
                builder.paragraph.append(InlineRuns.Piece(text: ImageReference.objectReplacement, link: image.link,
                                                          attributes: builder.contextAttributes, image: image))
            }
        }
    }

    /// Adds a TeX formula, as `$tex$` (in the line, in the current style) or `$$tex$$` (a
    /// display formula, a block of its own between the two parts of the paragraph) is in
    /// Markdown. Its numbered equations (`\begin{equation}`, `align`, …) take the next
    /// numbers; macros it defines (`\newcommand`) apply to the formulas added after it, and a
    /// `\ref` or `\eqref` names an equation labelled before it.
    /// - Parameters:
    ///   - math: The TeX, without delimiters; a numbered environment keeps its `\begin` and `\end`.
    ///   - display: Whether it is set in display style, on lines of its own.
    /// - Returns: The builder with the formula added.
    public func add(math tex: String, display: Bool = false) -> StyledTextBuilder {
        changed { builder in
            let (span, text) = builder.math.span(tex, display: display)
            if display {
                builder.endParagraphPart()
                builder.paragraphIsCut = true
                builder.blocks.append(.math(span))
            } else {
                builder.paragraph.append(InlineRuns.Piece(text: text, link: builder.context.link, attributes: builder.contextAttributes,
                                                          math: span))
            }
        }
    }

    /// Merges attributes into the current style, theirs winning, as an inner `^[…](…)` wins
    /// over the one around it.
    /// - Parameter attributes: The attributes, in the vocabulary of `^[…](…)`.
    /// - Returns: The builder with the style changed.
    public func add(attributes: InlineAttributes) -> StyledTextBuilder {
        changed { $0.context = attributes.merged(over: $0.context) }
    }

    /// Keeps the current style, for `restore()` to return to.
    /// - Returns: The builder with the style saved.
    public func save() -> StyledTextBuilder {
        changed { $0.savedContexts.append($0.context) }
    }

    /// Returns to the style the last `save()` kept. Without a `save()` left to match, the
    /// style stays as it is, as StyledTextKit's `restore()` does.
    /// - Returns: The builder with the saved style back.
    public func restore() -> StyledTextBuilder {
        changed { builder in
            if let saved = builder.savedContexts.popLast() { builder.context = saved }
        }
    }

    /// Returns to the theme's plain style, with no attributes; saved styles stay saved.
    /// - Returns: The builder with the style cleared.
    public func clearStyle() -> StyledTextBuilder {
        changed { $0.context = InlineAttributes() }
    }

    /// Bounds the size of the current style, and the sizes a `size` or `textStyle` set after
    /// it may give, as a custom style's `minSize` and `maxSize` do.
    /// - Parameters:
    ///   - minimum: The smallest size in points; nil keeps the current bound.
    ///   - maximum: The largest size in points; nil keeps the current bound.
    /// - Returns: The builder with the bounds in its style.
    public func limitSize(minimum: Double? = nil, maximum: Double? = nil) -> StyledTextBuilder {
        add(attributes: InlineAttributes(minSize: minimum, maxSize: maximum))
    }

    /// Ends the paragraph: what is added next starts a new one. A paragraph with nothing but
    /// white space is left out, and white space at a paragraph's ends is dropped, as in
    /// Markdown.
    /// - Returns: The builder with the paragraph ended.
    public func addParagraphBreak() -> StyledTextBuilder {
        changed { $0.endParagraph() }
    }

    /// Adds a heading of its own, in the current style, with the anchor a Markdown heading of
    /// the same text gets (GitHub's slug, made unique), which `add(text:link:)` can link to.
    /// - Parameters:
    ///   - heading: The heading's text.
    ///   - level: Its level, 1 to 6.
    /// - Returns: The builder with the heading added after the paragraph, which it ends.
    public func add(heading: String, level: Int = 1) -> StyledTextBuilder {
        changed { builder in
            builder.endParagraph()
            var runs = InlineRuns(InlineRuns.Piece(text: heading, link: builder.context.link, attributes: builder.contextAttributes))
            runs.trim()
            var text = runs.attributedString
            text[LetterpressAttributes.AnchorAttribute.self] = builder.slugger.slug(String(text.characters))
            builder.blocks.append(.heading(level: min(max(level, 1), 6), text: text))
        }
    }

    /// The builder with `change` made to a copy.
    private func changed(_ change: (inout StyledTextBuilder) -> Void) -> StyledTextBuilder {
        var builder = self
        change(&builder)
        return builder
    }

    /// The context as a run's attributes: none when it sets nothing, as for Markdown's plain text.
    private var contextAttributes: InlineAttributes? {
        context == InlineAttributes() ? nil : context
    }

    private mutating func endParagraph() {
        if !paragraphIsCut, let image = paragraph.onlyImage {
            blocks.append(.image(image))
            paragraph = InlineRuns()
        } else {
            endParagraphPart()
        }
        paragraphIsCut = false
    }

    /// Ends the paragraph's current part, as a floating image or the paragraph's end does.
    private mutating func endParagraphPart() {
        if paragraph.hasVisibleText {
            paragraph.trim()
            blocks.append(.paragraph(paragraph.attributedString))
        }
        paragraph = InlineRuns()
    }
}
