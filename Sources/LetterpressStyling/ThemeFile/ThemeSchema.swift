import Foundation
import LetterpressCore
import LetterpressMarkup
import Yams

/// The keys a theme file may hold, for warnings about keys that would otherwise be ignored.
enum ThemeSchema {
    indirect enum Shape {
        case keys([String: Shape])
        /// A mapping whose keys are names (custom styles) and whose values have one shape.
        case named(Shape)
        case list(Shape)
        /// The keys `^[…](…)` accepts, looked up only in a theme that has custom styles, colours
        /// or highlight rules: a theme without them leaves the attribute table unbuilt.
        case attributes
        case any
    }

    static let style: Shape = .keys(Dictionary(uniqueKeysWithValues: StyleSpec.fields.map { ($0.name, Shape.any) }))

    /// The keys of `link` and `inlineCode`.
    static let inlineStyle: Shape = .keys(Dictionary(uniqueKeysWithValues: InlineStyleSpec.fields.map { ($0.name, Shape.any) }))

    /// An element's style and the code block's own keys.
    static let code: Shape = {
        guard case let .keys(styleKeys) = style, case let .keys(codeKeys) = keys(of: CodeSpec.CodingKeys.self, [
            .syntax: .keys(Dictionary(uniqueKeysWithValues: TokenClass.allCases.map { ($0.rawValue, keys(of: TokenStyle.CodingKeys.self)) })),
        ]) else { return style }
        return .keys(styleKeys.merging(codeKeys) { $1 })
    }()

    /// The footnotes' style and where they go.
    static let footnotes: Shape = {
        guard case let .keys(styleKeys) = style, case let .keys(ownKeys) = keys(of: FootnotesSpec.CodingKeys.self) else { return style }
        return .keys(styleKeys.merging(ownKeys) { $1 })
    }()

    private static let attributeKeys: Shape = .keys(Dictionary(uniqueKeysWithValues: InlineAttributes.keys.map { ($0, Shape.any) }))

    static let headerFooter = keys(of: HeaderFooterSpec.CodingKeys.self, [.style: style])

    static let theme = keys(of: ThemeSpec.CodingKeys.self, [
        .page: keys(of: PageSpec.CodingKeys.self, [.header: headerFooter, .footer: headerFooter]),
        .body: style, .heading: style, .headings: .list(style), .code: code, .inlineCode: inlineStyle,
        .quote: style, .link: inlineStyle, .footnotes: footnotes,
        .list: keys(of: ListSpec.CodingKeys.self),
        .table: keys(of: TableSpec.CodingKeys.self, [.cell: style, .header: style]),
        .rule: keys(of: RuleSpec.CodingKeys.self),
        .alerts: keys(of: AlertSpec.CodingKeys.self, [.body: style, .title: style]),
        .toc: keys(of: ContentsSpec.CodingKeys.self, [.title: style, .entry: style, .levels: .list(style)]),
        .customStyles: .named(.attributes), .customColors: .named(.attributes),
        .highlights: .list(keys(of: HighlightSpec.CodingKeys.self, [.style: .attributes])),
        .fonts: .keys(Dictionary(uniqueKeysWithValues: FontDesign.allCases.map { ($0.rawValue, Shape.any) })),
        .badge: keys(of: BadgeSpec.CodingKeys.self),
        .shapes: keys(of: ShapeSpec.CodingKeys.self),
    ])

    /// The keys a section of the theme decodes, each taking any value unless `nested` gives
    /// its shape. Its `CodingKeys` are listed rather than synthesized for this: a case without
    /// a property does not compile, and ThemeTests catch a property without a case.
    static func keys<Key: CodingKey & CaseIterable & Equatable>(of _: Key.Type, _ nested: KeyValuePairs<Key, Shape> = [:]) -> Shape {
        // Pairs rather than a dictionary: the runtime would look up each key type's Hashable
        // conformance, some 250,000 instructions apiece on the theme's thread.
        .keys(Dictionary(uniqueKeysWithValues: Key.allCases.map { key in (key.stringValue, nested.first { $0.key == key }?.value ?? .any) }))
    }

    /// Warnings for every key of `node` that `shape` does not know, with a hint where one fits.
    static func unknownKeys(in node: Node, shape: Shape = theme, path: String = "", file: String) -> [Warning] {
        switch shape {
        case .any:
            return []
        case .attributes:
            return unknownKeys(in: node, shape: attributeKeys, path: path, file: file)
        case let .list(element):
            return (node.sequence ?? []).enumerated().flatMap {
                unknownKeys(in: $0.element, shape: element, path: "\(path)[\($0.offset)]", file: file)
            }
        case let .named(value):
            return (node.mapping ?? [:]).flatMap { key, child in
                isMergeKey(key) ? merged(child, shape: shape, path: path, file: file)
                    : unknownKeys(in: child, shape: value, path: join(path, key.string ?? "?"), file: file)
            }
        case let .keys(known):
            return (node.mapping ?? [:]).flatMap { key, child -> [Warning] in
                if isMergeKey(key) { return merged(child, shape: shape, path: path, file: file) }
                let name = key.string ?? "?"
                guard let childShape = known[name] else {
                    let location = key.mark.map { SourceLocation(line: $0.line, column: $0.column) }
                    let message = "unknown key \(Excerpt.quoted(join(path, name))) ignored" + Hint.suggestion(for: name, among: known.keys.sorted())
                    return [Warning(file: file, location: location, message: message)]
                }
                return unknownKeys(in: child, shape: childShape, path: join(path, name), file: file)
            }
        }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A YAML merge key (`<<: *defaults`), which Yams's decoder resolves as the merge rule says.
    private static func isMergeKey(_ key: Node) -> Bool { key.tag.rawValue == Tag.Name.merge.rawValue }

    /// The keys a merge key brings in, from its mapping or each mapping of its list: they
    /// answer to the shape of the mapping that holds the merge key.
    private static func merged(_ value: Node, shape: Shape, path: String, file: String) -> [Warning] {
        (value.sequence.map(Array.init) ?? [value]).flatMap { unknownKeys(in: $0, shape: shape, path: path, file: file) }
    }
}
