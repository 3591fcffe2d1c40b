import Foundation
import Yams

/// Finds theme files by name or path, follows `extends:`, and resolves them into a `Theme`.
public struct ThemeLoader: Sendable {
    /// Folders searched for `NAME.yaml`, in order.
    public var searchPaths: [URL]
    /// With `--sandbox`: theme files given by path must lie in one of these folders (the search
    /// paths are always allowed).
    public var allowedFolders: [URL]?

    public init(searchPaths: [URL] = ThemeLoader.defaultSearchPaths) {
        self.searchPaths = searchPaths
    }

    /// The folders of `$LETTERPRESS_THEMES` (colon-separated), then the themes shipped with
    /// Letterpress: a theme file there named like a shipped one replaces it.
    public static var defaultSearchPaths: [URL] {
        var paths: [URL] = []
        if let extra = ProcessInfo.processInfo.environment["LETTERPRESS_THEMES"] {
            paths += extra.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        if let bundled = shippedThemes {
            paths.append(bundled)
        }
        return paths
    }

    /// The folder of the shipped themes. SwiftPM copies a target's resources into a folder
    /// beside the executable, which is looked for first: `Bundle.module` finds it too, but its
    /// first use builds the main bundle, a tenth of the main thread's work for a one-page note.
    private static let shippedThemes: URL? = {
        var path = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let length = readlink("/proc/self/exe", &path, path.count)
        if length > 0 && length < path.count {
            let beside = URL(fileURLWithPath: String(decoding: path[..<length], as: UTF8.self)).deletingLastPathComponent()
                .appendingPathComponent("Letterpress_Letterpress.resources/Themes", isDirectory: true)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: beside.path, isDirectory: &isFolder), isFolder.boolValue {
                return beside
            }
        }
        return Bundle.module.url(forResource: "Themes", withExtension: nil)
    }()

