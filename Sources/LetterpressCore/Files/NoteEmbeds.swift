import Foundation
import Synchronization

/// Where an Obsidian note's `![[Other note]]` finds the other note's text, as Obsidian finds it
/// (beside the note, then anywhere in its vault), within the sandbox; and the bounds that keep
/// notes embedding each other finite: no note inside itself, at most `maximumDepth` deep, and
/// at most `allowance` bytes brought in, with four times the note's own.
package struct NoteEmbeds: Sendable {
    /// Notes embedded in notes embedded in …: at most this deep.
    package static let maximumDepth = 4
    /// The bytes embedded notes may bring in, beyond four times the note's own.
    package static let allowance = 1 << 20

    /// Why a note cannot be embedded.
    package enum Problem: Error, Equatable {
        case notFound, outsideSandbox, cycle, tooDeep, tooMuch
        case unreadable(String)

        /// What it is, for a message after the note's name.
        package var reason: String {
            switch self {
            case .notFound: "no such note beside this one or in its vault"
            case .outsideSandbox: "the note lies outside the note's folder (\(OptionWords.sandbox))"
            case .cycle: "the note embeds itself, through the notes it embeds"
            case .tooDeep: "notes embed notes more than \(NoteEmbeds.maximumDepth) deep"
            case .tooMuch: "embedded notes bring in more than four times the note's own text (or 1 MiB)"
            case let .unreadable(reason): "the note " + reason
            }
        }
    }

    /// The folder of the note whose embeds these are.
    let folder: URL
    let sandbox: URL?
    /// The notes embedding this one, outermost first, as standardized paths.
    let chain: [String]
    private let vaultFiles: VaultFiles
    private let budget: Budget

    /// What the embeds of all the notes one rendering reads may still bring in.
    private final class Budget: Sendable {
        let remaining: Mutex<Int>
        init(_ bytes: Int) { remaining = Mutex(bytes) }
    }

    /// The embeds of the note at `file`, of `size` bytes, read only inside `sandbox` when
    /// there is one.
    package init(note file: String, size: Int, sandbox: URL?) {
        let url = URL(fileURLWithPath: file).standardizedFileURL
        folder = url.deletingLastPathComponent()
        self.sandbox = sandbox
        chain = [url.resolvingSymlinksInPath().path]
        vaultFiles = VaultFiles()
        budget = Budget(4 * size + Self.allowance)
    }

    private init(folder: URL, sandbox: URL?, chain: [String], vaultFiles: VaultFiles, budget: Budget) {
        self.folder = folder
        self.sandbox = sandbox
        self.chain = chain
        self.vaultFiles = vaultFiles
        self.budget = budget
    }

    /// The path and text of the note `name` names (`Other note`, `folder/Other note.md`).
    package func note(_ name: String) -> Result<(path: String, text: Data), Problem> {
        guard chain.count <= Self.maximumDepth else { return .failure(.tooDeep) }
        let file = name.lowercased().hasSuffix(".md") ? name : name + ".md"
        var url = folder.appendingPathComponent(file).standardizedFileURL
        if !FileManager.default.fileExists(atPath: url.path) {
            guard let vault = ProjectRoot.vault(enclosing: folder), let found = vaultFiles.file(file, in: vault),
                  Resources.folder(vault, contains: found) else { return .failure(.notFound) }
            url = found.standardizedFileURL
        }
        if let sandbox, !Resources.folder(sandbox, contains: url) { return .failure(.outsideSandbox) }
        let path = url.resolvingSymlinksInPath().path
        guard !chain.contains(path), !chain.contains(url.path) else { return .failure(.cycle) }
        switch RegularFile.contents(atPath: url.path) {
        case let .success(data):
            let allowed = budget.remaining.withLock { remaining in
                remaining -= data.count
                return remaining >= 0
            }
            return allowed ? .success((url.path, data)) : .failure(.tooMuch)
        case let .failure(problem):
            if case .missing(ENOENT) = problem { return .failure(.notFound) }
            return .failure(.unreadable(problem.reason))
        }
    }

    /// The embeds of the note at `path`, embedded by this one.
    package func inside(_ path: String) -> NoteEmbeds {
        let url = URL(fileURLWithPath: path)
        return NoteEmbeds(folder: url.deletingLastPathComponent(), sandbox: sandbox, chain: chain + [url.resolvingSymlinksInPath().path],
                          vaultFiles: vaultFiles, budget: budget)
    }
}
