import Foundation
import LetterpressCore
import LetterpressMarkup

/// How a note's title block looks: `titleBlock: {title: …, subtitle: …, author: …, date: …}`,
/// or `titleBlock: false` to show none.
public struct TitleBlockSpec: Codable, Sendable {
    /// `false` (`titleBlock: false`) shows none; the other keys are then not written.
    public var enabled: Bool?
    /// The title, over the first-level heading's look.
    public var title: StyleSpec?
    /// The subtitle, over the body's look, larger.
    public var subtitle: StyleSpec?
    /// The author, over the body's look.
    public var author: StyleSpec?
    /// The date, over the body's look.
    public var date: StyleSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, subtitle, author, date
    }

    /// A title block that sets nothing.
    public init() {}

    /// Reads `false`, or a mapping of parts.
    public init(from decoder: any Decoder) throws {
        if let enabled = try? decoder.singleValueContainer().decode(Bool.self) {
            self.enabled = enabled
            return
        }
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        title = try fields.decodeIfPresent(StyleSpec.self, forKey: .title)
        subtitle = try fields.decodeIfPresent(StyleSpec.self, forKey: .subtitle)
        author = try fields.decodeIfPresent(StyleSpec.self, forKey: .author)
        date = try fields.decodeIfPresent(StyleSpec.self, forKey: .date)
    }

    /// The style given for `part`.
    func spec(_ part: TitlePart) -> StyleSpec? {
        switch part {
        case .title: title
        case .subtitle: subtitle
        case .author: author
        case .date: date
        }
    }

    /// Writes `false`, or a mapping of parts.
    public func encode(to encoder: any Encoder) throws {
        if let enabled {
            var single = encoder.singleValueContainer()
            try single.encode(enabled)
            return
        }
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(title, forKey: .title)
        try fields.encodeIfPresent(subtitle, forKey: .subtitle)
        try fields.encodeIfPresent(author, forKey: .author)
        try fields.encodeIfPresent(date, forKey: .date)
    }
}
