import Foundation
import LetterpressCore

/// The title block a note's metadata makes at the top of its first page, as pandoc, Jekyll,
/// Hugo, MkDocs and Docusaurus show it: the front matter's `title`, `subtitle`, `author` and
/// `date`, else pandoc's `% title`, `% author` and `% date` lines.
package struct TitleBlock: Sendable, Equatable {
    package var title: String?
    package var subtitle: String?
    package var author: String?
    package var date: String?
    /// Whether it is shown in a note of any dialect but `gfm` (the theme says `titleBlock:
    /// true`, or the front matter is a site generator's); else only where a dialect is named or
    /// the title is pandoc's `%` line. A note GitHub shows keeps its front matter as metadata.
    package var shown = false

    package init(title: String? = nil, subtitle: String? = nil, author: String? = nil, date: String? = nil, shown: Bool = false) {
        self.title = title
        self.subtitle = subtitle
        self.author = author
        self.date = date
        self.shown = shown
    }

    /// The front matter's title block; `always` when the theme says `titleBlock: true`.
    package init(_ frontMatter: FrontMatter, always: Bool = false) {
        self.init(title: frontMatter.title, subtitle: frontMatter.subtitle, author: frontMatter.author, date: frontMatter.date,
                  shown: always || !Self.siteKeys.isDisjoint(with: frontMatter.locations.keys))
    }

    /// Front matter keys that Jekyll, Hugo, Docusaurus, MkDocs or pandoc read and GitHub's notes
    /// do not write: a note with one is a page whose tool shows its title.
    static let siteKeys: Set = ["layout", "permalink", "categories", "tags", "slug", "sidebar_position", "sidebar_label", "id",
                                "weight", "draft", "subtitle", "description", "keywords", "aliases", "summary", "lastmod",
                                "excerpt", "comments", "hide", "nav_order", "parent", "header", "abstract"]

    /// Whether the note shows it when read as `dialect`.
    func isShown(in dialect: MarkupDialect) -> Bool {
        dialect != .gfm && (shown || dialect != .automatic)
    }

    /// Its parts and their text, in order; a title block without a title has none (an author
    /// and a date alone are the badge's and the PDF's).
    func lines(locale: String) -> [(TitlePart, String)] {
        guard let title = Self.trimmed(title) else { return [] }
        let parts: [(TitlePart, String?)] = [(.title, title), (.subtitle, Self.trimmed(subtitle)), (.author, Self.trimmed(author)),
                                             (.date, Self.trimmed(date).map { Self.day($0, locale: locale) })]
        return parts.compactMap { part, text in text.map { (part, $0) } }
    }

    /// The block that shows it, or nil when it has no title.
    func block(locale: String) -> Block? {
        let lines = lines(locale: locale)
        guard !lines.isEmpty else { return nil }
        return .division(Block.Division(alignment: .none, blocks: lines.map { .paragraph(AttributedString($0.1)) },
                                        titleParts: lines.map(\.0)))
    }

    /// `self` with the parts it lacks taken from `other`.
    func filled(from other: TitleBlock) -> TitleBlock {
        TitleBlock(title: title ?? other.title, subtitle: subtitle ?? other.subtitle, author: author ?? other.author, date: date ?? other.date,
                   shown: shown || other.shown)
    }

    private static func trimmed(_ text: String?) -> String? {
        let text = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? nil : text
    }

    /// A date as the locale writes a long one (`July 3, 2014`), on the day written, whatever
    /// its time and zone; as written when it is no date.
    static func day(_ text: String, locale: String) -> String {
        let day = text.prefix(10)
        guard day.count == 10, let date = PDFDate.parse(String(day)) else { return text }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    /// pandoc's title block: up to three lines at the very start of the note, each starting
    /// with `%` (title, author, date; a part left empty is `%` alone). The lines become blank
    /// lines, so the others keep their numbers.
    static func percentLines(_ body: String) -> (TitleBlock, String)? {
        guard body.hasPrefix("%") else { return nil }
        var lines = body.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        var parts: [String?] = []
        for index in lines.indices.prefix(3) {
            let line = lines[index].hasSuffix("\r") ? lines[index].dropLast() : lines[index]
            guard line.hasPrefix("%"), line.count == 1 || line.dropFirst().first == " " else { break }
            parts.append(trimmed(String(line.dropFirst())))
            lines[index] = lines[index].hasSuffix("\r") ? "\r" : ""
        }
        guard !parts.isEmpty else { return nil }
        let block = TitleBlock(title: parts[0], author: parts.count > 1 ? parts[1] : nil, date: parts.count > 2 ? parts[2] : nil, shown: true)
        return (block, lines.joined(separator: "\n"))
    }
}
