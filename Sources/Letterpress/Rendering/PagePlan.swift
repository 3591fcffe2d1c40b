import Foundation

/// What a note's pages will be, settled before any is typeset: their size and margins (the
/// command line's over the front matter's over the theme's), the date badge, and the PDF's
/// metadata.
struct PagePlan {
    var geometry: PageGeometry
    var badge: BadgePlan?
    var metadata: DocumentMetadata
    /// Warnings about the front matter's date, reported with the note's others.
    var warnings: [Warning] = []

    init(frontMatter: FrontMatter, theme: Theme, options: RenderOptions, resources: Resources) throws {
        geometry = try Self.geometry(frontMatter: frontMatter, theme: theme, options: options, file: resources.file)
        badge = Self.badge(frontMatter: frontMatter, theme: theme, options: options, resources: resources, warnings: &warnings)
        metadata = DocumentMetadata(title: frontMatter.title, author: frontMatter.author,
                                    creationDate: resources.creationDate(frontMatterDate: frontMatter.date))
        if let text = resources.sourceDateEpoch, !text.isEmpty, resources.sourceDate == nil {
            warnings.append(Warning(file: resources.file, message: "SOURCE_DATE_EPOCH \(Excerpt.quoted(text)) is not whole "
                + "seconds since 1970 (up to the year 9999): ignored"))
        }
    }

    private static func geometry(frontMatter: FrontMatter, theme: Theme, options: RenderOptions, file: String) throws
        -> PageGeometry {
        var geometry = PageGeometry(size: theme.page.size, margins: theme.page.margins)
        if let text = frontMatter.pageSize {
            guard let size = PageSize(parsing: text) else {
                throw LetterpressError.invalidFrontMatter(file: file, location: frontMatter.locations["pageSize"] ?? frontMatter.locations["page-size"],
                                                          message: "pageSize \(Excerpt.quoted(text)) is not a4, a5, letter, legal or WIDTHxHEIGHT")
            }
            geometry.size = size
        }
        if let text = frontMatter.margin {
            guard let margins = Margins(parsing: text) else {
                throw LetterpressError.invalidFrontMatter(file: file, location: frontMatter.locations["margin"], message: "margin \(Excerpt.quoted(text)) is not 1, 2 or 4 lengths")
            }
            geometry.margins = margins
        }
        if let size = options.pageSize { geometry.size = size }
        if let margins = options.margins { geometry.margins = margins }
        return geometry
    }

    /// The badge, dated by `resources`; none with `badge: false`, `--no-badge`, or no date.
    private static func badge(frontMatter: FrontMatter, theme: Theme, options: RenderOptions, resources: Resources,
                              warnings: inout [Warning]) -> BadgePlan? {
        guard options.badge, frontMatter.badge.enabled,
              let date = resources.noteDate(frontMatterDate: frontMatter.date, location: frontMatter.locations["date"],
                                            themeRule: theme.badge.date, warnings: &warnings)
        else { return nil }
        let center = frontMatter.badge.center.map { Point(x: $0[0], y: $0[1]) }
        return BadgePlan(lines: BadgePlan.lines(for: date, locale: Locale(identifier: frontMatter.locale ?? options.locale)),
                         center: center, diameter: frontMatter.badge.diameter)
    }
}
