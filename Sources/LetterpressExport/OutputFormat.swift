import Foundation

/// The file formats `render` writes. What differs between them is said here once, as
/// capabilities, so that the code that names and writes files asks what a format does rather
/// than which it is: a new format is a case, its capabilities and its `PageWriter`.
public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    case pdf, png, svg

    /// The format an output path's extension names, if any.
    /// - Parameter pathExtension: The extension without its dot, in any case: `pdf`, `PNG`.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// Whether each page is a file of its own (`notes-1.png`, `notes-2.png`), rather than the
    /// whole document one file.
    public var writesFilePerPage: Bool {
        switch self {
        case .pdf: return false
        case .png, .svg: return true
        }
    }

    /// Whether pages are pixels at a resolution (`dpi`), rather than vectors and text.
    public var isRaster: Bool {
        switch self {
        case .png: return true
        case .pdf, .svg: return false
        }
    }

    /// The extension of the files written, without its dot.
    public var fileExtension: String { rawValue }

    /// Every format, as messages list them: `pdf, png or svg`, or `.pdf, .png or .svg` with
    /// `prefix` ".".
    package static func list(prefix: String = "") -> String {
        let names = allCases.map { prefix + $0.fileExtension }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
