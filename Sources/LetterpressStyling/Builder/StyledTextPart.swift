import Foundation
import LetterpressCore
import LetterpressMarkup

/// A piece of the result-builder form of `StyledTextBuilder`: text, an image, a heading, a
/// paragraph break, or content in a style of its own.
///
/// ```swift
/// let builder = StyledTextBuilder(theme: theme) {
///     "Total: "
///     StyledTextPart.styled(.init(fontWeight: .bold, customColor: .danger)) { "€120" }
///     " due"
/// }
/// ```
public struct StyledTextPart: Sendable {
    /// What the part adds to a builder.
    let build: @Sendable (StyledTextBuilder) -> StyledTextBuilder

    /// Text in the style around it, as `StyledTextBuilder.add(text:link:)` adds it; a string
    /// alone in the content is this part.
    /// - Parameters:
    ///   - text: The text.
    ///   - link: Where the text links to; nil keeps the link of the style around it.
    /// - Returns: The part.
    public static func text(_ text: String, link: String? = nil) -> StyledTextPart {
        StyledTextPart { $0.add(text: text, link: link) }
    }

    /// An image, as `StyledTextBuilder.add(image:)` adds it.
    /// - Parameter image: The image.
    /// - Returns: The part.
    public static func image(_ image: ImageReference) -> StyledTextPart {
        StyledTextPart { $0.add(image: image) }
    }

    /// A TeX formula, as `StyledTextBuilder.add(math:display:)` adds it.
    /// - Parameters:
    ///   - tex: The TeX, without delimiters.
    ///   - display: Whether it is a display formula, a block of its own.
    /// - Returns: The part.
    public static func math(_ tex: String, display: Bool = false) -> StyledTextPart {
        StyledTextPart { $0.add(math: tex, display: display) }
    }

    /// A heading, as `StyledTextBuilder.add(heading:level:)` adds it.
    /// - Parameters:
    ///   - text: The heading's text.
    ///   - level: Its level, 1 to 6.
    /// - Returns: The part.
    public static func heading(_ text: String, level: Int = 1) -> StyledTextPart {
        StyledTextPart { $0.add(heading: text, level: level) }
    }

    /// The end of a paragraph, as `StyledTextBuilder.addParagraphBreak()`.
    public static let paragraphBreak = StyledTextPart { $0.addParagraphBreak() }

    /// Content in the style around it with `attributes` merged in, theirs winning; the parts
    /// after it have the style around it again (a `save()` and a `restore()` around them).
    /// - Parameters:
    ///   - attributes: The attributes, in the vocabulary of `^[…](…)`.
    ///   - content: The parts in that style.
    /// - Returns: The part.
    public static func styled(_ attributes: InlineAttributes, @StyledTextContent _ content: () -> [StyledTextPart]) -> StyledTextPart {
        let parts = content()
        return StyledTextPart { builder in
            parts.reduce(builder.save().add(attributes: attributes)) { $1.build($0) }.restore()
        }
    }
}

/// The result builder of `StyledTextBuilder(theme:_:)`: strings and `StyledTextPart`s, with
/// `if`, `switch` and `for`.
@resultBuilder
public enum StyledTextContent {
    /// A string as text in the style around it.
    /// - Parameter text: The string written in the content.
    /// - Returns: The text part, alone.
    public static func buildExpression(_ text: String) -> [StyledTextPart] { [.text(text)] }

    /// A part as it is.
    /// - Parameter part: The part written in the content.
    /// - Returns: The part, alone.
    public static func buildExpression(_ part: StyledTextPart) -> [StyledTextPart] { [part] }

    /// The parts of each statement, in order.
    /// - Parameter parts: Each statement's parts.
    /// - Returns: All of them, in order.
    public static func buildBlock(_ parts: [StyledTextPart]...) -> [StyledTextPart] { parts.flatMap { $0 } }

    /// The parts of an `if` without `else`, none when its condition fails.
    /// - Parameter parts: The branch's parts; nil when it was not taken.
    /// - Returns: The parts, or none.
    public static func buildOptional(_ parts: [StyledTextPart]?) -> [StyledTextPart] { parts ?? [] }

    /// The parts of an `if`'s first branch or a `switch`'s case.
    /// - Parameter parts: The branch's parts.
    /// - Returns: The parts as they are.
    public static func buildEither(first parts: [StyledTextPart]) -> [StyledTextPart] { parts }

    /// The parts of an `if`'s `else` branch or a `switch`'s case.
    /// - Parameter parts: The branch's parts.
    /// - Returns: The parts as they are.
    public static func buildEither(second parts: [StyledTextPart]) -> [StyledTextPart] { parts }

    /// The parts of every pass of a `for` loop, in order.
    /// - Parameter parts: Each pass's parts.
    /// - Returns: All of them, in order.
    public static func buildArray(_ parts: [[StyledTextPart]]) -> [StyledTextPart] { parts.flatMap { $0 } }
}

extension StyledTextBuilder {
    /// A builder with `content` added, the result-builder form of the chained calls.
    /// - Parameters:
    ///   - theme: The theme that styles the text; the shipped default one if omitted.
    ///   - content: Strings and `StyledTextPart`s, in order.
    public init(theme: Theme = .default, @StyledTextContent _ content: () -> [StyledTextPart]) {
        self = StyledTextBuilder(theme: theme).add(content)
    }

    /// Adds `content`, as the calls its parts stand for would.
    /// - Parameter content: Strings and `StyledTextPart`s, in order.
    /// - Returns: The builder with the content added.
    public func add(@StyledTextContent _ content: () -> [StyledTextPart]) -> StyledTextBuilder {
        content().reduce(self) { $1.build($0) }
    }
}
