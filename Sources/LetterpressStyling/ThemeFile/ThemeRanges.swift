import Foundation
import LetterpressCore
import LetterpressMarkup
import Yams

/// The range every number of a theme must fall in. A theme beside a note is read under
/// `--sandbox`, so it is untrusted input: a size of 1e12, an infinite indent or a NaN thickness
/// would trap or loop in layout. Out of range is an error naming the key and where it is.
enum ThemeRanges {
    /// A range a theme's numbers must fall in, and the unit messages give them in.
    struct Bounds: CustomStringConvertible {
        let range: ClosedRange<Double>
        let unit: String

        init(_ range: ClosedRange<Double>, _ unit: String = " pt") {
            self.range = range
            self.unit = unit
        }

        /// `1 to 400 pt`, as errors and the tables of `docs/themes.md` write it.
        var description: String { "\(ThemeRanges.format(range.lowerBound)) to \(ThemeRanges.format(range.upperBound))\(unit)" }

        func contains(_ value: Double) -> Bool { value.isFinite && range.contains(value) }
    }

    /// Text sizes in points, as `^[…](size:)` allows.
    static let size = Bounds(Styler.sizeRange)
    /// Sizes of inline code and links, relative to the text around them.
    static let relativeSize = Bounds(0.25...4.0, " times the text around")
    static let tracking = Bounds(Styler.spacingRange)
    /// Multiples of the text's line height.
    static let lineHeight = Bounds(0.5...5.0, "")
    /// Space above and below blocks, which may pull a block up.
    static let spacing = Bounds(-200.0...1000.0)
    /// Padding, indents, margins and badge diameters.
    static let length = Bounds(0.0...1000.0)
    /// Rule thickness, borders and bars.
    static let lineWidth = Bounds(0.0...100.0)
    /// A rule's width, as a fraction of the column.
    static let fraction = Bounds(0.0...1.0, " of the column")
    static let badgeDiameter = Bounds(1.0...1000.0)

    /// A number of the theme, where it is, and the range it must fall in.
    struct Number {
        let path: [Key]
        let value: Double
        let bounds: Bounds
    }

    enum Key {
        case name(String)
        case index(Int)
    }

    /// Throws for every number of `spec` outside its range, and a page size that is none, in
    /// the file's order, locating each in `node`, the YAML `spec` was decoded from (nil: a spec
    /// made in code, whose errors name the key alone).
    static func check(_ spec: ThemeSpec, in node: Node?, file: String) throws {
        var errors = numbers(of: spec).filter { !$0.bounds.contains($0.value) }.map { number in
            LetterpressError.invalidTheme(file: file, location: location(of: number.path, in: node),
                                          message: "\(describe(number.path)): \(format(number.value)) is outside \(number.bounds)")
        }
        if let size = spec.page?.size, PageSize(parsing: size) == nil {
            errors.append(.invalidTheme(
                file: file, location: location(of: [.name("page"), .name("size")], in: node),
                message: "page.size: \(Excerpt.quoted(size)) is not a page size ("
                    + "\(PageSize.named.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT with units, each with -landscape or not)"))
        }
        if let error = LetterpressError.combined(errors) { throw error }
    }

