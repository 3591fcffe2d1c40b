import Foundation

/// Path checks for `--sandbox`, which limits reading to the note's folder and the themes.
public enum Sandbox {
    /// Whether `url`, with symbolic links and `..` resolved, lies inside `folder`.
    public static func contains(_ folder: URL, _ url: URL) -> Bool {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        return path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
