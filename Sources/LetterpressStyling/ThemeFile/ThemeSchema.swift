import Foundation
import LetterpressCore
import LetterpressMarkup
import Yams

/// The keys a theme file may hold: warnings about keys that would otherwise be ignored, and
/// each style's keys read as they are written now.
enum ThemeSchema {
    indirect enum Shape: Sendable {
        case keys([String: Shape])
        /// A mapping whose keys are names (custom styles) and whose values have one shape.
        case named(Shape)
        case list(Shape)
        /// A style: the style keys it applies, in the order messages list them, and the keys of
        /// its own beside them (a code block's `syntax`). A key written with its former name is
        /// read under its name now; a style key it does not apply is left out.
        case style([String], own: [String: Shape] = [:])
        /// The keys `^[…](…)` accepts, looked up only in a theme that has custom styles, colours
        /// or highlight rules: a theme without them leaves the attribute table unbuilt.
        case attributes
        case any
    }

    /// The style of `section`.
    static func style(_ section: StyleSection) -> Shape { .style(section.keys) }

    /// The keys of `link` and `inlineCode`.
    static let inlineStyle: Shape = .style(InlineStyleSpec.fields.map(\.name))

    /// A code token's look (a colour alone is no mapping, and has no keys to check).
    private static let tokenStyle: Shape = .style(TokenStyle.CodingKeys.allCases.map(\.stringValue))

    /// An element's style and the code block's own keys.
    static let code: Shape = .style(StyleSection.code.keys, own: fields(of: CodeSpec.CodingKeys.self, [
        .syntax: .keys(Dictionary(uniqueKeysWithValues: TokenClass.allCases.map { ($0.rawValue, tokenStyle) })),
    ]))

    /// The footnotes' style and where they go.
    static let footnotes: Shape = .style(StyleSection.footnotes.keys, own: fields(of: FootnotesSpec.CodingKeys.self))

    private static let attributeKeys: Shape = .keys(Dictionary(uniqueKeysWithValues: InlineAttributes.keys.map { ($0, Shape.any) }))

    static let headerFooter = keys(of: HeaderFooterSpec.CodingKeys.self, [.style: style(.pageText)])

    static let theme = keys(of: ThemeSpec.CodingKeys.self, [
        .page: keys(of: PageSpec.CodingKeys.self, [.header: headerFooter, .footer: headerFooter]),
        .body: style(.body), .heading: style(.heading), .headings: .list(style(.heading)), .code: code, .inlineCode: inlineStyle,
        .quote: style(.quote), .link: inlineStyle, .footnotes: footnotes,
        .list: keys(of: ListSpec.CodingKeys.self),
        .table: keys(of: TableSpec.CodingKeys.self, [.cell: style(.tableCell), .header: style(.tableHeader)]),
        .rule: keys(of: RuleSpec.CodingKeys.self),
        .math: keys(of: MathSpec.CodingKeys.self),
        .diagram: keys(of: DiagramSpec.CodingKeys.self),
        .alerts: keys(of: AlertSpec.CodingKeys.self, [.body: style(.alertBody), .title: style(.alertTitle)]),
        .toc: keys(of: ContentsSpec.CodingKeys.self, [.title: style(.contentsTitle), .entry: style(.contentsEntry),
                                                      .levels: .list(style(.contentsEntry))]),
        .definitionList: keys(of: DefinitionListSpec.CodingKeys.self, [.term: style(.definitionTerm)]),
        .titleBlock: keys(of: TitleBlockSpec.CodingKeys.self, [.title: style(.titleBlock), .subtitle: style(.titleBlock),
                                                               .author: style(.titleBlock), .date: style(.titleBlock)]),
        .customStyles: .named(.attributes), .customColors: .named(.attributes),
        .highlights: .list(keys(of: HighlightSpec.CodingKeys.self, [.style: .attributes])),
        .fonts: .keys(Dictionary(uniqueKeysWithValues: FontDesign.allCases.map { ($0.rawValue, Shape.any) })),
        .badge: keys(of: BadgeSpec.CodingKeys.self),
        .shapes: keys(of: ShapeSpec.CodingKeys.self),
    ])

    /// Every key some style applies, to tell a key a style does not apply from one nothing knows.
    private static let styleKeys = Set(StyleSpec.fields.map(\.name) + InlineStyleSpec.fields.map(\.name)
        + TokenStyle.CodingKeys.allCases.map(\.stringValue))

    /// The names style keys had before they were written as `^[…](…)` writes them, and their
    /// names now.
    private static let formerNames: [String: String] = Dictionary(
        StyleSpec.fields.compactMap { field in field.formerName.map { ($0, field.name) } }
            + InlineStyleSpec.fields.compactMap { field in field.formerName.map { ($0, field.name) } }) { first, _ in first }

    /// The keys a section of the theme decodes, each taking any value unless `nested` gives
    /// its shape. Its `CodingKeys` are listed rather than synthesized for this: a case without
    /// a property does not compile, and ThemeTests catch a property without a case.
    static func keys<Key: CodingKey & CaseIterable & Equatable>(of type: Key.Type, _ nested: KeyValuePairs<Key, Shape> = [:]) -> Shape {
        .keys(fields(of: type, nested))
    }

    private static func fields<Key: CodingKey & CaseIterable & Equatable>(of _: Key.Type,
                                                                          _ nested: KeyValuePairs<Key, Shape> = [:]) -> [String: Shape] {
        // Pairs rather than a dictionary: the runtime would look up each key type's Hashable
        // conformance, some 250,000 instructions apiece on the theme's thread.
        Dictionary(uniqueKeysWithValues: Key.allCases.map { key in (key.stringValue, nested.first { $0.key == key }?.value ?? .any) })
    }