    /// Every number `spec` sets, with its range.
    static func numbers(of spec: ThemeSpec) -> [Number] {
        var numbers: [Number] = []
        func add(_ path: [Key], _ value: Double?, _ bounds: Bounds) {
            if let value { numbers.append(Number(path: path, value: value, bounds: bounds)) }
        }
        func keys<Spec, Style>(_ path: [Key], _ spec: Spec?, _ fields: [StyleKey<Spec, Style>]) {
            guard let spec else { return }
            for field in fields {
                if let bounds = field.bounds { add(path + [.name(field.name)], field.number(spec), bounds) }
            }
        }
        func style(_ path: [Key], _ spec: StyleSpec?) { keys(path, spec, StyleSpec.fields) }
        for (name, spec) in [("body", spec.body), ("heading", spec.heading), ("code", spec.code?.style), ("quote", spec.quote),
                             ("footnotes", spec.footnotes?.style)] {
            style([.name(name)], spec)
        }
        for (index, heading) in (spec.headings ?? []).enumerated() { style([.name("headings"), .index(index)], heading) }
        keys([.name("inlineCode")], spec.inlineCode, InlineStyleSpec.fields)
        keys([.name("link")], spec.link, InlineStyleSpec.fields)
        if let page = spec.page {
            for (name, part) in [("header", page.header), ("footer", page.footer)] {
                style([.name("page"), .name(name), .name("style")], part?.style)
            }
            if let margin = page.margin {
                for (side, value) in [("top", margin.top), ("right", margin.right), ("bottom", margin.bottom), ("left", margin.left)] {
                    add([.name("page"), .name("margin"), .name(side)], value, length)
                }
            }
        }
        if let list = spec.list {
            add([.name("list"), .name("indent")], list.indent, length)
            add([.name("list"), .name("itemSpacing")], list.itemSpacing, spacing)
        }
        if let table = spec.table {
            style([.name("table"), .name("cell")], table.cell)
            style([.name("table"), .name("header")], table.header)
            add([.name("table"), .name("borderWidth")], table.borderWidth, lineWidth)
            add([.name("table"), .name("padding")], table.padding, length)
        }
        if let rule = spec.rule {
            add([.name("rule"), .name("thickness")], rule.thickness, lineWidth)
            add([.name("rule"), .name("width")], rule.width, fraction)
            add([.name("rule"), .name("spaceBefore")], rule.spaceBefore, spacing)
            add([.name("rule"), .name("spaceAfter")], rule.spaceAfter, spacing)
        }
        if let math = spec.math {
            add([.name("math"), .name("size")], math.size, relativeSize)
            add([.name("math"), .name("indent")], math.indent, length)
            add([.name("math"), .name("spaceBefore")], math.spaceBefore, spacing)
            add([.name("math"), .name("spaceAfter")], math.spaceAfter, spacing)
        }
        if let diagram = spec.diagram {
            add([.name("diagram"), .name("size")], diagram.size, relativeSize)
        }
        if let badge = spec.badge {
            add([.name("badge"), .name("diameter")], badge.diameter, badgeDiameter)
            add([.name("badge"), .name("margin")], badge.margin, length)
            add([.name("badge"), .name("strokeWidth")], badge.strokeWidth, lineWidth)
            add([.name("badge"), .name("size")], badge.size, size)
            add([.name("badge"), .name("minSize")], badge.minSize, size)
            add([.name("badge"), .name("maxSize")], badge.maxSize, size)
        }
        add([.name("shapes"), .name("strokeWidth")], spec.shapes?.strokeWidth, lineWidth)
        style([.name("alerts"), .name("body")], spec.alerts?.body)
        style([.name("alerts"), .name("title")], spec.alerts?.title)
        for part in TitlePart.allCases { style([.name("titleBlock"), .name(part.rawValue)], spec.titleBlock?.spec(part)) }
        if let toc = spec.toc {
            style([.name("toc"), .name("title")], toc.title)
            style([.name("toc"), .name("entry")], toc.entry)
            for (index, level) in (toc.levels ?? []).enumerated() { style([.name("toc"), .name("levels"), .index(index)], level) }
            add([.name("toc"), .name("indent")], toc.indent, length)
        }
        return numbers
    }

    private static func describe(_ path: [Key]) -> String {
        path.map { key in
            switch key {
            case let .name(name): return ".\(name)"
            case let .index(index): return "[\(index)]"
            }
        }.joined().dropFirst().description
    }

    /// The node at `path`, or the nearest one above it that exists (a number brought in by a
    /// merge key or from an extended theme is located at its section).
    private static func location(of path: [Key], in root: Node?) -> SourceLocation? {
        guard var node = root else { return nil }
        for key in path {
            let child: Node?
            switch key {
            case let .name(name): child = node[name]
            case let .index(index): child = node.sequence.flatMap { index < $0.count ? $0[index] : nil }
            }
            guard let child else { break }
            node = child
        }
        return node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
