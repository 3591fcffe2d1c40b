import Foundation
import LetterpressMarkup
import LetterpressStyling

/// Loads the images a paragraph sets in its lines and gives each the size it is drawn at.
enum InlineImages {
    /// Whether any run of `text` is an image in the line.
    static func has(_ text: StyledText) -> Bool {
        text.runs.contains { $0.style.inlineImage != nil }
    }

    /// `text` with its images loaded and sized: as asked (HTML's `width` or `height`), else
    /// at their natural size (96 pixels an inch), an icon in a line of text scaled down to the
    /// text's height; never wider than `columnWidth` or taller than `maximumHeight`. An image
    /// that cannot be drawn is replaced by its alt text, with a warning.
    static func resolve(_ text: StyledText, load: (String) -> Result<LoadedImage, ImageError>, columnWidth: Double,
                        maximumHeight: Double, warn: (ImageReference, String) -> Void) -> StyledText {
        let inText = text.string.unicodeScalars.contains { !$0.properties.isWhitespace && $0 != "\u{FFFC}" }
        let bytes = Array(text.string.utf8)
        var string = ""
        var runs: [StyledRun] = []
        for var run in text.runs {
            var piece = String(decoding: bytes[run.range], as: UTF8.self)
            if var image = run.style.inlineImage {
                switch load(image.reference.source) {
                case let .success(loaded):
                    (image.width, image.height) = size(of: image.reference, loaded: loaded, textSize: inText ? run.style.size : nil,
                                                       columnWidth: columnWidth, maximumHeight: maximumHeight)
                    image.loaded = loaded
                    run.style.inlineImage = image
                case let .failure(error):
                    warn(image.reference, "image '\(image.reference.source)' \(error); its alt text is shown")
                    piece = image.reference.alt
                    run.style.inlineImage = nil
                }
            }
            let start = string.utf8.count
            string += piece
            run.range = start..<string.utf8.count
            if !run.range.isEmpty { runs.append(run) }
        }
        return StyledText(string: string, runs: runs, base: text.base)
    }

    /// An image at most this many times the text's height is an icon, set at the text's height.
    static let iconScale = 3.0

    private static func size(of reference: ImageReference, loaded: LoadedImage, textSize: Double?, columnWidth: Double,
                             maximumHeight: Double) -> (Double, Double) {
        let naturalWidth = max(Double(loaded.pixelWidth) * 0.75, 0.1)
        let naturalHeight = max(Double(loaded.pixelHeight) * 0.75, 0.1)
        var height: Double
        if let width = reference.width {
            height = width.points(in: columnWidth) * naturalHeight / naturalWidth
        } else if let asked = reference.height {
            height = asked
        } else if let textSize, naturalHeight > textSize * 1.2, naturalHeight <= textSize * 1.2 * iconScale {
            height = textSize * 1.2
        } else {
            height = naturalHeight
        }
        height = min(height, maximumHeight, columnWidth * naturalHeight / naturalWidth)
        return (height * naturalWidth / naturalHeight, height)
    }
}
