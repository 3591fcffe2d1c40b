import Foundation
import Synchronization

/// The files of an Obsidian vault, by name, listed once when the first embed is not found
/// beside its note: Obsidian finds `![[image.png]]` anywhere in the vault.
package final class VaultFiles: Sendable {
    /// Folders not looked in: the vault's settings, its bin, version control, packages.
    private static let skipped: Set<String> = [".obsidian", ".trash", ".git", "node_modules"]
    /// The most files listed: a vault is a folder of notes, not a disk.
    static let maximumFiles = 50_000

    private let listings = Mutex<[String: [String: [String]]]>([:])

    package init() {}

    /// The file under `vault` that `path` (`image.png`, `attachments/image.png`) names: the
    /// first, in sorted order, whose path ends with it; nil when none.
    package func file(_ path: String, in vault: URL) -> URL? {
        let name = (path as NSString).lastPathComponent
        guard !name.isEmpty else { return nil }
        let byName = listings.withLock { listings in
            if let listing = listings[vault.path] { return listing }
            let listing = Self.list(vault)
            listings[vault.path] = listing
            return listing
        }
        let suffix = "/" + path.trimmingPrefix("./")
        return byName[name]?.first { ("/" + $0).hasSuffix(suffix) }.map { vault.appendingPathComponent($0) }
    }

    /// The vault's files by name, each as its path inside the vault, sorted.
    private static func list(_ vault: URL) -> [String: [String]] {
        guard let enumerator = FileManager.default.enumerator(at: vault, includingPropertiesForKeys: [.isDirectoryKey],
                                                              options: [.skipsPackageDescendants]) else { return [:] }
        var byName: [String: [String]] = [:]
        var count = 0
        let root = vault.standardizedFileURL.path
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            if skipped.contains(name) {
                enumerator.skipDescendants()
                continue
            }
            count += 1
            if count > maximumFiles { break }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(root + "/") else { continue }
            byName[name, default: []].append(String(path.dropFirst(root.count + 1)))
        }
        return byName.mapValues { $0.sorted() }
    }
}
