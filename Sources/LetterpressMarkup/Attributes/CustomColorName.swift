import Foundation

/// The name of a theme's custom colour scheme, as `^[text](customColor: 'name')` writes it; a
/// string literal names any scheme the theme defines.
public struct CustomColorName: RawRepresentable, ExpressibleByStringLiteral, Hashable, Sendable {
    /// The scheme's name, as the theme's `customColors` spells it.
    public var rawValue: String

    /// The colour scheme named `rawValue`.
    /// - Parameter rawValue: The name as the theme's `customColors` spells it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The colour scheme named by a string literal.
    /// - Parameter value: The name as the theme's `customColors` spells it.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Every theme has it: white on red with a yellow dashed underline, unless the theme restyles it.
    public static let danger: CustomColorName = "danger"
    /// Every theme has it: a yellow background with a red dotted underline, unless the theme restyles it.
    public static let highlight: CustomColorName = "highlight"
}
