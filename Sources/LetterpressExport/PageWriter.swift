import CCairo
import Foundation
import LetterpressCore
import LetterpressTypesetting

/// Draws pages in one file format. `PageOutput` owns the files and hands each page the file it
/// goes to: the document's one file for PDF, its own for PNG and SVG.
protocol PageWriter: AnyObject {
    /// Seconds this thread spent painting pages, and encoding and writing files.
    var drawSeconds: Double { get }
    var writeSeconds: Double { get }
    /// Draws page `number` (from 1) and writes it, or hands it on to be written, to `file`.
    func add(_ page: Page, number: Int, to file: any PageFile) throws
    /// Writes what is left once all `pageCount` pages are added; `firstFile` is the first
    /// page's file (the document's, for PDF).
    func finish(pageCount: Int, firstFile: any PageFile) throws
    /// Stops writing: the files are about to be removed.
    func abandon()
}

/// Fails with the output's name and Cairo's reason when drawing on `cr` failed: a context in
/// error draws nothing more, and every later page of a PDF would come out blank.
func checkDrawing(_ cr: OpaquePointer, naming fileName: String) throws {
    let status = cairo_status(cr)
    guard status == CAIRO_STATUS_SUCCESS else {
        throw LetterpressError.outputFailed(file: fileName, reason: String(cString: cairo_status_to_string(status)))
    }
}

/// Fails with the output's name and the reason when `surface` (or the stream it writes to)
/// failed.
func checkSurface(_ surface: OpaquePointer, stream: FileStream? = nil, naming fileName: String) throws {
    let status = cairo_surface_status(surface)
    if status == CAIRO_STATUS_SUCCESS, let stream, !stream.flush() {
        throw LetterpressError.outputFailed(file: fileName, reason: String(cString: strerror(stream.failure ?? EIO)))
    }
    guard status == CAIRO_STATUS_SUCCESS else {
        // Cairo says only that writing failed; the stream knows why (a full disk, say).
        let reason = stream?.failure.map { String(cString: strerror($0)) } ?? String(cString: cairo_status_to_string(status))
        throw LetterpressError.outputFailed(file: fileName, reason: reason)
    }
}
