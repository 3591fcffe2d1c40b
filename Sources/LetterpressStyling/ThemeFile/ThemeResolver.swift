import Foundation
import LetterpressCore
import LetterpressMarkup

/// Turns a merged `ThemeSpec` into a complete `Theme`, filling gaps from the body style and
/// from built-in defaults, so that no stage after Styling looks anything up.
enum ThemeResolver {
    static let sansSerif = ["DejaVu Sans", "Liberation Sans", "sans-serif"]
    static let monospace = ["DejaVu Sans Mono", "Liberation Mono", "monospace"]
    static let headingScales: [Double] = [2.0, 1.6, 1.3, 1.12, 1.0, 0.92]

    static let serif = ["DejaVu Serif", "Liberation Serif", "serif"]
    static let rounded = ["Comfortaa", "DejaVu Sans", "sans-serif"]

    static let builtinStyles: [String: InlineAttributes] = [
        "boldcaps": { var a = InlineAttributes(); a.fontWeight = .bold; a.textTransform = .uppercase; return a }(),
        "smallitalics": { var a = InlineAttributes(); a.italic = true; a.textTransform = .lowercase; return a }(),
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

    /// The theme `spec` describes, with every text size multiplied by `scale` and then kept
    /// within its style's `minSize`…`maxSize` (which sizes set inline keep within too); fails
    /// on the first highlight pattern that is not a regular expression, and on a custom style
    /// built on one there is none of, or on itself.
    static func resolve(_ spec: ThemeSpec, scale: Double = 1) throws(Failure) -> Theme {
        var theme: Theme
        do {
            theme = try resolveUnscaled(spec)
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
        theme.toc.levels = theme.toc.levels.enumerated().map { level, style in
            scaled(style, spec.toc?.levels.flatMap { level < $0.count ? $0[level] : nil }, under: spec.toc?.entry)
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

    private static func resolveUnscaled(_ spec: ThemeSpec) throws(HighlightRule.InvalidPattern) -> Theme {
        var highlights: [HighlightRule] = []
        for (index, rule) in (spec.highlights ?? []).enumerated() {
            highlights.append(try HighlightRule(pattern: rule.pattern, style: rule.style, group: rule.group ?? 0, index: index))
        }
        let body = apply(spec.body, to: defaultBody)
        let headingBase = apply(spec.heading, to: headingDefault(body))
        let headings = (0..<6).map { level -> BlockStyle in
            var style = headingBase
            style.text.size = (body.text.size * headingScales[level] * 2).rounded() / 2
            style.spaceBefore = level == 0 ? 20 : 14
            return apply(spec.headings.flatMap { level < $0.count ? $0[level] : nil }, to: style)
        }
        let code = apply(spec.code?.style, to: codeDefault(body))
        return Theme(
            name: "",
            description: spec.description ?? "",
            page: page(spec.page, body: body),
            body: body,
            headings: headings,
            code: code,
            codeSyntax: codeSyntax(spec.code, code: code),
            inlineCode: inline(spec.inlineCode, default: InlineStyle(
                fontFamilies: monospace, scale: 0.9, color: nil, background: Color(parsing: "#f0f0ec"))),
            quote: apply(spec.quote, to: quoteDefault(body)),
            link: inline(spec.link, default: InlineStyle(
                scale: 1, color: Color(parsing: "#1a56b0"), underline: false)),
            list: ListStyle(
                indent: spec.list?.indent ?? 18,
                itemSpacing: spec.list?.itemSpacing ?? 2,
                markerColor: spec.list?.markerColor ?? body.text.color,
                bullets: spec.list?.bullets.flatMap { $0.isEmpty ? nil : $0 } ?? ["•", "◦", "▪"]),
            table: table(spec.table, body: body),
            rule: RuleStyle(
                color: spec.rule?.color ?? Color(parsing: "#bbbbbb")!,
                thickness: spec.rule?.thickness ?? 0.75,
                width: min(max(spec.rule?.width ?? 1, 0), 1),
                spaceBefore: spec.rule?.spaceBefore ?? 10,
                spaceAfter: spec.rule?.spaceAfter ?? 10),
            footnotes: apply(spec.footnotes?.style, to: footnotesDefault(body)),
            footnotePlacement: spec.footnotes?.place ?? .end,
            alerts: alerts(spec.alerts, body: body),
            toc: contents(spec.toc, body: body, headings: headings),
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
            markup: spec.markup)
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

    static let defaultBody = BlockStyle(
        text: {
            var text = TextStyle(fontFamilies: sansSerif, size: 10.5)
            text.color = Color(parsing: "#222222")!
            return text
        }(),
        lineHeight: 1.4, spaceBefore: 0, spaceAfter: 7, align: .left, padding: 0, indent: 0,
        background: nil, barColor: Color(parsing: "#cccccc")!, barWidth: 3)

    private static func headingDefault(_ body: BlockStyle) -> BlockStyle {
        var style = body
        style.text.weight = .bold
        style.lineHeight = 1.2
        style.spaceAfter = 6
        style.align = .left
        return style
    }

    private static func codeDefault(_ body: BlockStyle) -> BlockStyle {
        var style = body
        style.text.fontFamilies = monospace
        style.text.size = (body.text.size * 0.85 * 2).rounded() / 2
        style.lineHeight = 1.3
        style.align = .left
        style.padding = 8
        style.background = Color(parsing: "#f4f4f0")
        style.spaceBefore = 2
        style.spaceAfter = 9
        return style
    }

    private static func quoteDefault(_ body: BlockStyle) -> BlockStyle {
        var style = body
        style.text.color = Color(parsing: "#555555")!
        style.indent = 14
        return style
    }

    private static func footnotesDefault(_ body: BlockStyle) -> BlockStyle {
        var style = body
        style.text.size = (body.text.size * 0.85 * 2).rounded() / 2
        style.spaceAfter = 3
        style.align = .left
        return style
    }

    private static func page(_ spec: PageSpec?, body: BlockStyle) -> PageStyle {
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
            size: spec?.size.flatMap(PageSize.init(parsing:)) ?? .a4,
            margins: spec?.margin ?? Margins(top: 64, right: 64, bottom: 64, left: 64),
            background: spec?.background ?? .white,
            header: headerFooter(spec?.header),
            footer: headerFooter(spec?.footer))
    }

    /// GitHub's look: the body's text beside a bar, the title in bold, GitHub's colours.
    private static func alerts(_ spec: AlertSpec?, body: BlockStyle) -> AlertStyle {
        var box = body
        box.indent = 14
        box.barWidth = 3
        box.spaceBefore = 2
        box = apply(spec?.body, to: box)
        var title = box
        title.text.weight = .bold
        title.spaceBefore = 0
        title.spaceAfter = 3
        title = apply(spec?.title, to: title)
        return AlertStyle(
            body: box, title: title,
            note: spec?.note ?? Color(parsing: "#0969da")!,
            tip: spec?.tip ?? Color(parsing: "#1a7f37")!,
            important: spec?.important ?? Color(parsing: "#8250df")!,
            warning: spec?.warning ?? Color(parsing: "#9a6700")!,
            caution: spec?.caution ?? Color(parsing: "#d1242f")!)
    }

    /// A title like a second-level heading; entries in the body's font, the first level bold
    /// with room above, the deeper ones smaller; dot leaders.
    private static func contents(_ spec: ContentsSpec?, body: BlockStyle, headings: [BlockStyle]) -> ContentsStyle {
        var title = headings[1]
        title.spaceAfter = max(title.spaceAfter, 8)
        var entry = body
        entry.align = .left
        entry.lineHeight = 1.3
        entry.spaceBefore = 1
        entry.spaceAfter = 1
        entry = apply(spec?.entry, to: entry)
        let levels = (0..<6).map { level -> BlockStyle in
            var style = entry
            if spec?.entry?.fontWeight == nil, level == 0 { style.text.weight = .bold }
            if spec?.entry?.spaceBefore == nil, level == 0 { style.spaceBefore = 5 }
            if spec?.entry?.size == nil, level >= 2 { style.text.size = (entry.text.size * 0.92 * 2).rounded() / 2 }
            return apply(spec?.levels.flatMap { level < $0.count ? $0[level] : nil }, to: style)
        }
        return ContentsStyle(title: apply(spec?.title, to: title), levels: levels, leader: spec?.leader ?? ".",
                             indent: spec?.indent ?? 14)
    }

    private static func table(_ spec: TableSpec?, body: BlockStyle) -> TableStyle {
        var cell = body
        cell.align = .left
        cell.lineHeight = 1.25
        cell.text.size = (body.text.size * 0.92 * 2).rounded() / 2
        cell = apply(spec?.cell, to: cell)
        var header = cell
        header.text.weight = .bold
        header.background = Color(parsing: "#f0f0ec")
        header = apply(spec?.header, to: header)
        return TableStyle(
            cell: cell, header: header,
            borderColor: spec?.borderColor ?? Color(parsing: "#c8c8c8")!,
            borderWidth: spec?.borderWidth ?? 0.6,
            padding: spec?.padding ?? 4,
            stripe: spec?.stripe)
    }

    private static func inline(_ spec: InlineStyleSpec?, default base: InlineStyle) -> InlineStyle {
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
