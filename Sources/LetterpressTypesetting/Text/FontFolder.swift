import CPangoCairo
import Foundation
import LetterpressCore

/// The files of a `--font-dir` folder, found here rather than by fontconfig's
/// `FcConfigAppFontAddDir`, which opens every name it finds (a FIFO named `x.ttf` blocked it
/// for ever) and walks whatever tree it is given (`/proc` has no end).
enum FontFolder {
    /// The deepest folder walked, the given one being level 0; a deeper one is an error.
    static let maximumDepth = 8
    /// The most names read in one folder's tree, files and folders together.
    static let maximumEntries = 10_000

    /// The regular files under `folder` (paths as bytes, without the NUL), in the order
    /// fontconfig's own walk scanned them, so that a tie between two fonts goes the same way: a
    /// folder's files in byte order of their names, then its subfolders in that order, level by
    /// level; hidden names left out; the paths absolute as fontconfig writes them. A symbolic
    /// link is followed to what it names; anything that is then neither a folder nor a non-empty
    /// regular file (a FIFO, a device, a socket, a broken link) is left out, and a folder reached
    /// again through a link is not walked twice.
    static func files(in folder: String) throws -> [[UInt8]] {
        var status = stat()
        guard stat(folder, &status) == 0 else { throw LetterpressError.invalidOption(.invalidFontFolder, "\(OptionWords.fontFolder) \(folder): no such folder") }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            let kind = status.st_mode & S_IFMT == S_IFREG ? "a file" : OutputPath.kind(status.st_mode)
            throw LetterpressError.invalidOption(.invalidFontFolder, "\(OptionWords.fontFolder) \(folder): is \(kind), not a folder")
        }
        // Absolute, without `.`, `..` or doubled slashes, as fontconfig names the folder.
        let canonical = folder.withCString { FcStrCopyFilename(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        guard let canonical else { throw LetterpressError.invalidOption(.invalidFontFolder, "\(OptionWords.fontFolder) \(folder): no such folder") }
        let root = Array(UnsafeBufferPointer(start: canonical, count: strlen(UnsafeRawPointer(canonical).assumingMemoryBound(to: CChar.self))))
        FcStrFree(canonical)

        var files: [[UInt8]] = []
        var folders: [(path: [UInt8], depth: Int)] = [(root, 0)]
        var walked: Set<[UInt64]> = [[UInt64(status.st_dev), UInt64(status.st_ino)]]
        var entries = 0
        var next = 0
        while next < folders.count {
            let (path, depth) = folders[next]
            next += 1
            // An unreadable folder is skipped, as fontconfig skipped it.
            guard let directory = opendir(cString(path)) else { continue }
            defer { closedir(directory) }
            var names: [[UInt8]] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                guard name != [0x2E], name != [0x2E, 0x2E] else { continue }
                entries += 1
                guard entries <= maximumEntries else {
                    throw LetterpressError.invalidOption(
                        .invalidFontFolder, "\(OptionWords.fontFolder) \(folder): holds more than \(maximumEntries) files and folders, the most read (see docs/limits.md)")
                }
                if name.first != 0x2E { names.append(name) }
            }
            names.sort { $0.lexicographicallyPrecedes($1) }
            for name in names {
                let child = path + [0x2F] + name
                guard stat(cString(child), &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFREG where status.st_size > 0:
                    files.append(child)
                case S_IFDIR:
                    guard walked.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { continue }
                    guard depth < maximumDepth else {
                        throw LetterpressError.invalidOption(
                            .invalidFontFolder, "\(OptionWords.fontFolder) \(folder): \(String(decoding: child, as: UTF8.self)) lies more than \(maximumDepth) folders deep, the most walked (see docs/limits.md)")
                    }
                    folders.append((child, depth + 1))
                default:
                    continue
                }
            }
        }
        return files
    }

    /// `path` with the NUL that C expects.
    private static func cString(_ path: [UInt8]) -> [CChar] {
        path.map { CChar(bitPattern: $0) } + [0]
    }
}
