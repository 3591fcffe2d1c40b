import Foundation

/// The file formats `render` writes.
public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    case pdf, png, svg

    /// The format an output path's extension names, if any.
    /// - Parameter pathExtension: The extension without its dot, in any case: `pdf`, `PNG`.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}
