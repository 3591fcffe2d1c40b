import CCairo
import Foundation
import LetterpressCore
import LetterpressTypesetting

/// Draws each page into its own SVG file, in points.
final class SVGWriter: PageWriter {
    private let fonts: CairoFonts
    private let fileName: String
    private(set) var drawSeconds = 0.0
    private(set) var writeSeconds = 0.0

    init(fonts: CairoFonts, fileName: String) {
        self.fonts = fonts
        self.fileName = fileName
    }

    func add(_ page: Page, number: Int, to file: any PageFile) throws {
        let stream = FileStream(file.descriptor)
        let surface = cairo_svg_surface_create_for_stream(FileStream.write, stream.context, page.size.width, page.size.height)!
        defer { cairo_surface_destroy(surface) }
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
        let cr = cairo_create(surface)!
        Timings.measure(&drawSeconds) { PageDrawer(links: nil, fonts: fonts).draw(page, on: cr) }
        let drawn = Result { try checkDrawing(cr, naming: fileName) }
        cairo_destroy(cr)
        try drawn.get()
        try Timings.measure(&writeSeconds) {
            cairo_surface_finish(surface)
            try checkSurface(surface, stream: stream, naming: fileName)
        }
        file.closeWritten()
    }

    func finish(pageCount: Int, firstFile: any PageFile) throws {}

    func abandon() {}
}
