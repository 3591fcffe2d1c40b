import Foundation
import LetterpressCore
import LetterpressMarkup
import Yams

/// Finds themes by name or path, follows `extends:`, and resolves them into a `Theme`.
package struct ThemeLoader: Sendable {
    /// Folders searched for `NAME.yaml`, in order, before the shipped themes.
    package var searchPaths: [URL]
    /// Whether a theme file given by path may be read (`--sandbox`); those in the search paths
    /// always may.
    package var resources: Resources?

    /// A loader that looks for names in `searchPaths`, then among the shipped themes, which are
    /// always there.
    package init(searchPaths: [URL] = ThemeLoader.defaultSearchPaths) {
        self.searchPaths = searchPaths
    }

    /// The folders of `$LETTERPRESS_THEMES` (colon-separated): a theme file there named like a
    /// shipped theme replaces it.
    package static var defaultSearchPaths: [URL] {
        guard let extra = ProcessInfo.processInfo.environment["LETTERPRESS_THEMES"] else { return [] }
        return extra.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
    }

    /// Names of the themes in the search paths and of the shipped ones, sorted.
    package func availableThemes() -> [String] {
        let names = searchPaths.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".yaml") }
                .map { String($0.dropLast(5)) }
        }
        return Array(Set(names + ShippedThemes.yaml.keys)).sorted()
    }

    /// Loads and resolves the theme named `nameOrPath`: a shipped name or a path to a YAML
    /// file, with its text sizes multiplied by `scale`.
    package func load(_ nameOrPath: String, scale: Double = 1) throws -> Theme {
        try loadReportingWarnings(nameOrPath, scale: scale).theme
    }

    /// Like `load`, with warnings about keys the theme files hold that mean nothing.
    package func loadReportingWarnings(_ nameOrPath: String, scale: Double = 1) throws -> (theme: Theme, warnings: [Warning]) {
        let source = try locate(nameOrPath, relativeTo: nil)
        if source == PreparedDefaultTheme.source, scale == 1, let prepared = PreparedDefaultTheme.result() { return prepared }
        return try load(source, scale: scale)
    }

    /// Reads, merges, decodes and resolves the theme in `source`.
    func load(_ source: ThemeSource, scale: Double) throws -> (theme: Theme, warnings: [Warning]) {
        let read = source == PreparedDefaultTheme.source ? ThemeLoader.shippedDefault : try self.read(source)
        var theme = try Self.resolve(read.spec, node: read.node, file: source.path, scale: scale)
        theme.name = source.name
        theme.description = read.description ?? ""
        theme.warnings = read.warnings
        return (theme, read.warnings)
    }

    /// `spec` resolved over the shipped default theme, keeping it, its errors and its highlight
    /// rules' and header's and footer's templates named by `file` and located in `node`, the
    /// YAML it was decoded from (nil: a spec made in code, whose errors name the key alone).
    static func resolve(_ spec: ThemeSpec, node: Node?, file: String, scale: Double) throws -> Theme {
        func patternLocation(_ index: Int, key: String = "pattern") -> SourceLocation? {
            node?["highlights"]?.sequence.flatMap { index < $0.count ? $0[index][key] : nil }.flatMap(location(of:))
        }
        var theme: Theme
        do {
            theme = try ThemeResolver.resolve(spec, defaults: ThemeLoader.shippedDefault.spec, scale: scale)
        } catch let .pattern(error) {
            throw LetterpressError.invalidTheme(file: file, location: patternLocation(error.index, key: error.key),
                                                message: "highlights[\(error.index)].\(error.key) \(error.message)")
        } catch let .customStyle(name, message) {
            let style = node?["customStyles"]?[name]
            throw LetterpressError.invalidTheme(file: file, location: (style?["customStyle"] ?? style).flatMap(location(of:)),
                                                message: "customStyles.\(name).customStyle: \(message)")
        }
        theme.settings = Theme.Settings(spec)
        for index in theme.highlights.indices {
            theme.highlights[index].file = file
            theme.highlights[index].location = patternLocation(index)
        }
        for (name, keyPath) in [("header", \Theme.page.header), ("footer", \Theme.page.footer)] where theme[keyPath: keyPath] != nil {
            theme[keyPath: keyPath]?.file = file
            for key in ["left", "center", "right"] {
                theme[keyPath: keyPath]?.locations[key] = node?["page"]?[name]?[key].flatMap(location(of:))
            }
        }
        return theme
    }

    /// A theme merged over those it extends, before it is resolved.
    struct Read {
        /// Its YAML, checked and merged; nil for the compiled default theme, which has no
        /// lines to point warnings at (and gives none).
        let node: Node?
        /// Its own description, not that of a theme it extends.
        let description: String?
        /// Its spec, in range.
        let spec: ThemeSpec
        /// Those about its keys.
        let warnings: [Warning]
    }

    private func read(_ source: ThemeSource) throws -> Read {
        var warnings: [Warning] = []
        let (node, description) = try mergedNode(source, visited: [], warnings: &warnings)
        let spec = try ThemeLoader.decode(node, file: source.path)
        try ThemeRanges.check(spec, in: node, file: source.path)
        return Read(node: node, description: description, spec: spec, warnings: warnings)
    }

    /// The spec of the shipped theme `name`, decoded from its YAML, and the warnings about its keys.
    func decodedShipped(_ name: String) throws -> (spec: ThemeSpec, warnings: [Warning]) {
        let read = try read(.shipped(name))
        return (read.spec, read.warnings)
    }

    /// The description line of a theme without resolving it.
    package func summary(of name: String) -> String {
        guard let text = try? locate(name, relativeTo: nil).text(),
              let node = try? YAMLLoader.compose(text),
              let description = node["description"]?.string
        else { return "" }
        return description
    }

    /// The file of the theme `nameOrPath` names (not those it extends); nil for a shipped theme,
    /// which has none.
    package func file(for nameOrPath: String) throws -> URL? {
        if case let .file(url) = try locate(nameOrPath, relativeTo: nil) { return url }
        return nil
    }

    /// The files `--watch` watches for the theme `nameOrPath` names: its file and those of the
    /// themes it extends, as far as they can be read. A path where no file is yet is one of them,
    /// so that writing it is seen; a shipped theme has no file.
    package func files(for nameOrPath: String) -> [URL] {
        var sources: [ThemeSource] = []
        var missing: [URL] = []
        var next: (name: String, base: ThemeSource?)? = (nameOrPath, nil)
        while let (name, base) = next {
            next = nil
            guard let source = try? locate(name, relativeTo: base) else {
                if Self.isPath(name) { missing = [URL(fileURLWithPath: name, relativeTo: base?.folder).standardizedFileURL] }
                break
            }
            guard !sources.contains(source) else { break }
            sources.append(source)
            if let text = try? source.text(), let parent = (try? YAMLLoader.compose(text))??["extends"]?.string {
                next = (parent, source)
            }
        }
        return sources.compactMap { if case let .file(url) = $0 { url } else { nil } } + missing
    }

    /// Whether `nameOrPath` names a file rather than a theme: it has a folder or a YAML
    /// extension.
    package static func isPath(_ nameOrPath: String) -> Bool {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml")
    }

    private func locate(_ nameOrPath: String, relativeTo base: ThemeSource?) throws -> ThemeSource {
        if Self.isPath(nameOrPath) {
            let url = base?.folder.map { URL(fileURLWithPath: nameOrPath, relativeTo: $0) } ?? URL(fileURLWithPath: nameOrPath)
            // The name in an `extends:` is the theme's text, quoted short.
            let shown = base == nil ? nameOrPath : Excerpt.name(nameOrPath)
            // Not the process's folder, which a library's caller does not think of.
            if case .text(_, _, nil)? = base, !nameOrPath.hasPrefix("/") {
                throw LetterpressError.unreadableInput(file: shown, reason: "a theme given as text extends a relative path only with its baseURL")
            }
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw LetterpressError.unreadableInput(file: shown, reason: "theme file not found")
            }
            if let resources, !resources.mayRead(url), !searchPaths.contains(where: { Resources.folder($0, contains: url) }) {
                throw LetterpressError.unreadableInput(file: shown, reason: "theme lies outside the note's folder (\(OptionWords.sandbox))")
            }
            return .file(url.standardizedFileURL)
        }
        for folder in searchPaths {
            let url = folder.appendingPathComponent(nameOrPath + ".yaml")
            if FileManager.default.isReadableFile(atPath: url.path) { return .file(url) }
        }
        if ShippedThemes.yaml[nameOrPath] != nil { return .shipped(nameOrPath) }
        throw LetterpressError.unknownTheme(name: nameOrPath, known: availableThemes())
    }

    /// The theme's YAML merged over every theme it extends, and its own description.
    private func mergedNode(_ source: ThemeSource, visited: [ThemeSource], warnings: inout [Warning]) throws -> (Node, String?) {
        let text = try source.text()
        let written: Node
        do {
            written = try YAMLLoader.compose(text) ?? Node.mapping(Node.Mapping([], Tag(.implicit, .basic)))
        } catch let error as YamlError {
            let (location, message) = FrontMatterReader.describe(error, lineOffset: 0)
            throw LetterpressError.invalidTheme(file: source.path, location: location, message: message)
        } catch let error as YAMLLoader.TooLarge {
            throw LetterpressError.invalidTheme(file: source.path, location: nil, message: error.description)
        }
        guard written.mapping != nil else {
            throw LetterpressError.invalidTheme(file: source.path, location: nil, message: "a theme is a YAML mapping")
        }
        let (checked, found) = ThemeSchema.check(written, file: source.path)
        warnings += found
        let node = ThemeLoader.expandingShorthands(checked)
        let description = node["description"]?.string
        guard let extends = node["extends"], let parentName = extends.string else { return (node, description) }
        let parent = try locate(parentName, relativeTo: source)
        if visited.contains(parent) || parent == source {
            let chain = (visited + [source, parent]).map(\.fileName).joined(separator: " → ")
            throw LetterpressError.invalidTheme(file: source.path, location: Self.location(of: extends),
                                                message: "'extends' makes a cycle: \(chain)")
        }
        let (parentNode, _) = try mergedNode(parent, visited: visited + [source], warnings: &warnings)
        return (ThemeLoader.merge(node, over: parentNode), description)
    }

    /// `footnotes: page` as `footnotes: {place: page}`: a scalar would replace the mapping of
    /// the theme it extends, and with it the footnotes' style.
    static func expandingShorthands(_ node: Node) -> Node {
        guard var mapping = node.mapping, let key = mapping.keys.first(where: { $0.string == "footnotes" }),
              let value = mapping[key], value.scalar != nil else { return node }
        mapping[key] = .mapping(Node.Mapping([(Node("place"), value)], Tag(.implicit)))
        return .mapping(mapping)
    }

    /// `child` laid over `parent`: mappings merge key by key, anything else replaces.
    static func merge(_ child: Node, over parent: Node) -> Node {
        guard let childMapping = child.mapping, let parentMapping = parent.mapping else { return child }
        // Keys found through an index: a mapping's own lookup reads its pairs one by one, which
        // made a theme of 8 000 custom styles take seconds.
        var pairs = parentMapping.map { ($0.key, $0.value) }
        var index: [Node: Int] = [:]
        for (position, pair) in pairs.enumerated() { index[pair.0] = position }
        for (key, value) in childMapping {
            if let position = index[key] {
                pairs[position].1 = merge(value, over: pairs[position].1)
            } else {
                index[key] = pairs.count
                pairs.append((key, value))
            }
        }
        return .mapping(Node.Mapping(pairs, parentMapping.tag, parentMapping.style, parentMapping.mark))
    }

    private static func location(of node: Node) -> SourceLocation? {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
    }

    /// The theme's settings, its custom styles and colours decoded a style at a time: Yams looks
    /// each key of a mapping up by reading its pairs in turn, so a dictionary of n entries took
    /// n² steps (8 000 custom styles: 8.8 s).
    static func decode(_ node: Node, file: String) throws -> ThemeSpec {
        let dictionaries = [("customStyles", \ThemeSpec.customStyles), ("customColors", \ThemeSpec.customColors)]
        let rest = node.mapping.map { Node.Mapping($0.filter { pair in !dictionaries.contains { $0.0 == pair.key.string } }.map { ($0.key, $0.value) },
                                                   $0.tag, $0.style, $0.mark) }.map(Node.mapping) ?? node
        // One decoder: making one reads the process's environment.
        let decoder = YAMLDecoder()
        func decoded(_ part: Node) throws -> ThemeSpec {
            do {
                return try decoder.decode(ThemeSpec.self, from: part)
            } catch let error as DecodingError {
                let (location, message) = error.locatedProblem(in: part)
                throw LetterpressError.invalidTheme(file: file, location: location, message: message)
            }
        }
        // Every error in one run: past the first, each section is decoded alone to find the others.
        var errors: [LetterpressError] = []
        func collected<T>(_ body: () throws -> T) -> T? {
            do { return try body() } catch let error as LetterpressError { errors.append(error) } catch {
                errors.append(.invalidTheme(file: file, location: nil, message: "\(error)"))
            }
            return nil
        }
        var spec = collected { try decoded(rest) } ?? ThemeSpec()
        if !errors.isEmpty, let pairs = rest.mapping, pairs.count > 1 {
            errors = []
            for (key, value) in pairs { _ = collected { try decoded(Node.mapping(Node.Mapping([(key, value)], pairs.tag, pairs.style, pairs.mark))) } }
        }
        for (key, path) in dictionaries {
            guard let entries = node[key] else { continue }
            guard let mapping = entries.mapping else {
                spec[keyPath: path] = collected { try decoded([Node(key): entries])[keyPath: path] } ?? nil
                continue
            }
            var styles: [String: InlineAttributes] = [:]
            for (name, value) in mapping {
                let entry = Node.mapping(Node.Mapping([(name, value)], mapping.tag, mapping.style, mapping.mark))
                styles.merge(collected { try decoded([Node(key): entry])[keyPath: path] ?? [:] } ?? [:]) { $1 }
            }
            spec[keyPath: path] = styles
        }
        if let error = LetterpressError.combined(errors) { throw error }
        return spec
    }
}

extension ThemeLoader {
    /// The shipped default theme, whatever the search paths hold: what another theme leaves out
    /// comes from its spec. Compiled into Swift from its YAML (`CompiledThemeTests` checks that
    /// they agree, and that it loads without a warning), so no YAML is read for it. Unsafe: a
    /// `Read` may hold a Yams `Node`, which is not `Sendable`; this one holds none.
    nonisolated(unsafe) static let shippedDefault = Read(node: nil, description: ThemeSpec.compiledDefault.description,
                                     spec: ThemeSpec.compiledDefault, warnings: [])
}
