import Foundation

/// An underline or strikethrough: `true`, or `{pattern: dash, color: red}`.
public struct LineDecoration: Codable, Hashable, Sendable, CustomStringConvertible {
    public var pattern: LinePattern
    /// Nil draws in the text's colour.
    public var color: Color?

    /// What a message says an underline or strikethrough must be.
    static let expected = "true or {pattern: solid|dot|dash|dashDot|dashDotDot, color: …}"

    public init(pattern: LinePattern = .solid, color: Color? = nil) {
        self.pattern = pattern
        self.color = color
    }

    private enum CodingKeys: String, CodingKey { case pattern, color }

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

    public var description: String {
        color.map { "\(pattern.rawValue) \($0)" } ?? pattern.rawValue
    }
}
