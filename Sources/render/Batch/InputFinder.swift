import Foundation

/// Finds Markdown files in folders.
enum InputFinder {
    /// The `*.md` and `*.markdown` files under `folder`, sorted, with paths relative to it.
    static func markdownFiles(in folder: String) -> [(input: String, relative: String)] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [(String, String)] = []
        while let relative = enumerator.nextObject() as? String {
            let lowered = relative.lowercased()
            guard lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") else { continue }
            files.append(((folder as NSString).appendingPathComponent(relative), relative))
        }
        return files.sorted { $0.1 < $1.1 }
    }
}
