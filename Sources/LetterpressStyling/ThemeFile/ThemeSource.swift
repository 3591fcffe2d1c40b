import Foundation
import LetterpressCore

/// Where a theme's YAML comes from: a file, one of the themes built into Letterpress, or text a
/// program gives (`Theme(yaml:)`), named as its errors name it, with the folder a path in its
/// `extends:` is relative to.
enum ThemeSource: Hashable {
    case file(URL)
    case shipped(String)
    case text(String, name: String, folder: URL?)

    /// The theme's name: its file's name without the extension, the shipped name, or the name
    /// given with its text.
    var name: String {
        switch self {
        case let .file(url): return url.deletingPathExtension().lastPathComponent
        case let .shipped(name), let .text(_, name, _): return name
        }
    }

    /// How errors and warnings name it: a file's path, a shipped theme's file name, or the
    /// name given with its text.
    var path: String {
        if case let .file(url) = self { return url.path }
        return fileName
    }

    /// The name of its file, without the folder.
    var fileName: String {
        switch self {
        case let .file(url): return url.lastPathComponent
        case let .shipped(name): return name + ".yaml"
        case let .text(_, name, _): return name
        }
    }

    /// The folder a path in its `extends:` is relative to (none for a shipped theme, nor for
    /// text given without one).
    var folder: URL? {
        switch self {
        case let .file(url): return url.deletingLastPathComponent()
        case .shipped: return nil
        case let .text(_, _, folder): return folder
        }
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
        case let .text(text, _, _):
            return text
        }
    }
}
