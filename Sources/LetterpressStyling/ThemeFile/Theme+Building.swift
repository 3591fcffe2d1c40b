import Foundation
import LetterpressCore
import LetterpressMarkup

extension Theme {
    /// The theme in `yaml`, read as a theme file is: its keys checked (an unknown one is one of
    /// its ``Theme/warnings``), merged over the theme its `extends:` names, and resolved.
    ///
    /// ```swift
    /// let theme = try Theme(yaml: "extends: night\nbody: {size: 12}", name: "brand")
    /// ```
    ///
    /// - Parameters:
    ///   - yaml: The theme, as a theme file holds it.
    ///   - name: The theme's name, which its errors and warnings name it by (`brand:2:7: …`).
    ///   - baseURL: The folder a relative path in its `extends:` is relative to. Without one it
    ///     may extend a shipped theme, one in the `LETTERPRESS_THEMES` search path, or a file by
    ///     its absolute path.
    /// - Throws: `LetterpressError.invalidTheme` for YAML that is not a theme, or a value the
    ///   theme vocabulary cannot use, with its line and column; `LetterpressError.unknownTheme`
    ///   or `LetterpressError.unreadableInput` for a theme it extends that cannot be found or read.
    public init(yaml: String, name: String = "<theme>", baseURL: URL? = nil) throws {
        // A folder, whether or not its URL ends in a slash: a path is resolved against it.
        let folder = baseURL.map { URL(fileURLWithPath: $0.path, isDirectory: true) }
        self = try ThemeLoader().load(.text(yaml, name: name, folder: folder), scale: 1).theme
    }

    /// A theme built from `spec` alone, as a theme file that extends none is: what it leaves out
    /// comes from the shipped `default` theme, but for its header, footer and code colours.
    ///
    /// - Parameters:
    ///   - spec: The theme's settings; its `extends` must be nil (to build on a theme, change it
    ///     with ``Theme/with(_:)``).
    ///   - name: The theme's name, which its errors name it by.
    /// - Throws: `LetterpressError.invalidTheme` naming the key of a number out of its range, a
    ///   page size that is none, a highlight pattern that is no regular expression, or a custom
    ///   style built on one there is none of.
    public init(spec: ThemeSpec, name: String = "<theme>") throws {
        try Self.refuseExtends(spec.extends, from: nil, name: name)
        self = try Self.resolved(spec, name: name, scale: 1)
    }

    /// The settings this theme was resolved from: its YAML merged over the themes it extends,
    /// as ``ThemeSpec`` reads it (what it leaves out is nil).
    public var spec: ThemeSpec { settings.spec }

    /// This theme with `change` made to its settings, resolved as the same change made in its
    /// YAML would be: what follows a value follows the new one (where the theme gives its
    /// headings, code or tables no size, they follow the body's; list markers follow its
    /// colour), and every number is checked against its range.
    ///
    /// ```swift
    /// let larger = try Theme.default.with { spec in
    ///     spec.body?.size = 12
    ///     spec.heading?.foregroundColor = Color(parsing: "teal")
    /// }
    /// ```
    ///
    /// Every section the change is given is there, empty where the theme sets nothing, so that
    /// `spec.quote?.italic = true` reaches it whatever the theme holds; but for a header and a
    /// footer, which a theme without them shows none of (set `spec.page?.footer` to make one).
    /// Sizes are scaled by the theme's ``Theme/textScale``, as they were. What was set on this
    /// theme's own properties after it was resolved (a colour added to ``Theme/customColors``)
    /// is not kept: set it in the spec.
    ///
    /// - Parameter change: Changes the settings, as editing the theme file would.
    /// - Returns: The changed theme, with this one's name and warnings.
    /// - Throws: What `change` throws; `LetterpressError.invalidTheme` naming the key of a number
    ///   out of its range, a page size that is none, a highlight pattern that is no regular
    ///   expression, a custom style built on one there is none of, or a changed `extends`.
    public func with(_ change: (inout ThemeSpec) throws -> Void) throws -> Theme {
        var spec = settings.spec.withEverySection(margins: page.margins)
        try change(&spec)
        try Self.refuseExtends(spec.extends, from: settings.spec.extends, name: name)
        var theme = try Self.resolved(spec, name: name, scale: textScale)
        theme.description = spec.description == settings.spec.description ? description : spec.description ?? ""
        theme.warnings = warnings
        theme.keepLocations(of: self)
        return theme
    }

    /// How errors about a spec made in code name the theme.
    private static func file(_ name: String) -> String { "theme '\(Excerpt.name(name))'" }