    /// `node` with each style's keys read as they are written now and the style keys a style
    /// does not apply left out, and a warning for each key renamed, left out, or that `shape`
    /// does not know (with a hint where one fits).
    static func check(_ node: Node, shape: Shape = theme, path: String = "", file: String) -> (node: Node, warnings: [Warning]) {
        var warnings: [Warning] = []
        let checked = check(node, shape: shape, path: path, file: file, warnings: &warnings)
        return (checked ?? node, warnings)
    }

    /// `node` checked against `shape`; nil when the check leaves it as it is.
    private static func check(_ node: Node, shape: Shape, path: String, file: String, warnings: inout [Warning]) -> Node? {
        switch shape {
        case .any:
            return nil
        case .attributes:
            return check(node, shape: attributeKeys, path: path, file: file, warnings: &warnings)
        case let .list(element):
            guard let sequence = node.sequence else { return nil }
            var items = Array(sequence)
            var changed = false
            for index in items.indices {
                if let item = check(items[index], shape: element, path: "\(path)[\(index)]", file: file, warnings: &warnings) {
                    items[index] = item
                    changed = true
                }
            }
            return changed ? .sequence(Node.Sequence(items, sequence.tag, sequence.style, sequence.mark)) : nil
        case .named, .keys, .style:
            guard let mapping = node.mapping else { return nil }
            var pairs: [(Node, Node)] = []
            var changed = false
            for (key, value) in mapping {
                switch entry(key, value, of: mapping, shape: shape, path: path, file: file, warnings: &warnings) {
                case .kept:
                    pairs.append((key, value))
                case let .replaced(key, value):
                    pairs.append((key, value))
                    changed = true
                case .left:
                    changed = true
                }
            }
            return changed ? .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)) : nil
        }
    }

    /// What the check makes of one pair of a mapping.
    private enum Entry {
        case kept
        case replaced(Node, Node)
        /// Left out: a style key the style does not apply, or no key at all.
        case left
    }

    private static func entry(_ key: Node, _ value: Node, of mapping: Node.Mapping, shape: Shape, path: String, file: String,
                              warnings: inout [Warning]) -> Entry {
        func checked(_ shape: Shape, _ path: String) -> Entry {
            check(value, shape: shape, path: path, file: file, warnings: &warnings).map { .replaced(key, $0) } ?? .kept
        }
        func warn(_ code: Warning.Code, _ message: String) {
            let location = key.mark.map { SourceLocation(line: $0.line, column: $0.column) }
            warnings.append(Warning(code: code, file: file, location: location, message: message))
        }
        // The keys a merge key (`<<: *defaults`) brings in, from its mapping or each mapping of
        // its list, answer to the shape of the mapping that holds it; Yams's decoder merges them.
        if isMergeKey(key) {
            guard let sequence = value.sequence else { return checked(shape, path) }
            var changed = false
            let items = sequence.map { item in
                check(item, shape: shape, path: path, file: file, warnings: &warnings).map { changed = true; return $0 } ?? item
            }
            return changed ? .replaced(key, .sequence(Node.Sequence(items, sequence.tag, sequence.style, sequence.mark))) : .kept
        }
        let name = key.string ?? "?"
        // Quoted only for a warning: quoting cleans the text of control characters, which for
        // every key of a theme cost more than the rest of the check.
        var keyPath: String { Excerpt.quoted(join(path, name)) }
        switch shape {
        case let .named(valueShape):
            return checked(valueShape, join(path, name))
        case let .keys(known):
            guard let childShape = known[name] else {
                warn(.unknownThemeKey, "unknown key \(keyPath) ignored" + hint(for: name, among: known.keys.sorted()))
                return .kept
            }
            return checked(childShape, join(path, name))
        case let .style(applied, own):
            if let ownShape = own[name] { return checked(ownShape, join(path, name)) }
            let current = formerNames[name] ?? name
            guard applied.contains(current) else {
                if styleKeys.contains(current) {
                    warn(.themeKeyIgnored, "key \(keyPath) ignored: \(path) applies only \(applied.joined(separator: ", "))")
                } else {
                    warn(.unknownThemeKey, "unknown key \(keyPath) ignored" + hint(for: name, among: applied + own.keys.sorted()))
                }
                return .left
            }
            guard current != name else { return .kept }
            if mapping.contains(where: { $0.key.string == current }) {
                warn(.themeKeyRenamed, "key \(keyPath) ignored: it is the former name of \(Excerpt.quoted(current)), which is set too")
                return .left
            }
            warn(.themeKeyRenamed, "key \(keyPath) is now written \(Excerpt.quoted(current)), as in ^[…](…); read as that")
            guard var renamed = key.scalar else { return .kept }
            renamed.string = current
            return .replaced(.scalar(renamed), value)
        case .list, .attributes, .any:
            return .kept
        }
    }

    /// ` (did you mean 'x'?)` for the nearest of `candidates`, or for the key a former name
    /// near `name` is now written as; else "".
    private static func hint(for name: String, among candidates: [String]) -> String {
        let hint = Hint.suggestion(for: name, among: candidates)
        guard hint.isEmpty else { return hint }
        for (former, current) in formerNames.sorted(by: { $0.key < $1.key })
        where candidates.contains(current) && !Hint.suggestion(for: name, among: [former]).isEmpty {
            return " (did you mean \(Excerpt.quoted(current))?)"
        }
        return ""
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A YAML merge key (`<<: *defaults`), which Yams's decoder resolves as the merge rule says.
    private static func isMergeKey(_ key: Node) -> Bool { key.tag.rawValue == Tag.Name.merge.rawValue }
}
