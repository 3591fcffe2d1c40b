import Foundation

/// Which line of a note's title block a paragraph is, for the theme's `titleBlock` style of it.
public enum TitlePart: String, Sendable, Codable, CaseIterable {
    case title, subtitle, author, date
}
