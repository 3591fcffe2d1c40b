import Foundation

/// Options of one rendering, as the command line gives them.
public struct RenderOptions: Sendable, Codable {
    /// Theme name or path; nil to use the front matter's `theme`, else `default`.
    public var theme: String?
    /// The page size (`--page-size`); nil for the front matter's `pageSize`, else the theme's.
    public var pageSize: PageSize?
    /// The page size of notes whose front matter and theme name none (the shipped themes name
    /// none); nil for A4. `render` gives the machine's paper, as libpaper finds it.
    public var defaultPageSize: PageSize?
    /// Turns the page, whichever size it has, so that its width is the longer side (`--landscape`).
    public var landscape = false
    /// The margins (`--margin`); nil for the front matter's `margin`, else the theme's.
    public var margins: Margins?
    /// The resolution of PNG output in pixels per inch (`--dpi`), 9 to 1200: 72 gives a pixel
    /// per point.
    public var dpi: Double = 144
    /// The note's date, when the front matter has none (`--date`): a day, or the rule that finds
    /// it when the note is rendered.
    public var date: NoteDate?
    /// Fail, writing nothing, when there are warnings.
    public var strict = false
    /// Multiplies every text size of the theme (`--text-size`, `--scale`), 0.5 to 4.
    public var textScale = 1.0
    /// Draws the date badge on the first page (`--no-badge` turns it off).
    public var badge = true
    /// Writes tagged PDF: its structure tree in reading order, alt texts and language, for
    /// screen readers (`--untagged` turns it off).
    public var tagged = true
    /// Reads TeX math in Markdown (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, ` ```math `, the
    /// numbered environments); false (`--no-math`) leaves every `$` as text, as does the front
    /// matter's `math: false`.
    public var math = true
    /// The writing tool whose Markdown the notes are in (`--from`), before the front matter's
    /// and the theme's `markup:`; nil leaves it to them, else `automatic`.
    public var dialect: MarkupDialect?
    /// The locale of the badge's date, of formatted `{{…}}` values and of `localized` phrases,
    /// such as `en`, `de` or `zh-Hans`, when the front matter names none (`--locale`).
    public var locale = Locale(identifier: "en")
    /// Reads nothing outside the note's folder and the themes: images and theme files
    /// elsewhere are refused.
    public var sandbox = false
    /// The folder a note's root-relative paths (`/images/x.png`) start from (`--root`); nil
    /// for the nearest folder above the note holding `.git`, a site's configuration or
    /// `.obsidian`. With `sandbox`, notes read from it instead of their own folder.
    public var root: URL?
    /// The language of notes whose front matter names none (`--lang`).
    public var language: LanguageTag?
    /// Values for `{{name}}` (`--var name=value`), before the front matter's.
    public var variables: [String: String] = [:]
    /// String tables (`--strings`): `.strings`, `.stringsdict` or `.xcstrings` files, before
    /// the front matter's.
    public var strings: [URL] = []

    /// The options of a `render` command line with none given.
    public init() {}

    /// The text scales the command line accepts: beyond them a page holds a few letters.
    static let textScaleRange = 0.5...4.0

    /// Throws `LetterpressError.invalidOption` for a resolution or text scale out of range,
    /// which the command line refuses before they get here.
    func validate() throws {
        guard dpi.isFinite, OutputWriter.dpiRange.contains(dpi) else {
            throw LetterpressError.invalidOption(.resolutionOutOfRange, "dpi must be between 9 and 1200, not \(dpi)")
        }
        guard textScale.isFinite, Self.textScaleRange.contains(textScale) else {
            throw LetterpressError.invalidOption(.textScaleOutOfRange, "textScale must be between 0.5 and 4, not \(textScale)")
        }
    }
}
