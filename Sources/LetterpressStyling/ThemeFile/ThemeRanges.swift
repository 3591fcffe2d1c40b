import Foundation
import LetterpressCore
import LetterpressMarkup
import Yams

/// The range every number of a theme must fall in. A theme beside a note is read under
/// `--sandbox`, so it is untrusted input: a size of 1e12, an infinite indent or a NaN thickness
/// would trap or loop in layout. Out of range is an error naming the key and where it is.
enum ThemeRanges {
    /// Text sizes in points, as `^[…](size:)` allows.
    static let size = Styler.sizeRange
    /// Sizes of inline code and links, relative to the text around them.
    static let relativeSize = 0.25...4.0
    static let tracking = Styler.spacingRange
    /// Multiples of the text size.
    static let lineHeight = 0.5...5.0
    /// Space above and below blocks, which may pull a block up.
    static let spacing = -200.0...1000.0
    /// Padding, indents, margins and badge diameters.
    static let length = 0.0...1000.0
    /// Rule thickness, borders and bars.
    static let lineWidth = 0.0...100.0
    /// A rule's width, as a fraction of the column.
    static let fraction = 0.0...1.0

    /// A number of the theme, where it is, and the range it must fall in.
    struct Number {
        let path: [Key]
        let value: Double
        let range: ClosedRange<Double>
        let unit: String
    }

    enum Key {
        case name(String)
        case index(Int)
    }

    /// Throws for the first number of `spec` outside its range, or a page size that is none,
    /// locating it in `node`, the YAML `spec` was decoded from.
    static func check(_ spec: ThemeSpec, in node: Node, file: String) throws {
        for number in numbers(of: spec) where !(number.value.isFinite && number.range.contains(number.value)) {
            let range = "\(format(number.range.lowerBound)) to \(format(number.range.upperBound))\(number.unit)"
            throw LetterpressError.invalidTheme(file: file, location: location(of: number.path, in: node),
                                                message: "\(describe(number.path)): \(format(number.value)) is outside \(range)")
        }
        if let size = spec.page?.size, PageSize(parsing: size) == nil {
            throw LetterpressError.invalidTheme(
                file: file, location: location(of: [.name("page"), .name("size")], in: node),
                message: "page.size: \(Excerpt.quoted(size)) is not a page size (a4, a5, letter, legal, or WIDTHxHEIGHT with units)")
        }
    }

    /// Every number `spec` sets, with its range.
    static func numbers(of spec: ThemeSpec) -> [Number] {
        var numbers: [Number] = []
        func add(_ path: [Key], _ value: Double?, _ range: ClosedRange<Double>, _ unit: String = " pt") {
            if let value { numbers.append(Number(path: path, value: value, range: range, unit: unit)) }
        }
        func style(_ path: [Key], _ style: StyleSpec?, relative: Bool = false) {
            guard let style else { return }
            for (key, value) in [("size", style.size), ("minSize", style.minSize), ("maxSize", style.maxSize)] {
                add(path + [.name(key)], value, relative ? relativeSize : size, relative ? "" : " pt")
            }
            add(path + [.name("tracking")], style.tracking, tracking)
            add(path + [.name("lineHeight")], style.lineHeight, lineHeight, "")
            add(path + [.name("spaceBefore")], style.spaceBefore, spacing)
            add(path + [.name("spaceAfter")], style.spaceAfter, spacing)
            add(path + [.name("padding")], style.padding, length)
            add(path + [.name("indent")], style.indent, length)
            add(path + [.name("barWidth")], style.barWidth, lineWidth)
        }
        for (name, spec) in [("body", spec.body), ("heading", spec.heading), ("code", spec.code?.style), ("quote", spec.quote),
                             ("footnotes", spec.footnotes?.style)] {
            style([.name(name)], spec)
        }
        for (index, heading) in (spec.headings ?? []).enumerated() { style([.name("headings"), .index(index)], heading) }
        style([.name("inlineCode")], spec.inlineCode, relative: true)
        style([.name("link")], spec.link, relative: true)
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
            add([.name("rule"), .name("width")], rule.width, fraction, " of the column")
            add([.name("rule"), .name("spaceBefore")], rule.spaceBefore, spacing)
            add([.name("rule"), .name("spaceAfter")], rule.spaceAfter, spacing)
        }
        if let badge = spec.badge {
            add([.name("badge"), .name("diameter")], badge.diameter, 1...1000)
            add([.name("badge"), .name("margin")], badge.margin, length)
            add([.name("badge"), .name("strokeWidth")], badge.strokeWidth, lineWidth)
            add([.name("badge"), .name("size")], badge.size, size)
        }
        add([.name("shapes"), .name("strokeWidth")], spec.shapes?.strokeWidth, lineWidth)
        style([.name("alerts"), .name("body")], spec.alerts?.body)
        style([.name("alerts"), .name("title")], spec.alerts?.title)
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
    private static func location(of path: [Key], in root: Node) -> SourceLocation? {
        var node = root
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

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
