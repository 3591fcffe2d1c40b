import Foundation

/// Where an image reference in a note points.
package enum ImagePath {
    /// The file `source` (a path, percent-encoded or not, or a `file://` URL) names, relative
    /// to `folder` unless absolute; nil for a remote URL.
    package static func fileURL(_ source: String, relativeTo folder: URL?) -> URL? {
        let lowered = source.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return nil }
        let path = (lowered.hasPrefix("file://") ? String(source.dropFirst(7)) : source).removingPercentEncoding ?? source
        guard let folder, !path.hasPrefix("/") else { return URL(fileURLWithPath: path) }
        return folder.appendingPathComponent(path)
    }
}
