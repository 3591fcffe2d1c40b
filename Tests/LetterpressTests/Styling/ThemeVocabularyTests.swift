import Foundation
import Testing
import Yams
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Theme keys are declared once: a style's in `StyleSpec.fields` (`InlineStyleSpec.fields` for
/// links and inline code), with its range, what it sets and its effect, the styles that apply
/// each in `StyleSection`, and each other section's keys in its `CodingKeys`; the schema, the
/// range check, `ThemeResolver.apply` and the tables of `docs/themes.md` go by them, and nothing
/// may fall out of step.
@Suite struct ThemeVocabularyTests {
    /// A value for every key of an element's style, unlike the default body's.
    static let styleValues = [
        "font": "Liberation Serif", "size": "12", "fontWeight": "bold", "italic": "true", "foregroundColor": "'#aa0000'",
        "backgroundColor": "'#eeeeee'", "underline": "true", "tracking": "1", "effect": "letterpress", "lineHeight": "2", "spaceBefore": "3",
        "spaceAfter": "4", "align": "center", "padding": "5", "indent": "6", "barColor": "'#00aa00'",
        "barWidth": "7", "minSize": "1", "maxSize": "90",
    ]

    /// A value for every key of an inline element's style: its size is relative.
    static let inlineValues = styleValues.merging(["size": "1.5"]) { $1 }

    /// A theme that sets every key the schema knows, attribute keys aside (VocabularyTests has
    /// those).
    static let everyKey = """
        description: Every key
        extends: default
        page:
          size: a5
          margin: [20, 30]
          background: '#fafafa'
          header: {left: '{title}', center: c, right: '{page}', style: {\(style(.pageText))}, firstPage: false}
          footer: {left: l, center: '{page}', right: r, style: {\(style(.pageText))}, firstPage: true}
        body: {\(style(.body))}
        heading: {\(style(.heading))}
        headings: [{\(style(.heading))}, {\(style(.heading))}]
        code: {\(style(.code)), lineNumbers: true, lineNumberColor: '#888888', lineHighlight: '#fff5b1',
               syntax: {\(TokenClass.allCases.map { "\($0.rawValue): {foregroundColor: red, backgroundColor: '#eeeeee', fontWeight: bold, italic: true}" }.joined(separator: ", "))}}
        inlineCode: {\(inlineStyle)}
        quote: {\(style(.quote))}
        link: {\(inlineStyle)}
        list: {indent: 20, itemSpacing: 3, markerColor: '#ff00ff', bullets: ['-', '+']}
        table: {cell: {\(style(.tableCell))}, header: {\(style(.tableHeader))}, borderColor: '#999999', borderWidth: 1, padding: 5, stripe: '#f5f5f5'}
        rule: {color: '#333333', thickness: 2, width: 0.5, spaceBefore: 12, spaceAfter: 12}
        math: {font: Latin Modern Math, size: 1.1, foregroundColor: '#102030', errorColor: red, align: left, indent: 20, spaceBefore: 4, spaceAfter: 5, macros: {RR: '\\mathbb{R}'}}
        diagram: {font: DejaVu Serif, size: 0.8, foregroundColor: '#101010', lineColor: '#202020', nodeBackgroundColor: '#eeeeff', groupBackgroundColor: '#ffffee'}
        footnotes: {\(style(.footnotes)), place: page}
        customStyles: {loud: {fontWeight: black}}
        customColors: {calm: {foregroundColor: teal}}
        highlights: [{pattern: '(TODO):', group: 1, style: {fontWeight: bold}}]
        markup: plain
        fonts: {default: DejaVu Sans, serif: Liberation Serif, monospaced: [DejaVu Sans Mono], rounded: DejaVu Sans}
        badge: {diameter: 50, margin: 8, fill: '#112233', stroke: '#445566', strokeWidth: 2, color: '#ffffff', font: DejaVu Serif, size: 16, date: modified, minSize: 12, maxSize: 24}
        shapes: {fill: '#eeeeee', stroke: '#333333', strokeWidth: 1}
        alerts: {body: {\(style(.alertBody))}, title: {\(style(.alertTitle))}, note: '#000011', tip: '#001100', important: '#110000', warning: '#111100', caution: '#110011', abstract: '#000012', info: '#000013', todo: '#000014', success: '#000015', question: '#000016', failure: '#000017', danger: '#000018', bug: '#000019', example: '#00001a', quote: '#00001b', plain: '#00001c'}
        titleBlock: {title: {\(style(.titleBlock))}, subtitle: {\(style(.titleBlock))}, author: {\(style(.titleBlock))}, date: {\(style(.titleBlock))}}
        toc: {title: {\(style(.contentsTitle))}, entry: {\(style(.contentsEntry))}, levels: [{\(style(.contentsEntry))}], leader: '-', indent: 12}
        definitionList: {term: {\(style(.definitionTerm))}, indent: 20}
        """

