import Foundation

/// What an output path names on disk, and whether a rendering may replace it: only a regular
/// file, or nothing; never a folder, a device, a FIFO or an input.
package enum OutputPath {
    /// Symbolic links followed one after another, as the kernel allows (`ELOOP` past it).
    static let maximumLinks = 40

    /// `url` with a symbolic link at its last component followed, to the file the link names
    /// (a link to a link too): an output written through a link replaces its target and keeps
    /// the link.
    package static func resolved(_ url: URL) throws -> URL {
        var path = url.path
        for _ in 0..<maximumLinks {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(path, &buffer, buffer.count - 1)
            guard length >= 0 else { return URL(fileURLWithPath: path) }
            let target = String(cString: buffer)
            path = target.hasPrefix("/") ? target : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        throw LetterpressError.outputFailed(file: url.path, reason: "more than \(maximumLinks) symbolic links")
    }

    /// A file as the kernel tells files apart, whatever links lead to it.
    struct FileIdentity: Hashable {
        var device: dev_t
        var inode: ino_t

        init(_ status: stat) { (device, inode) = (status.st_dev, status.st_ino) }
    }

    /// The files at `urls` that exist, by identity, found once for every output compared.
    static func identities(of urls: [URL]) -> [FileIdentity: URL] {
        var identities: [FileIdentity: URL] = [:]
        for url in urls {
            var status = stat()
            if stat(url.path, &status) == 0 { identities[FileIdentity(status)] = identities[FileIdentity(status)] ?? url }
        }
        return identities
    }

    /// Whether `url` is one of `inputs` (through links too): an earlier page of that name is
    /// then an image the note shows, not a page to clean up.
    static func isInput(_ url: URL, among inputs: [FileIdentity: URL]) -> Bool {
        var status = stat()
        return !inputs.isEmpty && stat(url.path, &status) == 0 && inputs[FileIdentity(status)] != nil
    }

    /// Refuses an output that is a symbolic link inside `sandbox` to a file outside it: a
    /// planted link would have the rendering replace a file the sandbox keeps it from.
    static func checkConfined(_ target: URL, resolved: URL, to sandbox: URL?) throws {
        guard let sandbox, resolved.path != target.path, Resources.folder(sandbox, contains: target.deletingLastPathComponent()),
              !Resources.folder(sandbox, contains: resolved) else { return }
        throw LetterpressError.outputFailed(file: target.path, reason: "it is a symbolic link to \(resolved.path), outside the sandbox, and is left as it is")
    }

    /// The permission bits of the regular file at `url`, which may be replaced, or nil when
    /// nothing is there; throws when something else is, or the file is one of `inputs`.
    static func replaceableMode(_ url: URL, naming name: URL, inputs: [URL]) throws -> mode_t? {
        try replaceableMode(url, naming: name, inputs: identities(of: inputs))
    }

    static func replaceableMode(_ url: URL, naming name: URL, inputs: [FileIdentity: URL]) throws -> mode_t? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw LetterpressError.outputFailed(file: name.path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw LetterpressError.outputFailed(file: name.path, reason: "it is \(Self.kind(status.st_mode)), not a regular file, and is left as it is")
        }
        if let input = inputs[FileIdentity(status)] {
            throw LetterpressError.outputFailed(file: name.path, reason: "it is the input \(input.path), which is left as it is")
        }
        return status.st_mode & 0o777
    }

    /// The device of the folder `url` goes in, which a rename into it must share.
    static func device(ofFolderOf url: URL) -> dev_t? {
        var status = stat()
        return stat(url.deletingLastPathComponent().path, &status) == 0 ? status.st_dev : nil
    }

    /// What a file that is not a regular one is, in a message.
    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }
}
