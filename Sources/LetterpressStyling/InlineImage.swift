import Foundation
import LetterpressCore
import LetterpressMarkup

/// An image set in a line of text: the reference the Markdown gave, and, once the typesetter
/// has loaded it (`InlineImages`), its pixels and the size it is drawn at, in points. Pango
/// keeps that size free for it, on the baseline; the line's items draw it there.
package struct InlineImage: Hashable, Sendable, Encodable {
    package var reference: ImageReference
    package var width: Double = 0
    package var height: Double = 0
    /// The decoded image, once the typesetter has loaded it.
    package var loaded: (any DecodedImage)?

    init(reference: ImageReference) {
        self.reference = reference
    }

    private enum CodingKeys: String, CodingKey {
        case reference, width, height
    }

    package static func == (left: InlineImage, right: InlineImage) -> Bool {
        left.reference == right.reference && left.width == right.width && left.height == right.height && left.loaded === right.loaded
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(reference)
        hasher.combine(width)
        hasher.combine(height)
    }
}

/// An image as the typesetter decodes it, carried in a run's style from when the paragraph's
/// images are loaded to when its lines are drawn; Styling never looks inside.
package protocol DecodedImage: AnyObject, Sendable {}
