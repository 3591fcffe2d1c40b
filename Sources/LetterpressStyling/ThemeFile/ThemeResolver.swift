import Foundation
import LetterpressCore
import LetterpressMarkup

/// Turns a merged `ThemeSpec` into a complete `Theme`, so that no stage after Styling looks
/// anything up. What the theme leaves out comes from the shipped `default.yaml`, but for the
/// sizes, colours and families that follow the theme's own body (a heading's size, the code's
/// colour): default.yaml's suit its own body, not another theme's.
enum ThemeResolver {
    /// The families of `fontDesign: monospaced` where the theme's `fonts:` gives none.
    static let monospace = ["DejaVu Sans Mono", "Liberation Mono", "monospace"]
    static let headingScales: [Double] = [2.0, 1.6, 1.3, 1.12, 1.0, 0.92]

    static let serif = ["DejaVu Serif", "Liberation Serif", "serif"]
    static let rounded = ["Comfortaa", "DejaVu Sans", "sans-serif"]

    static let builtinStyles: [String: InlineAttributes] = [
        "boldcaps": { var a = InlineAttributes(); a.fontWeight = .bold; a.textTransform = .uppercase; return a }(),
        "smallitalics": { var a = InlineAttributes(); a.italic = true; a.textTransform = .lowercase; return a }(),
        // pandoc's `[text]{.mark}`.
        "mark": { var a = InlineAttributes(); a.backgroundColor = Color(parsing: "#fff176"); return a }(),
    ]

    static let builtinColors: [String: InlineAttributes] = [
        "danger": {
            var a = InlineAttributes()
            a.foregroundColor = .white
            a.backgroundColor = Color(parsing: "#d7263d")
            a.underline = LineDecoration(pattern: .dash, color: Color(parsing: "#ffd60a"))
            return a
        }(),
        "highlight": {
            var a = InlineAttributes()
            a.backgroundColor = Color(parsing: "#fff176")
            a.underline = LineDecoration(pattern: .dot, color: Color(parsing: "#d7263d"))
            return a
        }(),
    ]

    /// Why a theme cannot be resolved.
    enum Failure: Error {
        case pattern(HighlightRule.InvalidPattern)
        /// The custom style `name`'s `customStyle:` names none, or makes a cycle.
        case customStyle(name: String, message: String)
    }

    /// The theme `spec` describes over `defaults` (`ThemeLoader.shippedDefault`'s), with every
    /// text size multiplied by `scale` and then kept within its style's `minSize`…`maxSize`
    /// (which sizes set inline keep within too); fails on the first highlight pattern that is not
    /// a regular expression, and on a custom style built on one there is none of, or on itself.
    static func resolve(_ spec: ThemeSpec, defaults: ThemeSpec, scale: Double = 1) throws(Failure) -> Theme {
        var theme: Theme
        do {
            theme = try resolveUnscaled(spec, defaults: defaults)
        } catch {
            throw .pattern(error)
        }
        theme.customStyles = try composed(theme.customStyles)
        theme.textScale = scale
        func scaled(_ style: BlockStyle, _ spec: StyleSpec?, under outer: StyleSpec? = nil) -> BlockStyle {
            var style = style
            let limits = SizeLimits(minimum: spec?.minSize ?? outer?.minSize, maximum: spec?.maxSize ?? outer?.maxSize)
            if scale != 1 { style.text.size = limits?.clamped(style.text.size * scale) ?? style.text.size * scale }
            style.text.sizeLimits = limits
            return style
        }
        theme.body = scaled(theme.body, spec.body)
        // A level's own limits, else `heading:`'s, which every level is built on.
        theme.headings = theme.headings.enumerated().map { level, style in
            scaled(style, spec.headings.flatMap { level < $0.count ? $0[level] : nil }, under: spec.heading)
        }
        theme.code = scaled(theme.code, spec.code?.style)
        theme.quote = scaled(theme.quote, spec.quote)
        theme.footnotes = scaled(theme.footnotes, spec.footnotes?.style)
        theme.alerts.body = scaled(theme.alerts.body, spec.alerts?.body)
        theme.alerts.title = scaled(theme.alerts.title, spec.alerts?.title)
        theme.table.cell = scaled(theme.table.cell, spec.table?.cell)
        theme.table.header = scaled(theme.table.header, spec.table?.header)
        theme.toc.title = scaled(theme.toc.title, spec.toc?.title)
        theme.definitionList.term = scaled(theme.definitionList.term, spec.definitionList?.term)
        for (part, path) in [(TitlePart.title, \TitleBlockStyle.title), (.subtitle, \.subtitle), (.author, \.author), (.date, \.date)] {
            theme.titleBlock[keyPath: path] = scaled(theme.titleBlock[keyPath: path], spec.titleBlock?.spec(part))
        }
        theme.toc.levels = theme.toc.levels.enumerated().map { level, style in
            scaled(style, spec.toc?.levels.flatMap { level < $0.count ? $0[level] : nil }, under: spec.toc?.entry)
        }
        // The badge grows with the text, as everything does with the reader's text size (seed
        // 003), its day's size kept within the badge's own limits and the rest in proportion.
        if scale != 1 {
            let limits = SizeLimits(minimum: spec.badge?.minSize, maximum: spec.badge?.maxSize)
            let size = theme.badge.size
            let factor = (limits?.clamped(size * scale) ?? size * scale) / size
            theme.badge.size *= factor
            theme.badge.diameter = min(theme.badge.diameter * factor, ThemeRanges.badgeDiameter.range.upperBound)
            theme.badge.margin *= factor
            theme.badge.strokeWidth *= factor
        }
        return theme
    }

