import Foundation
import LetterpressCore

/// Where a theme's YAML comes from: a file, or one of the themes built into Letterpress.
enum ThemeSource: Hashable {
    case file(URL)
    case shipped(String)

    /// The theme's name: its file's name without the extension, or the shipped name.
    var name: String {
        switch self {
        case let .file(url): return url.deletingPathExtension().lastPathComponent
        case let .shipped(name): return name
        }
    }

    /// How errors and warnings name it: a file's path, or a shipped theme's file name.
    var path: String {
        if case let .file(url) = self { return url.path }
        return fileName
    }

    /// The name of its file, without the folder.
    var fileName: String {
        switch self {
        case let .file(url): return url.lastPathComponent
        case let .shipped(name): return name + ".yaml"
        }
    }

    /// The folder a path in its `extends:` is relative to (none for a shipped theme).
    var folder: URL? {
        if case let .file(url) = self { return url.deletingLastPathComponent() }
        return nil
    }

    func text() throws -> String {
        switch self {
        case let .file(url):
            // Only a regular file, as for notes: a FIFO would block.
            switch RegularFile.contents(atPath: url.path) {
            case let .success(data):
                guard let text = String(data: data, encoding: .utf8) else {
                    throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read theme (not UTF-8)")
                }
                return text
            case let .failure(problem):
                throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read theme: \(problem.reason)")
            }
        case let .shipped(name):
            return String(decoding: ShippedThemes.yaml[name] ?? [], as: UTF8.self)
        }
    }
}
