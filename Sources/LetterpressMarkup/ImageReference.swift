import Foundation
import LetterpressCore

/// An image named by a document, with where it was written.
public struct ImageReference: Sendable, Hashable, Codable {
    /// The image's path or URL as written; a relative path starts from the note's folder.
    public var source: String
    /// The alternative text, shown on the placeholder of an image that cannot be drawn and in
    /// place of a remote one.
    public var alt: String
    /// The title (`![alt](pic.png "title")`), set as a caption below a block image; empty for
    /// none.
    public var title: String
    /// Where the image is written in the note, for warnings about it.
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

    /// An image reference as a note writes one.
    /// - Parameters:
    ///   - source: The image's path or URL; a relative path starts from the note's folder.
    ///   - alt: The alternative text.
    ///   - title: The caption of a block image; empty for none.
    ///   - location: Where warnings about the image point.
    ///   - float: The side the image floats to; nil for an image in the line or a block.
    ///   - width: The width asked for; nil for the image's natural width, within the column.
    ///   - height: The height asked for, in points; nil for the one the width gives.
    ///   - link: Where clicking the image goes; nil for nowhere.
    public init(source: String, alt: String, title: String = "", location: SourceLocation,
                float: FloatSide? = nil, width: ImageWidth? = nil, height: Double? = nil, link: String? = nil) {
        self.source = source
        self.alt = alt
        self.title = title
        self.location = location
        self.float = float
        self.width = width
        self.height = height
        self.link = link
    }
}