    /// The custom styles with each one's `customStyle:` chain laid under its own keys (its own
    /// win), so that the styler applies one set of keys. Followed without recursion: a theme is
    /// untrusted input, and a chain may be as long as the theme.
    static func composed(_ styles: [String: InlineAttributes]) throws(Failure) -> [String: InlineAttributes] {
        var composed: [String: InlineAttributes] = [:]
        for name in styles.keys.sorted() where composed[name] == nil {
            var chain = [name]
            while let base = styles[chain[chain.count - 1]]?.customStyle, composed[chain[chain.count - 1]] == nil {
                guard styles[base] != nil else {
                    let message = "no custom style \(Excerpt.quoted(base))" + Hint.suggestion(for: base, among: styles.keys.sorted())
                    throw .customStyle(name: chain[chain.count - 1], message: message)
                }
                if let start = chain.firstIndex(of: base) {
                    throw .customStyle(name: base, message: "makes a cycle: " + (chain[start...] + [base]).joined(separator: " → "))
                }
                chain.append(base)
            }
            var below = composed[chain[chain.count - 1]] ?? styles[chain[chain.count - 1]]!
            below.customStyle = nil
            composed[chain[chain.count - 1]] = below
            for member in chain.dropLast().reversed() {
                var style = styles[member]!
                style.customStyle = nil
                below = style.merged(over: below)
                composed[member] = below
            }
        }
        return composed
    }

