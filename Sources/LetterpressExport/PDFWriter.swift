import CCairo
import Foundation
import LetterpressCore
import LetterpressTypesetting

/// Draws pages into one PDF, with the document's metadata and an outline of its headings;
/// tagged, with its structure tree and language, unless told otherwise.
final class PDFWriter: PageWriter {
    private let metadata: DocumentMetadata
    private let fonts: CairoFonts
    private let fileName: String
    private(set) var drawSeconds = 0.0
    private(set) var writeSeconds = 0.0
    private var pdf: (stream: FileStream, surface: OpaquePointer, context: OpaquePointer)?
    private let links = PDFLinks()
    /// The outline's open entries: each level's latest.
    private var parents: [(level: Int, id: Int32)] = []
    /// Whether the PDF has its title: the metadata's, else the first level-1 heading's.
    private var titled: Bool
    /// The structure tree being written; nil for an untagged PDF.
    private let structure: PDFStructure?

    init(metadata: DocumentMetadata, fonts: CairoFonts, fileName: String, tagged: Bool = true) {
        self.metadata = metadata
        titled = metadata.title != nil
        self.fonts = fonts
        self.fileName = fileName
        structure = tagged ? PDFStructure() : nil
    }

    deinit {
        if let pdf {
            cairo_destroy(pdf.context)
            cairo_surface_destroy(pdf.surface)
        }
    }

    func add(_ page: Page, number: Int, to file: any PageFile) throws {
        if pdf == nil { start(size: page.size, file: file) }
        let (stream, surface, context) = pdf!
        cairo_pdf_surface_set_size(surface, page.size.width, page.size.height)
        Timings.measure(&drawSeconds) { PageDrawer(links: links, fonts: fonts, structure: structure).draw(page, on: context) }
        try checkDrawing(context, naming: fileName)
        for entry in page.outline {
            while let last = parents.last, last.level >= entry.level { parents.removeLast() }
            let target = "page=\(number) pos=[0 \(DecimalText.twoPlaces(entry.y))]"
            let id = cairo_pdf_surface_add_outline(surface, parents.last?.id ?? 0, Self.pdfText(entry.title), target,
                                                   CAIRO_PDF_OUTLINE_FLAG_OPEN)
            parents.append((entry.level, id))
            if !titled && entry.level == 1 {
                // Cairo writes the metadata when it finishes, so a title set now still counts.
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, Self.pdfText(entry.title))
                titled = true
            }
        }
        Timings.measure(&writeSeconds) { cairo_show_page(context) }
        // A full disk stops the rendering at once rather than at the end.
        if stream.failure != nil { try checkSurface(surface, stream: stream, naming: fileName) }
    }

    /// Finishes the PDF (fonts, outline, cross-references); a document of no pages is one
    /// blank A4 page.
    func finish(pageCount: Int, firstFile: any PageFile) throws {
        if pdf == nil { start(size: .a4, file: firstFile) }
        let (stream, surface, context) = pdf!
        cairo_destroy(context)
        pdf = nil
        defer { cairo_surface_destroy(surface) }
        try Timings.measure(&writeSeconds) {
            cairo_surface_finish(surface)
            try checkSurface(surface, stream: stream, naming: fileName)
            if let structure {
                try PDFAccessibility(language: metadata.language, alternates: structure.alternates)
                    .update(stream.descriptor, naming: fileName)
            }
        }
    }

    func abandon() {
        // Destroying the surface would finish the PDF, fonts and all, for nothing.
        pdf?.stream.abandon()
    }

    /// `text` with its noncharacters (U+FDD0–FDEF, U+xFFFE and U+xFFFF) and NULs replaced by
    /// U+FFFD: Cairo refuses the first in outline entries and metadata, and its error fails the
    /// whole PDF; it takes a NUL for the end of the text.
    static func pdfText(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRefused) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isRefused($0) ? "\u{FFFD}" : $0 }))
    }

    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0 || (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    private func start(size: PageSize, file: any PageFile) {
        let stream = FileStream(file.descriptor)
        let surface = cairo_pdf_surface_create_for_stream(FileStream.write, stream.context, size.width, size.height)!
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Letterpress")
        for (key, value) in [(CAIRO_PDF_METADATA_TITLE, metadata.title), (CAIRO_PDF_METADATA_AUTHOR, metadata.author),
                             (CAIRO_PDF_METADATA_SUBJECT, metadata.subject)] {
            if let value { cairo_pdf_surface_set_metadata(surface, key, Self.pdfText(value)) }
        }
        // Without an explicit value Cairo writes the current time; an empty one leaves it out.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, metadata.creationDate ?? "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, metadata.creationDate ?? "")
        pdf = (stream, surface, cairo_create(surface)!)
    }
}
