import Foundation
import LetterpressMarkup

/// An image floated left or right: text flows around its rectangle or its opaque outline.
struct FloatingImage {
    var image: LoadedImage
    var width: Double
    var height: Double
    var side: FloatSide
    var margin: Double
    /// The column the float sits in: a list item's or quote's, not always the page's.
    var column: Column
    /// Opaque extent of each pixel row, as fractions of the width, for images with alpha.
    var outline: [ClosedRange<Double>?]?
    /// The figure it is in the document's structure, with the elements around it.
    var structure: [StructureElement] = []
}
