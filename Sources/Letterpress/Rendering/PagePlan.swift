import Foundation

/// What a note's pages will be, settled before any is typeset: their size and margins (the
/// command line's over the front matter's over the theme's), the date badge, and the PDF's
/// metadata.
struct PagePlan {
    var geometry: PageGeometry
    var badge: BadgePlan?
    var metadata: DocumentMetadata
    /// The note's date (the badge's) as the note's locale writes it, for `{date}` in headers
    /// and footers; nil when the note has no date or the theme shows none.
    var runningDate: String?
    /// The values of the `{{…}}` in the theme's headers and footers, by what is inside the
    /// braces.
    var runningVariables: [String: String] = [:]
    /// Warnings about the front matter's date and the headers' variables, reported with the
    /// note's others.
    var warnings: [Warning] = []

    init(frontMatter: FrontMatter, styles: LayoutStyle, options: RenderOptions, resources: Resources) throws {
        try options.validate()
        geometry = try Self.geometry(frontMatter: frontMatter, styles: styles, options: options, file: resources.file)
        let locale = frontMatter.locale.map(Locale.init(identifier:)) ?? options.locale
        // A front matter date written with its zone is that day there, not in UTC.
        let offset = frontMatter.date.flatMap { PDFDate.zoned($0.trimmingCharacters(in: .whitespaces))?.offset } ?? 0
        let showsBadge = options.badge && frontMatter.badge.enabled
        let showsDate = [styles.page.header, styles.page.footer].contains { $0?.shows("{date}") ?? false }
        let date = showsBadge || showsDate
            ? resources.noteDate(frontMatterDate: frontMatter.date, location: frontMatter.locations["date"],
                                 themeRule: styles.badge.date, warnings: &warnings)
            : nil
        if showsBadge, let date {
            badge = BadgePlan(lines: BadgePlan.lines(for: date, locale: locale, offset: offset),
                              center: frontMatter.badge.center.map { Point(x: $0[0], y: $0[1]) }, diameter: frontMatter.badge.diameter)
        }
        if showsDate, let date { runningDate = BadgePlan.mediumDate(date, locale: locale, offset: offset) }
        runningVariables = Self.runningVariables(styles: styles, values: VariableValues(frontMatter.variables(overriddenBy: options.variables),
                                                                                      locale: frontMatter.locale ?? options.locale.identifier),
                                                 warnings: &warnings)
        metadata = DocumentMetadata(title: frontMatter.title, author: frontMatter.author,
                                    creationDate: resources.creationDate(frontMatterDate: frontMatter.date),
                                    language: frontMatter.lang ?? options.language)
        if let text = resources.sourceDateEpoch, !text.isEmpty, resources.sourceDate == nil {
            warnings.append(Warning(code: .invalidDate, file: resources.file, message: "SOURCE_DATE_EPOCH \(Excerpt.quoted(text)) is not whole "
                + "seconds since 1970 (up to the year 9999): ignored"))
        }
    }

    private static func geometry(frontMatter: FrontMatter, styles: LayoutStyle, options: RenderOptions, file: String) throws
        -> PageGeometry {
        var geometry = PageGeometry(size: styles.page.size ?? options.defaultPageSize ?? .a4, margins: styles.page.margins)
        // The reader has refused a front matter whose size or margin is none; an archive's are checked here.
        if let text = frontMatter.pageSize {
            guard let size = PageSize(parsing: text) else {
                throw LetterpressError.invalidFrontMatter(file: file, location: frontMatter.locations["pageSize"] ?? frontMatter.locations["page-size"],
                                                          message: FrontMatterReader.pageSizeProblem(text) ?? text)
            }
            geometry.size = size
        }
        if let text = frontMatter.margin {
            guard let margins = Margins(parsing: text) else {
                throw LetterpressError.invalidFrontMatter(file: file, location: frontMatter.locations["margin"],
                                                          message: FrontMatterReader.marginProblem(text) ?? text)
            }
            geometry.margins = margins
        }
        if let size = options.pageSize { geometry.size = size }
        if options.landscape || frontMatter.landscape { geometry.size = geometry.size.landscape }
        if let margins = options.margins { geometry.margins = margins }
        return geometry
    }

    /// The values of the `{{…}}` the theme's headers and footers hold (formatted once, not on
    /// every page), with a warning at the theme's line for each that is undefined or badly formatted.
    private static func runningVariables(styles: LayoutStyle, values: VariableValues, warnings: inout [Warning]) -> [String: String] {
        var found: [String: String] = [:]
        for part in [styles.page.header, styles.page.footer].compactMap({ $0 }) {
            for (key, template) in part.templates {
                for reference in VariableValues.references(in: template) {
                    switch values.resolve(reference.inside) {
                    case let .value(value, problem)?:
                        found[reference.inside] = value
                        if let problem { warnings.append(Warning(code: .invalidVariable, file: part.file, location: part.locations[key], message: problem)) }
                    case let .undefined(message)?:
                        warnings.append(Warning(code: .undefinedVariable, file: part.file, location: part.locations[key], message: message + "; kept as written",
                                                kind: VariableValues.undefinedKind))
                    case nil:
                        continue
                    }
                }
            }
        }
        return found
    }
}
