import Foundation

/// The folder a note's root-relative paths (`/images/x.png`, as Jekyll and Hugo sites write
/// them) start from, and the Obsidian vault its embeds are looked for in.
package enum ProjectRoot {
    /// What marks a project's root folder: a repository, a site generator's configuration, a vault.
    static let markers = [".git", "_config.yml", "_config.toml", "mkdocs.yml", "docusaurus.config.js", "docusaurus.config.ts",
                          "hugo.toml", "hugo.yaml", "hugo.json", "config.toml", "config.yaml", ".obsidian"]

    /// The nearest folder at or above `folder` that holds one of the markers; nil when none does.
    package static func enclosing(_ folder: URL) -> URL? {
        nearest(above: folder) { folder in markers.contains { exists(folder.appendingPathComponent($0)) } }
    }

    /// The nearest folder at or above `folder` that holds `.obsidian`: the vault.
    package static func vault(enclosing folder: URL) -> URL? {
        nearest(above: folder) { exists($0.appendingPathComponent(".obsidian")) }
    }

    private static func nearest(above folder: URL, where holds: (URL) -> Bool) -> URL? {
        var current = folder.standardizedFileURL
        // A path has a bounded number of parts; the loop ends at `/` in any case.
        for _ in 0..<256 {
            if holds(current) { return current }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
        return nil
    }

    private static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }
}
