import Foundation
import LetterpressCore

/// The YAML front matter of a note: known keys plus every scalar as a variable.
public struct FrontMatter: Sendable, Equatable {
    /// The note's title, which a PDF's metadata takes.
    public var title: String?
    /// The note's subtitle, shown under its title in the title block.
    public var subtitle: String?
    /// The note's author, which a PDF's metadata takes.
    public var author: String?
    /// The note's date as written (`YYYY-MM-DD`, or with a time and zone), for the badge and
    /// the PDF's creation date.
    public var date: String?
    /// The theme's name or path (relative to the note's folder), unless options name one.
    public var theme: String?
    /// The page size as written (`pageSize` or `page-size`), read as `PageSize(parsing:)`
    /// reads it when typesetting.
    public var pageSize: String?
    /// `landscape: true`: the page turned, whichever size it has (as `--landscape`).
    public var landscape = false
    /// The margins as written (a YAML list of lengths joined with commas), read as
    /// `Margins(parsing:)` reads them when typesetting.
    public var margin: String?
    /// The language the note is written in.
    public var lang: LanguageTag?
    /// The locale that formats `{{name, format}}` values and the badge's date, before `--locale`.
    public var locale: String?
    /// How the body is read (`markup: plain` or `markdown`), before the theme's choice.
    public var markup: NoteMarkup?
    /// The writing tool whose Markdown the note is in (`markup: obsidian`), before the theme's.
    public var dialect: MarkupDialect?
    /// The date badge: shown unless `badge: false`, placed and sized when given.
    package var badge = BadgeSetting()
    /// The table of contents `toc:` asks for; nil without one (or with `toc: false`).
    public var toc: ContentsSetting?
    /// Whether TeX math is read (`math: false` turns it off), and the macros its formulas start with.
    public var math = MathSetting()
    /// Shapes the text flows around.
    package var exclusions: [ExclusionSpec] = []
    /// String tables (`strings:`, a path or a list), relative to the note's folder.
    public var strings: [String] = []
    /// Every top-level scalar, by key, for `{{name}}` variables.
    public var variables: [String: String] = [:]

    /// The values `{{name}}` takes: `overrides` (the command line's `--var`) before the note's own.
    package func variables(overriddenBy overrides: [String: String]) -> [String: String] {
        variables.merging(overrides) { $1 }
    }
    /// Where each top-level key's value starts in the note, for messages about it.
    package var locations: [String: SourceLocation] = [:]

    /// Front matter with no keys, as a note without any has.
    public init() {}
}