    private static func resolveUnscaled(_ spec: ThemeSpec, defaults: ThemeSpec) throws(HighlightRule.InvalidPattern) -> Theme {
        var highlights: [HighlightRule] = []
        for (index, rule) in (spec.highlights ?? []).enumerated() {
            highlights.append(try HighlightRule(pattern: rule.pattern, style: rule.style, group: rule.group ?? 0, index: index))
        }
        let body = apply(spec.body, to: apply(defaults.body, to: unstyled))
        let headings = self.headings(spec, defaults: defaults, body: body)
        let code = self.code(spec.code?.style, defaults: defaults.code?.style, body: body)
        return Theme(
            name: "",
            description: spec.description ?? "",
            page: page(spec.page, defaults: defaults.page, body: body),
            body: body,
            headings: headings,
            code: code,
            codeSyntax: codeSyntax(spec.code, code: code),
            inlineCode: inline(spec.inlineCode, over: inline(defaults.inlineCode, over: InlineStyle(scale: 1))),
            quote: apply(spec.quote, to: apply(defaults.quote, to: body)),
            // Set apart by its colour alone, unless a theme underlines it.
            link: inline(spec.link, over: inline(defaults.link, over: InlineStyle(scale: 1, underline: false))),
            list: ListStyle(
                indent: spec.list?.indent ?? given(defaults.list?.indent),
                itemSpacing: spec.list?.itemSpacing ?? given(defaults.list?.itemSpacing),
                markerColor: spec.list?.markerColor ?? body.text.color,
                bullets: spec.list?.bullets.flatMap { $0.isEmpty ? nil : $0 } ?? given(defaults.list?.bullets)),
            table: table(spec.table, defaults: defaults.table, body: body),
            rule: RuleStyle(
                color: spec.rule?.color ?? given(defaults.rule?.color),
                thickness: spec.rule?.thickness ?? given(defaults.rule?.thickness),
                width: min(max(spec.rule?.width ?? 1, 0), 1),
                spaceBefore: spec.rule?.spaceBefore ?? 10,
                spaceAfter: spec.rule?.spaceAfter ?? 10),
            footnotes: footnotes(spec.footnotes?.style, defaults: defaults.footnotes?.style, body: body),
            footnotePlacement: spec.footnotes?.place ?? .end,
            alerts: alerts(spec.alerts, defaults: defaults.alerts, body: body),
            toc: contents(spec.toc, defaults: defaults.toc, body: body, headings: headings),
            definitionList: DefinitionListStyle(
                term: apply(spec.definitionList?.term, to: apply(bodyRelative(defaults.definitionList?.term), to: body)),
                indent: spec.definitionList?.indent ?? given(defaults.definitionList?.indent)),
            titleBlock: titleBlock(spec.titleBlock, defaults: defaults.titleBlock, body: body, headings: headings),
            math: math(spec.math, defaults: defaults.math),
            diagram: diagram(spec.diagram, defaults: defaults.diagram),
            customStyles: builtinStyles.merging(spec.customStyles ?? [:]) { $1 },
            customColors: builtinColors.merging(spec.customColors ?? [:]) { $1 },
            highlights: highlights,
            designs: designs(spec.fonts, body: body),
            textScale: 1,
            badge: BadgeStyle(
                diameter: spec.badge?.diameter ?? 64,
                margin: spec.badge?.margin ?? 10,
                fill: spec.badge?.fill ?? Color(parsing: "#d7263d")!,
                stroke: spec.badge?.stroke,
                strokeWidth: spec.badge?.strokeWidth ?? 1,
                color: spec.badge?.color ?? .white,
                fontFamilies: (spec.badge?.font?.families ?? body.text.fontFamilies) + ["WenQuanYi Micro Hei"],
                size: spec.badge?.size ?? 20,
                date: spec.badge?.date),
            shapes: ShapeStyle(
                fill: spec.shapes?.fill ?? Color(parsing: "#eef1f5"),
                stroke: spec.shapes?.stroke ?? Color(parsing: "#9aa5b1"),
                strokeWidth: spec.shapes?.strokeWidth ?? 0.75),
            markup: spec.markup?.markup,
            dialect: spec.markup?.dialect)
    }

    /// `math: false` turns formulas off; otherwise each key not given is the default theme's.
    private static func math(_ spec: MathSpec?, defaults: MathSpec?) -> MathTheme {
        MathTheme(
            enabled: spec?.enabled ?? true,
            fontFamilies: spec?.font?.families ?? given(defaults?.font?.families),
            scale: spec?.size ?? given(defaults?.size),
            color: spec?.foregroundColor,
            errorColor: spec?.errorColor ?? given(defaults?.errorColor),
            alignment: spec?.align ?? given(defaults?.align),
            indent: spec?.indent ?? given(defaults?.indent),
            spaceBefore: spec?.spaceBefore ?? given(defaults?.spaceBefore),
            spaceAfter: spec?.spaceAfter ?? given(defaults?.spaceAfter),
            macros: (defaults?.macros ?? [:]).merging(spec?.macros ?? [:]) { $1 })
    }

    /// Each key not given is the default theme's; fonts and colours it leaves out are the body's.
    private static func diagram(_ spec: DiagramSpec?, defaults: DiagramSpec?) -> DiagramTheme {
        DiagramTheme(
            fontFamilies: spec?.font?.families ?? defaults?.font?.families ?? [],
            scale: spec?.size ?? given(defaults?.size),
            color: spec?.foregroundColor ?? defaults?.foregroundColor,
            lineColor: spec?.lineColor ?? defaults?.lineColor,
            nodeFill: spec?.nodeBackgroundColor ?? given(defaults?.nodeBackgroundColor),
            groupFill: spec?.groupBackgroundColor ?? given(defaults?.groupBackgroundColor))
    }

    /// The token palette as the theme gives it (classes it does not know are left out: the
    /// schema warns of them), line numbers off, and both line colours tints of the code's text
    /// unless given, so that they suit any background.
    private static func codeSyntax(_ spec: CodeSpec?, code: BlockStyle) -> CodeSyntaxStyle {
        let known = Set(TokenClass.allCases.map(\.rawValue))
        func tint(_ alpha: Double) -> Color {
            var color = code.text.color
            color.alpha = alpha
            return color
        }
        return CodeSyntaxStyle(
            palette: (spec?.syntax ?? [:]).filter { known.contains($0.key) },
            lineNumbers: spec?.lineNumbers ?? false,
            lineNumberColor: spec?.lineNumberColor ?? tint(0.45),
            lineHighlight: spec?.lineHighlight ?? tint(0.08))
    }

