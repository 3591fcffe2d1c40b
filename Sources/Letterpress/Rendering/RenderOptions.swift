import Foundation

/// Options of one rendering, as the command line gives them.
public struct RenderOptions: Sendable, Codable {
    /// Theme name or path; nil to use the front matter's `theme`, else `default`.
    public var theme: String?
    /// The page size (`--page-size`); nil for the front matter's `pageSize`, else the theme's.
    public var pageSize: PageSize?
    /// The margins (`--margin`); nil for the front matter's `margin`, else the theme's.
    public var margins: Margins?
    /// The resolution of PNG output in pixels per inch (`--dpi`): 72 gives a pixel per point.
    public var dpi: Double = 144
    /// The note's date, when the front matter has none.
    public var date: String?
    /// Fail, writing nothing, when there are warnings.
    public var strict = false
    /// Multiplies every text size of the theme (`--text-size`, `--scale`).
    public var textScale = 1.0
    /// Draws the date badge on the first page (`--no-badge` turns it off).
    public var badge = true
    /// The locale the badge's date is written for, such as `en`, `de` or `zh-Hans`.
    public var locale = "en"
    /// Reads nothing outside the note's folder and the themes: images and theme files
    /// elsewhere are refused.
    public var sandbox = false
    /// The language of notes whose front matter names none (`--lang`).
    public var language: LanguageTag?
    /// Values for `{{name}}` (`--var name=value`), before the front matter's.
    public var variables: [String: String] = [:]
    /// String tables (`--strings`), before the front matter's.
    public var strings: [String] = []

    /// The options of a `render` command line with none given.
    public init() {}
}