    /// `spec` checked and resolved, at `scale`, its errors naming the key alone.
    private static func resolved(_ spec: ThemeSpec, name: String, scale: Double) throws -> Theme {
        try ThemeRanges.check(spec, in: nil, file: file(name))
        var theme = try ThemeLoader.resolve(spec, node: nil, file: file(name), scale: scale)
        theme.name = name
        return theme
    }

    /// `extends` is merged when the YAML is read: a spec in code cannot name another theme.
    private static func refuseExtends(_ extends: String?, from original: String?, name: String) throws {
        guard extends != original else { return }
        throw LetterpressError.invalidTheme(file: file(name), location: nil,
                                            message: "extends: is read from YAML only; to build on a theme in code, call with(_:) on it")
    }

    /// Where `original`'s highlight rules and header and footer templates are written, for
    /// those the change left as they were: warnings about them still point at the theme file.
    private mutating func keepLocations(of original: Theme) {
        let before = original.settings.spec.highlights ?? [], after = settings.spec.highlights ?? []
        for index in highlights.indices where index < before.count && index < original.highlights.count
            && before[index].pattern == after[index].pattern && before[index].group == after[index].group {
            highlights[index].file = original.highlights[index].file
            highlights[index].location = original.highlights[index].location
        }
        for keyPath in [\Theme.page.header, \Theme.page.footer] {
            guard let old = original[keyPath: keyPath], let new = self[keyPath: keyPath] else { continue }
            var kept = new
            kept.file = old.file
            kept.locations = [:]
            for (key, template) in new.templates where old.templates.contains(where: { $0.key == key && $0.template == template }) {
                kept.locations[key] = old.locations[key]
            }
            self[keyPath: keyPath] = kept
        }
    }
}

extension ThemeSpec {
    /// The spec with every section there, empty where it sets none (which resolves as none
    /// does), so that a change reaches it through optional chaining: each style, six heading and
    /// contents levels, and the margins as resolved. A header and a footer are left as they
    /// are, since an empty one is shown and none is not.
    func withEverySection(margins: Margins) -> ThemeSpec {
        var spec = self
        func fill<Section>(_ section: inout Section?, _ empty: Section) {
            if section == nil { section = empty }
        }
        func pad(_ styles: inout [StyleSpec]?) {
            styles = (styles ?? []) + Array(repeating: StyleSpec(), count: max(0, 6 - (styles?.count ?? 0)))
        }
        fill(&spec.page, PageSpec())
        fill(&spec.page!.margin, margins)
        if spec.page!.header != nil { fill(&spec.page!.header!.style, StyleSpec()) }
        if spec.page!.footer != nil { fill(&spec.page!.footer!.style, StyleSpec()) }
        for style in [\ThemeSpec.body, \.heading, \.quote] { fill(&spec[keyPath: style], StyleSpec()) }
        pad(&spec.headings)
        fill(&spec.code, CodeSpec())
        fill(&spec.code!.syntax, [:])
        fill(&spec.inlineCode, InlineStyleSpec())
        fill(&spec.link, InlineStyleSpec())
        fill(&spec.list, ListSpec())
        fill(&spec.table, TableSpec())
        fill(&spec.table!.cell, StyleSpec())
        fill(&spec.table!.header, StyleSpec())
        fill(&spec.rule, RuleSpec())
        fill(&spec.footnotes, FootnotesSpec())
        fill(&spec.alerts, AlertSpec())
        fill(&spec.alerts!.body, StyleSpec())
        fill(&spec.alerts!.title, StyleSpec())
        fill(&spec.toc, ContentsSpec())
        fill(&spec.toc!.title, StyleSpec())
        fill(&spec.toc!.entry, StyleSpec())
        pad(&spec.toc!.levels)
        fill(&spec.definitionList, DefinitionListSpec())
        fill(&spec.definitionList!.term, StyleSpec())
        fill(&spec.titleBlock, TitleBlockSpec())
        for part in [\TitleBlockSpec.title, \.subtitle, \.author, \.date] { fill(&spec.titleBlock![keyPath: part], StyleSpec()) }
        fill(&spec.math, MathSpec())
        fill(&spec.diagram, DiagramSpec())
        fill(&spec.customStyles, [:])
        fill(&spec.customColors, [:])
        fill(&spec.highlights, [])
        fill(&spec.fonts, [:])
        fill(&spec.badge, BadgeSpec())
        fill(&spec.shapes, ShapeSpec())
        return spec
    }
}