    /// Names of the themes found in the search paths, sorted.
    public func availableThemes() -> [String] {
        let names = searchPaths.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".yaml") }
                .map { String($0.dropLast(5)) }
        }
        return Array(Set(names)).sorted()
    }

    /// Loads and resolves the theme named `nameOrPath`: a shipped name or a path to a YAML
    /// file, with its text sizes multiplied by `scale`.
    public func load(_ nameOrPath: String, scale: Double = 1) throws -> Theme {
        try loadReportingWarnings(nameOrPath, scale: scale).theme
    }

    /// Like `load`, with warnings about keys the theme files hold that mean nothing.
    public func loadReportingWarnings(_ nameOrPath: String, scale: Double = 1) throws -> (theme: Theme, warnings: [Warning]) {
        let url = try locate(nameOrPath, relativeTo: nil)
        var warnings: [Warning] = []
        let (node, description) = try mergedNode(url, visited: [], warnings: &warnings)
        let spec: ThemeSpec
        do {
            spec = try YAMLDecoder().decode(ThemeSpec.self, from: node)
        } catch let error as DecodingError {
            let (location, message) = ThemeLoader.describe(error, in: node)
            throw LetterpressError.invalidTheme(file: url.path, location: location, message: message)
        }
        var theme: Theme
        do {
            theme = try ThemeResolver.resolve(spec, scale: scale)
        } catch {
            let index = error.index
            let node = node["highlights"]?.sequence.flatMap { index < $0.count ? $0[index]["pattern"] : nil }
            throw LetterpressError.invalidTheme(file: url.path, location: node.flatMap(location(of:)),
                                                message: "highlights[\(index)].pattern '\(error.pattern)' is not a regular expression")
        }
        theme.name = url.deletingPathExtension().lastPathComponent
        theme.description = description ?? ""
        return (theme, warnings)
    }

    /// The description line of a theme file without resolving it.
    public func summary(of name: String) -> String {
        guard let url = try? locate(name, relativeTo: nil),
              let text = try? String(contentsOf: url, encoding: .utf8),
              let node = try? Yams.compose(yaml: text, .stringsAndMerges),
              let description = node["description"]?.string
        else { return "" }
        return description
    }

    /// The file of the theme `nameOrPath` names (not those it extends).
    public func file(for nameOrPath: String) throws -> URL {
        try locate(nameOrPath, relativeTo: nil)
    }

    private func locate(_ nameOrPath: String, relativeTo base: URL?) throws -> URL {
        let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml")
        if looksLikePath {
            let url = base.map { URL(fileURLWithPath: nameOrPath, relativeTo: $0.deletingLastPathComponent()) }
                ?? URL(fileURLWithPath: nameOrPath)
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw LetterpressError.unreadableInput(file: nameOrPath, reason: "theme file not found")
            }
            if let allowed = allowedFolders, !(allowed + searchPaths).contains(where: { Sandbox.contains($0, url) }) {
                throw LetterpressError.unreadableInput(file: nameOrPath, reason: "theme lies outside the note's folder (--sandbox)")
            }
            return url.standardizedFileURL
        }
        for folder in searchPaths {
            let url = folder.appendingPathComponent(nameOrPath + ".yaml")
            if FileManager.default.isReadableFile(atPath: url.path) { return url }
        }
        throw LetterpressError.unknownTheme(name: nameOrPath, known: availableThemes())
    }

    /// The theme's YAML merged over every theme it extends, and its own description.
    private func mergedNode(_ url: URL, visited: [URL], warnings: inout [Warning]) throws -> (Node, String?) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read theme")
        }
        let node: Node
        do {
            node = try Yams.compose(yaml: text, .stringsAndMerges) ?? Node.mapping(Node.Mapping([], Tag(.implicit, .stringsAndMerges)))
        } catch let error as YamlError {
            let (location, message) = FrontMatterReader.describe(error, lineOffset: 0)
            throw LetterpressError.invalidTheme(file: url.path, location: location, message: message)
        }
        guard node.mapping != nil else {
            throw LetterpressError.invalidTheme(file: url.path, location: nil, message: "a theme is a YAML mapping")
        }
        warnings += ThemeSchema.unknownKeys(in: node, file: url.path)
        let description = node["description"]?.string
        guard let extends = node["extends"], let parentName = extends.string else { return (node, description) }
        let parentURL = try locate(parentName, relativeTo: url)
        if visited.contains(parentURL) || parentURL == url {
            let chain = (visited + [url, parentURL]).map(\.lastPathComponent).joined(separator: " → ")
            throw LetterpressError.invalidTheme(file: url.path, location: location(of: extends),
                                                message: "'extends' makes a cycle: \(chain)")
        }
        let (parent, _) = try mergedNode(parentURL, visited: visited + [url], warnings: &warnings)
        return (ThemeLoader.merge(node, over: parent), description)
    }

    /// `child` laid over `parent`: mappings merge key by key, anything else replaces.
    static func merge(_ child: Node, over parent: Node) -> Node {
        guard let childMapping = child.mapping, var merged = parent.mapping else { return child }
        for (key, value) in childMapping {
            if let existing = merged[key] {
                merged[key] = merge(value, over: existing)
            } else {
                merged[key] = value
            }
        }
        return .mapping(merged)
    }

    private func location(of node: Node) -> SourceLocation? {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
    }

    /// Where in the YAML a decoding error is, where possible, and `key.path: problem`.
    static func describe(_ error: DecodingError, in root: Node) -> (SourceLocation?, String) {
        let (path, problem): ([CodingKey], String)
        switch error {
        case let .typeMismatch(type, context): (path, problem) = (context.codingPath, "expected \(type)")
        case let .valueNotFound(type, context): (path, problem) = (context.codingPath, "missing \(type)")
        case let .keyNotFound(key, context): (path, problem) = (context.codingPath, "missing key '\(key.stringValue)'")
        case let .dataCorrupted(context): (path, problem) = (context.codingPath, context.debugDescription)
        @unknown default: return (nil, "\(error)")
        }
        var node: Node? = root
        for key in path {
            if let index = key.intValue { node = node?.sequence.flatMap { index < $0.count ? $0[index] : nil } }
            else { node = node?[key.stringValue] }
        }
        let keys = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        let location = (node ?? root).mark.map { SourceLocation(line: $0.line, column: $0.column) }
        return (location, "\(keys): \(problem)")
    }
}
