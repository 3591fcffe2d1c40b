import Foundation

/// The file formats `render` writes.
public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    case pdf, png, svg

    /// The format an output path's extension names, if any.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}
