import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Images in a block of their own: scaled to the column, floated, captioned, or a placeholder.
extension Collector {
    /// How far an image alone may shrink to fit what is left of a page.
    static let imageShrink = 0.5
    /// The kind of warning for an image that cannot be drawn, in a block or in a line.
    static let undrawnImages = "images that cannot be drawn"
    /// The most characters of alt text and path a placeholder shows.
    static let placeholderLabelLength = 600

    mutating func image(_ reference: ImageReference, column: Column, align: TextAlignment) {
        space(before: styles.body.spaceBefore)
        switch resources.image(reference.source) {
        case let .success(image):
            let naturalWidth = Double(image.pixelWidth) * 0.75
            let naturalHeight = Double(image.pixelHeight) * 0.75
            if let side = reference.float {
                floating(image, side: side, width: reference.width, column: column, alt: reference.alt)
                return
            }
            let wanted = reference.width?.points(in: column.width)
                ?? reference.height.map { $0 * naturalWidth / naturalHeight } ?? naturalWidth
            let scale = min(wanted / naturalWidth, column.width / naturalWidth, contentHeight * 0.9 / naturalHeight)
            let width = naturalWidth * scale
            let height = naturalHeight * scale
            let x: Double
            switch align {
            case .left, .justify: x = column.x
            case .center: x = column.x + (column.width - width) / 2
            case .right: x = column.x + column.width - width
            }
            let rect = Rect(x: x, y: 0, width: width, height: height)
            var items: [PageItem] = [.image(image, rect)]
            if let link = reference.link.flatMap(LinkTarget.init(link:)) { items.append(.link(link, rects: [rect])) }
            // An image without a caption may shrink to half its height to end a page.
            within(.figure, alt: reference.alt) {
                $0.append(.block(Slice.Block(box: Slice.Box(height: height, items: items, keepWithNext: !reference.title.isEmpty),
                                             shrinksTo: reference.title.isEmpty ? Self.imageShrink : 1)))
            }
            if !reference.title.isEmpty { within(.paragraph) { $0.caption(reference.title, column: column) } }
        case let .failure(error):
            warnings.append(Warning(code: .imageNotDrawn, file: file, location: reference.location,
                                    message: "image '\(Excerpt.name(reference.source))' \(error); drawing a placeholder",
                                    kind: Self.undrawnImages))
            within(.figure, alt: reference.alt) { $0.placeholder(reference, column: column) }
        }
        pendingGap.ask(styles.body.spaceAfter)
    }

    /// A floating image: a slice the paginator turns into a shape of its page. By default it
    /// takes at most 40% of the column.
    mutating func floating(_ image: LoadedImage, side: FloatSide, width: ImageWidth?, column: Column, alt: String) {
        let naturalWidth = Double(image.pixelWidth) * 0.75
        let floatWidth = min(width?.points(in: column.width) ?? min(naturalWidth, column.width * 0.4), column.width * 0.8)
        let height = min(floatWidth * Double(image.pixelHeight) / Double(image.pixelWidth), contentHeight * 0.8)
        let shownWidth = height * Double(image.pixelWidth) / Double(image.pixelHeight)
        let figure = structure + [newElement(.figure, alt: alt)]
        // The float starts where the next block would; that block keeps its space above.
        var slice = Slice.float(FloatingImage(image: image, width: shownWidth, height: height, side: side, margin: 10,
                                              column: column, outline: image.opaqueRows(),
                                              structure: figure), gapBefore: 0)
        takeGap(into: &slice)
        slices.append(slice)
    }

    mutating func caption(_ text: String, column: Column) {
        var style = styles.footnotes
        style.text.italic = true
        style.align = .center
        let layout = TextLayout(StyledText(text, style: style.text).breakingLongWords(), width: column.width, align: .center,
                                lineHeight: style.lineHeight, context: fonts)
        pendingGap.set(4)
        appendLines(of: [layout], column: column)
    }

    /// A framed box with the alt text, where an image could not be drawn.
    mutating func placeholder(_ reference: ImageReference, column: Column) {
        var style = styles.footnotes.text
        style.color = Color(parsing: "#777777")!
        // A box, not a page of text: the label is cut short (an alt text may be any length).
        let full = reference.alt.isEmpty ? reference.source : "\(reference.alt)  (\(reference.source))"
        let label = full.unicodeScalars.count > Self.placeholderLabelLength
            ? String(String.UnicodeScalarView(full.unicodeScalars.prefix(Self.placeholderLabelLength))) + "…" : full
        let layout = TextLayout(StyledText(label, style: style).breakingLongWords(), width: column.width - 24, align: .center,
                                lineHeight: 1.3, context: fonts)
        let height = max(48, layout.height + 24)
        var items: [PageItem] = [.stroke(Rect(x: column.x, y: 0, width: column.width, height: height),
                                         Color(parsing: "#aaaaaa")!, width: 0.75)]
        let top = (height - layout.height) / 2
        for line in layout.lines {
            items.append(.text(layout.textLine(line.index, origin: Point(x: column.x + 12 + line.x, y: top + line.baseline))))
        }
        append(.block(Slice.Block(box: Slice.Box(height: height, items: items))))
    }
}
