import Foundation
import LetterpressCore

/// A TeX formula as the note writes it: in a line of text (`$…$`, `\(…\)`) or as a block of
/// its own (`$$…$$`, `\[…\]`, a ` ```math ` fence, a top-level `\begin{equation}`). Markup
/// parses it to check it and to number it; Typesetting lays it out in the theme's math font.
public struct MathSpan: Hashable, Codable, Sendable {
    /// The TeX source, without its delimiters; a top-level environment keeps its
    /// `\begin{…}` and `\end{…}`.
    public var tex: String
    /// Whether it is set in display style, centred on lines of its own.
    public var isDisplay: Bool
    /// The numbers the document gives the formula's automatically numbered rows, in order:
    /// one for `equation`, one per numbered row of `align` or `gather`.
    public var numbers: [String]
    /// The numbers of the equations its `\ref` and `\eqref` name, by label.
    public var references: [String: String]
    /// Where the TeX starts in the note, for messages; nil when not from a file.
    public var location: SourceLocation?
    /// TeX that defines the macros in effect: the front matter's `math.macros`, then the
    /// formulas before this one that define any (`\newcommand`, `\def`), in order.
    public var preamble: String

    /// A formula of `tex`.
    /// - Parameters:
    ///   - tex: The TeX source, without its delimiters.
    ///   - isDisplay: Whether it is set in display style.
    ///   - numbers: The numbers of its automatically numbered rows, in order.
    ///   - references: The numbers of the equations its `\ref` and `\eqref` name, by label.
    ///   - location: Where the TeX starts in the note.
    ///   - preamble: TeX that defines the macros in effect.
    public init(tex: String, isDisplay: Bool, numbers: [String] = [], references: [String: String] = [:], location: SourceLocation? = nil,
                preamble: String = "") {
        self.tex = tex
        self.isDisplay = isDisplay
        self.numbers = numbers
        self.references = references
        self.location = location
        self.preamble = preamble
    }
}