    /// A value for every key `section` applies.
    private static func style(_ section: StyleSection) -> String {
        section.keys.map { "\($0): \(styleValues[$0] ?? "")" }.joined(separator: ", ")
    }

    private static var inlineStyle: String {
        InlineStyleSpec.fields.map { "\($0.name): \(inlineValues[$0.name] ?? "")" }.joined(separator: ", ")
    }

    /// The dotted paths of the keys `shape` knows (`[]` for a list's items), or of those `node`
    /// sets; named entries and attributes count as values.
    private func paths(_ shape: ThemeSchema.Shape, in node: Node? = nil, prefix: String = "") -> Set<String> {
        switch shape {
        case let .keys(known):
            return known.reduce(into: []) { result, entry in
                let path = prefix.isEmpty ? entry.key : "\(prefix).\(entry.key)"
                if let node {
                    guard let child = node[entry.key] else { return }
                    result.insert(path)
                    result.formUnion(paths(entry.value, in: child, prefix: path))
                } else {
                    result.insert(path)
                    result.formUnion(paths(entry.value, prefix: path))
                }
            }
        case let .list(element):
            guard let node else { return paths(element, prefix: prefix + "[]") }
            return (node.sequence ?? []).reduce(into: []) { $0.formUnion(paths(element, in: $1, prefix: prefix + "[]")) }
        case let .style(applied, own):
            let known = Dictionary(uniqueKeysWithValues: applied.map { ($0, ThemeSchema.Shape.any) }).merging(own) { $1 }
            return paths(.keys(known), in: node, prefix: prefix)
        default:
            return []
        }
    }

    @Test func theStyleTableNamesEveryPropertyOnce() {
        let properties = Mirror(reflecting: StyleSpec()).children.compactMap(\.label)
        #expect(StyleSpec.fields.map(\.name) == properties, "in the order the properties are declared")
        #expect(Set(Self.styleValues.keys) == Set(properties))
        let inlineProperties = Mirror(reflecting: InlineStyleSpec()).children.compactMap(\.label)
        #expect(InlineStyleSpec.fields.map(\.name) == inlineProperties, "in the order the properties are declared")
    }

