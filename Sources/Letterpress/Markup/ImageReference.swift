import Foundation

/// An image named by a document, with where it was written.
public struct ImageReference: Sendable, Hashable, Codable {
    public var source: String
    public var alt: String
    public var title: String
    public var location: SourceLocation
    /// The side the image floats to, with text flowing around it; nil for a block image.
    public var float: FloatSide?
    /// The width asked for, in points or as a share of the column.
    public var width: ImageWidth?
    /// The height asked for, in points (HTML's `height`).
    public var height: Double?
    /// Where clicking the image goes: an `<a href>` around an `<img>`.
    public var link: String?

    /// Whether the image is on the network, which `render` never reads: it is shown as its
    /// alt text.
    package var isRemote: Bool {
        let lowered = source.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("//")
    }

    /// The character that stands for an image set in a line of text.
    package static let objectReplacement = "\u{FFFC}"

    public init(source: String, alt: String, title: String, location: SourceLocation,
                float: FloatSide? = nil, width: ImageWidth? = nil) {
        self.source = source
        self.alt = alt
        self.title = title
        self.location = location
        self.float = float
        self.width = width
    }
}