    private static func designs(_ fonts: [String: FontList]?, body: BlockStyle) -> [FontDesign: [String]] {
        var designs: [FontDesign: [String]] = [
            .default: body.text.fontFamilies, .serif: serif, .monospaced: monospace, .rounded: rounded,
        ]
        for (name, list) in fonts ?? [:] {
            if let design = FontDesign(rawValue: name), !list.families.isEmpty { designs[design] = list.families }
        }
        return designs
    }

    /// What lies under the default theme's body: no space above, padding, indent, band or bar,
    /// and blanks where default.yaml gives the body's font, size, colour, line height and spacing.
    private static let unstyled = BlockStyle(
        text: TextStyle(fontFamilies: [], size: 0), lineHeight: 1, spaceBefore: 0, spaceAfter: 0, align: .left, padding: 0,
        indent: 0, background: nil, barColor: .black, barWidth: 0)

    /// A value every theme needs, which default.yaml gives (ThemeTests resolves a theme that
    /// gives none).
    private static func given<Value>(_ value: Value?) -> Value {
        guard let value else { preconditionFailure("default.yaml leaves out a value every theme needs") }
        return value
    }

    /// `style` without what an element takes from the theme's own body: its size and colour,
    /// and with `family`, its font.
    private static func bodyRelative(_ style: StyleSpec?, family: Bool = false) -> StyleSpec? {
        guard var style else { return nil }
        style.size = nil
        style.foregroundColor = nil
        if family { style.font = nil }
        return style
    }

    /// The item at `index` of a list of styles, if it has one.
    private static func item(_ index: Int, of styles: [StyleSpec]?) -> StyleSpec? {
        styles.flatMap { index < $0.count ? $0[index] : nil }
    }

    /// Six levels in the body's font and colour, flush left, at sizes in proportion to the
    /// body's. Each is the default theme's level, then the theme's `heading`, then its own level.
    private static func headings(_ spec: ThemeSpec, defaults: ThemeSpec, body: BlockStyle) -> [BlockStyle] {
        var base = body
        base.align = .left
        base = apply(bodyRelative(defaults.heading, family: true), to: base)
        return (0..<6).map { level -> BlockStyle in
            var style = apply(bodyRelative(item(level, of: defaults.headings)), to: base)
            style.text.size = (body.text.size * headingScales[level] * 2).rounded() / 2
            return apply(item(level, of: spec.headings), to: apply(spec.heading, to: style))
        }
    }

    /// The body's colour in the default theme's code font and band, smaller, flush left.
    private static func code(_ spec: StyleSpec?, defaults: StyleSpec?, body: BlockStyle) -> BlockStyle {
        var style = body
        style.text.size = (body.text.size * 0.85 * 2).rounded() / 2
        style.align = .left
        style.spaceBefore = 2
        return apply(spec, to: apply(bodyRelative(defaults), to: style))
    }

    private static func footnotes(_ spec: StyleSpec?, defaults: StyleSpec?, body: BlockStyle) -> BlockStyle {
        var style = body
        style.text.size = (body.text.size * 0.85 * 2).rounded() / 2
        style.spaceAfter = 3
        style.align = .left
        return apply(spec, to: apply(bodyRelative(defaults), to: style))
    }

    private static func page(_ spec: PageSpec?, defaults: PageSpec?, body: BlockStyle) -> PageStyle {
        func headerFooter(_ spec: HeaderFooterSpec?) -> HeaderFooter? {
            guard let spec else { return nil }
            var base = body
            base.text.size = (body.text.size * 0.8 * 2).rounded() / 2
            base.text.color = Color(parsing: "#888888")!
            return HeaderFooter(
                left: spec.left ?? "", center: spec.center ?? "", right: spec.right ?? "",
                style: apply(spec.style, to: base).text, firstPage: spec.firstPage ?? true)
        }
        return PageStyle(
            // ThemeRanges refuses a size that is none.
            size: (spec?.size ?? defaults?.size).flatMap(PageSize.init(parsing:)),
            margins: spec?.margin ?? given(defaults?.margin),
            background: spec?.background ?? given(defaults?.background),
            header: headerFooter(spec?.header),
            footer: headerFooter(spec?.footer))
    }