    /// The tables of style keys in `docs/themes.md` are the rows, cell for cell: each key's range,
    /// what it sets and its former name, and the keys each style applies.
    @Test func theThemesPageTablesAreTheRows() throws {
        let page = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/themes.md"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func table(under header: String) -> [String] {
            guard let start = lines.firstIndex(of: header) else { return [] }
            return Array(lines[(start + 2)...].prefix { $0.hasPrefix("|") })
        }
        func row<Spec, Style>(_ key: StyleKey<Spec, Style>) -> String {
            "| `\(key.name)` | \(key.bounds?.description ?? "—") | \(key.doc) | \(key.formerName.map { "`\($0)`" } ?? "—") |"
        }
        func row(_ paths: [String], _ keys: [String]) -> String {
            "| \(paths.map { "`\($0)`" }.joined(separator: ", ")) | \(keys.map { "`\($0)`" }.joined(separator: " ")) |"
        }
        #expect(table(under: "| style key | range | what it sets | formerly |") == StyleSpec.fields.map { row($0) })
        #expect(table(under: "| inline key | range | what it sets | formerly |") == InlineStyleSpec.fields.map { row($0) })
        #expect(table(under: "| style | the keys it applies |") == StyleSection.allCases.map { row($0.paths, $0.keys) } + [
            row(["link", "inlineCode"], InlineStyleSpec.fields.map(\.name)),
            row(["code.syntax.CLASS"], TokenStyle.CodingKeys.allCases.map(\.stringValue)),
        ])
    }

    /// Every key of an element's style changes the resolved style but the two that bound
    /// sizes when a theme is scaled.
    @Test func everyStyleKeyHasAnEffect() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let base = try encoder.encode(Theme.default.body)
        for field in StyleSpec.fields {
            let spec = try YAMLDecoder().decode(StyleSpec.self, from: "\(field.name): \(Self.styleValues[field.name] ?? "")")
            let styled = try encoder.encode(ThemeResolver.apply(spec, to: Theme.default.body))
            #expect((styled != base) == !["minSize", "maxSize"].contains(field.name), "\(field.name)")
        }
        let inlineBase = try encoder.encode(Theme.default.link)
        for field in InlineStyleSpec.fields {
            let spec = try YAMLDecoder().decode(InlineStyleSpec.self, from: "\(field.name): \(Self.inlineValues[field.name] ?? "")")
            var style = Theme.default.link
            field.apply(spec, &style)
            #expect(try encoder.encode(style) != inlineBase, "\(field.name)")
        }
        let bounded = try YAMLDecoder().decode(ThemeSpec.self, from: "body: {size: 10, minSize: 12, maxSize: 13}")
        #expect(try ThemeResolver.resolve(bounded, defaults: ThemeLoader.shippedDefault.spec, scale: 0.5).body.text.size == 12)
        #expect(try ThemeResolver.resolve(bounded, defaults: ThemeLoader.shippedDefault.spec, scale: 2).body.text.size == 13)
        // The badge grows with the text, its day's size within its own limits, the rest in proportion.
        let badge = try YAMLDecoder().decode(ThemeSpec.self, from: "badge: {diameter: 60, margin: 10, strokeWidth: 2, size: 20, maxSize: 30}")
        let grown = try ThemeResolver.resolve(badge, defaults: ThemeLoader.shippedDefault.spec, scale: 2.35).badge
        #expect((grown.size, grown.diameter, grown.margin, grown.strokeWidth) == (30, 90, 15, 3))
        let shrunk = try ThemeResolver.resolve(badge, defaults: ThemeLoader.shippedDefault.spec, scale: 0.5).badge
        #expect((shrunk.size, shrunk.diameter, shrunk.margin) == (10, 30, 5))
        #expect(try ThemeResolver.resolve(badge, defaults: ThemeLoader.shippedDefault.spec).badge.diameter == 60)
    }

    /// Decoded, merged over the theme it extends, written out and read back, a theme keeps
    /// every key, and the schema knows each one.
    @Test func everyThemeKeyRoundTrips() throws {
        let schema = paths(ThemeSchema.theme)
        let node = try #require(try Yams.compose(yaml: Self.everyKey))
        #expect(paths(ThemeSchema.theme, in: node) == schema, "the test's theme sets every key")
        #expect(ThemeSchema.check(node, file: "t.yaml").warnings.isEmpty)

        let parent = try #require(try Yams.compose(yaml: String(decoding: ShippedThemes.yaml["default"] ?? [], as: UTF8.self)))
        let spec = try YAMLDecoder().decode(ThemeSpec.self, from: ThemeLoader.merge(node, over: parent))
        let encoder = YAMLEncoder()
        encoder.options.sortKeys = true
        let written = try encoder.encode(spec)
        let read = try #require(try Yams.compose(yaml: written))
        #expect(paths(ThemeSchema.theme, in: read) == schema, "decoding dropped no key")
        #expect(try encoder.encode(try YAMLDecoder().decode(ThemeSpec.self, from: written)) == written)
    }
}
