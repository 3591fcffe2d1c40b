import Foundation

/// The name of a theme's custom style, as `^[text](customStyle: 'name')` writes it; a string
/// literal names any style the theme defines.
public struct CustomStyleName: RawRepresentable, ExpressibleByStringLiteral, Hashable, Sendable {
    /// The style's name, as the theme's `customStyles` spells it.
    public var rawValue: String

    /// The style named `rawValue`.
    /// - Parameter rawValue: The name as the theme's `customStyles` spells it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The style named by a string literal.
    /// - Parameter value: The name as the theme's `customStyles` spells it.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Every theme has it: bold capitals, unless the theme restyles it.
    public static let boldcaps: CustomStyleName = "boldcaps"
    /// Every theme has it: lower-case italics, unless the theme restyles it.
    public static let smallitalics: CustomStyleName = "smallitalics"
    /// Every theme has it: a yellow background, as pandoc's `[text]{.mark}` asks, unless the
    /// theme restyles it.
    public static let mark: CustomStyleName = "mark"
}