    /// The body's text beside a bar, the title in bold over it; the default theme's bar and
    /// colours.
    private static func alerts(_ spec: AlertSpec?, defaults: AlertSpec?, body: BlockStyle) -> AlertStyle {
        var box = body
        box.spaceBefore = 2
        box = apply(spec?.body, to: apply(bodyRelative(defaults?.body), to: box))
        var title = box
        title.text.weight = .bold
        title.spaceBefore = 0
        title.spaceAfter = 3
        title = apply(spec?.title, to: apply(bodyRelative(defaults?.title), to: title))
        return AlertStyle(
            body: box, title: title,
            note: spec?.note ?? given(defaults?.note),
            tip: spec?.tip ?? given(defaults?.tip),
            important: spec?.important ?? given(defaults?.important),
            warning: spec?.warning ?? given(defaults?.warning),
            caution: spec?.caution ?? given(defaults?.caution),
            others: (defaults?.others ?? [:]).merging(spec?.others ?? [:]) { $1 },
            plain: spec?.plain ?? given(defaults?.plain))
    }

    /// The title as a first-level heading with no space above, the subtitle larger than the
    /// body, the author and date in the body's size, the block well apart from what follows:
    /// each the default theme's, then the theme's own.
    private static func titleBlock(_ spec: TitleBlockSpec?, defaults: TitleBlockSpec?, body: BlockStyle,
                                   headings: [BlockStyle]) -> TitleBlockStyle {
        var title = headings[0]
        title.spaceBefore = 0
        title.spaceAfter = 4
        var subtitle = body
        subtitle.text.size = (body.text.size * 1.3 * 2).rounded() / 2
        subtitle.spaceAfter = 6
        var author = body
        author.spaceAfter = 1
        var date = body
        date.spaceAfter = 16
        func resolved(_ base: BlockStyle, _ part: TitlePart) -> BlockStyle {
            apply(spec?.spec(part), to: apply(bodyRelative(defaults?.spec(part)), to: base))
        }
        return TitleBlockStyle(enabled: spec?.enabled ?? defaults?.enabled,
                               title: resolved(title, .title), subtitle: resolved(subtitle, .subtitle),
                               author: resolved(author, .author), date: resolved(date, .date))
    }

    /// A title like a second-level heading, at least 8 pt above what follows; entries in the
    /// body's font and colour, the deeper levels smaller. Each level is the default theme's,
    /// then the theme's `entry`, then its own level.
    private static func contents(_ spec: ContentsSpec?, defaults: ContentsSpec?, body: BlockStyle,
                                 headings: [BlockStyle]) -> ContentsStyle {
        var title = headings[1]
        title.spaceAfter = max(title.spaceAfter, 8)
        var entry = body
        entry.align = .left
        entry = apply(bodyRelative(defaults?.entry), to: entry)
        let levels = (0..<6).map { level -> BlockStyle in
            var style = apply(bodyRelative(item(level, of: defaults?.levels)), to: entry)
            if level >= 2 { style.text.size = (entry.text.size * 0.92 * 2).rounded() / 2 }
            return apply(item(level, of: spec?.levels), to: apply(spec?.entry, to: style))
        }
        return ContentsStyle(title: apply(spec?.title, to: title), levels: levels, leader: spec?.leader ?? given(defaults?.leader),
                             indent: spec?.indent ?? given(defaults?.indent))
    }

    private static func table(_ spec: TableSpec?, defaults: TableSpec?, body: BlockStyle) -> TableStyle {
        var cell = body
        cell.align = .left
        cell.lineHeight = 1.25
        cell.text.size = (body.text.size * 0.92 * 2).rounded() / 2
        cell = apply(spec?.cell, to: apply(bodyRelative(defaults?.cell), to: cell))
        let header = apply(spec?.header, to: apply(bodyRelative(defaults?.header), to: cell))
        return TableStyle(
            cell: cell, header: header,
            borderColor: spec?.borderColor ?? given(defaults?.borderColor),
            borderWidth: spec?.borderWidth ?? given(defaults?.borderWidth),
            padding: spec?.padding ?? given(defaults?.padding),
            stripe: spec?.stripe)
    }

    private static func inline(_ spec: InlineStyleSpec?, over base: InlineStyle) -> InlineStyle {
        guard let spec else { return base }
        var style = base
        for field in InlineStyleSpec.fields { field.apply(spec, &style) }
        return style
    }

    /// `spec`'s fields laid over `base`.
    static func apply(_ spec: StyleSpec?, to base: BlockStyle) -> BlockStyle {
        guard let spec else { return base }
        var style = base
        for field in StyleSpec.fields { field.apply(spec, &style) }
        return style
    }
}
