import Foundation
import LetterpressCore

/// An underline or strikethrough: `true`, or `{pattern: dash, color: red}`.
public struct LineDecoration: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The dash pattern of the line.
    public var pattern: LinePattern
    /// The line's colour; nil draws in the text's colour.
    public var color: Color?

    /// What a message says an underline or strikethrough must be.
    static let expected = "true or {pattern: solid|dot|dash|dashDot|dashDotDot, color: …}"

    /// A line of `pattern` in `color`.
    /// - Parameters:
    ///   - pattern: The dash pattern of the line.
    ///   - color: The line's colour; nil draws in the text's colour.
    public init(pattern: LinePattern = .solid, color: Color? = nil) {
        self.pattern = pattern
        self.color = color
    }

    private enum CodingKeys: String, CodingKey { case pattern, color }

    /// Decodes `true` (a solid line in the text's colour) or `{pattern: …, color: …}`, each
    /// key optional.
    /// - Parameter decoder: The decoder to read the value from.
    /// - Throws: `DecodingError` for `false` (leave the key out instead), or a pattern or
    ///   colour that cannot be read.
    public init(from decoder: Decoder) throws {
        if let flag = try? decoder.singleValueContainer().decode(Bool.self) {
            guard flag else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "use true or leave the key out"))
            }
            self.init()
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pattern: try container.decodeIfPresent(LinePattern.self, forKey: .pattern) ?? .solid,
                  color: try container.decodeIfPresent(Color.self, forKey: .color))
    }

    /// The pattern, then the colour when there is one: `dash #ff0000`.
    public var description: String {
        color.map { "\(pattern.rawValue) \($0)" } ?? pattern.rawValue
    }
}
