import Foundation
import LetterpressCore
import LetterpressMarkup

/// How formulas look: `math: {font: …, size: …}`, or `math: false` to read `$` as text.
public struct MathSpec: Codable, Sendable {
    /// `false` (`math: false`) reads `$` as text; the other keys are then not written.
    public var enabled: Bool?
    /// Math fonts, first choice first, each with an OpenType MATH table.
    public var font: FontList?
    /// The formulas' size, in multiples of the text around them, 0.25 to 4.
    public var size: Double?
    /// The formulas' colour; the text's unless given.
    public var foregroundColor: Color?
    /// The colour of a formula that cannot be read, shown as written.
    public var errorColor: Color?
    /// Where a display formula sits: centred, or at the left.
    public var align: MathAlignment?
    /// A left-aligned display's indent, in points, 0 to 1000.
    public var indent: Double?
    /// Space above a display, in points, -200 to 1000.
    public var spaceBefore: Double?
    /// Space below a display, in points, -200 to 1000.
    public var spaceAfter: Double?
    /// TeX macros by name, over the default theme's.
    public var macros: [String: String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case font, size, foregroundColor, errorColor, align, indent, spaceBefore, spaceAfter, macros
    }

    /// Formulas that set nothing.
    public init() {}

    /// Reads `false`, or a mapping of keys.
    public init(from decoder: any Decoder) throws {
        if let enabled = try? decoder.singleValueContainer().decode(Bool.self) {
            self.enabled = enabled
            return
        }
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        font = try fields.decodeIfPresent(FontList.self, forKey: .font)
        size = try fields.decodeIfPresent(Double.self, forKey: .size)
        foregroundColor = try fields.decodeIfPresent(Color.self, forKey: .foregroundColor)
        errorColor = try fields.decodeIfPresent(Color.self, forKey: .errorColor)
        align = try fields.decodeIfPresent(MathAlignment.self, forKey: .align)
        indent = try fields.decodeIfPresent(Double.self, forKey: .indent)
        spaceBefore = try fields.decodeIfPresent(Double.self, forKey: .spaceBefore)
        spaceAfter = try fields.decodeIfPresent(Double.self, forKey: .spaceAfter)
        macros = try fields.decodeIfPresent([String: String].self, forKey: .macros)
    }

    /// Writes `false`, or a mapping of keys.
    public func encode(to encoder: any Encoder) throws {
        if let enabled {
            var single = encoder.singleValueContainer()
            try single.encode(enabled)
            return
        }
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(font, forKey: .font)
        try fields.encodeIfPresent(size, forKey: .size)
        try fields.encodeIfPresent(foregroundColor, forKey: .foregroundColor)
        try fields.encodeIfPresent(errorColor, forKey: .errorColor)
        try fields.encodeIfPresent(align, forKey: .align)
        try fields.encodeIfPresent(indent, forKey: .indent)
        try fields.encodeIfPresent(spaceBefore, forKey: .spaceBefore)
        try fields.encodeIfPresent(spaceAfter, forKey: .spaceAfter)
        try fields.encodeIfPresent(macros, forKey: .macros)
    }
}
