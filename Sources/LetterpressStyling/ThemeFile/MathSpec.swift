import Foundation
import LetterpressCore
import LetterpressMarkup

/// How formulas look: `math: {font: …, size: …}`, or `math: false` to read `$` as text.
struct MathSpec: Codable {
    var enabled: Bool?
    var font: FontList?
    var size: Double?
    var foregroundColor: Color?
    var errorColor: Color?
    var align: MathAlignment?
    var indent: Double?
    var spaceBefore: Double?
    var spaceAfter: Double?
    var macros: [String: String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case font, size, foregroundColor, errorColor, align, indent, spaceBefore, spaceAfter, macros
    }

    /// An empty one, for `CompiledDefaultTheme` to set field by field.
    init() {}

    init(from decoder: any Decoder) throws {
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

    func encode(to encoder: any Encoder) throws {
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
