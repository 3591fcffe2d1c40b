import Foundation
import LetterpressCore
import LetterpressMarkup

/// How code blocks show their tokens and lines: the theme's `code.syntax` palette and its
/// line numbers and marked lines.
package struct CodeSyntaxStyle: Sendable, Encodable {
    /// The look of each class of token, by `TokenClass` name; a class without one stays in the
    /// code's own colour. Empty (monochrome code) unless the theme or one it extends sets it.
    package var palette: [String: TokenStyle]
    /// Whether every code block numbers its lines.
    package var lineNumbers: Bool
    package var lineNumberColor: Color
    /// The band behind lines `hl_lines` marks.
    package var lineHighlight: Color

    /// The look of `kind`'s tokens, if the palette gives one.
    package func style(of kind: TokenClass) -> TokenStyle? { palette[kind.rawValue] }
}
