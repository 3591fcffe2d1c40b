import Foundation
import Letterpress

// Renders a note with coloured code to PDF and PNG in memory, as a program using the library
// would, and fails on anything a user of the library would call broken.
let note = """
    ---
    title: Groceries
    ---
    # Groceries

    Oat milk, *bread*, and ^[coffee](customColor: 'danger').

    ```swift
    let total = prices.reduce(0, +)
    ```
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Groceries: \(message)\n".utf8))
    exit(1)
}

do {
    try FontSetup.configure(folders: [], isolated: true)
    let renderer = Renderer(theme: .named("menlo"))
    let pdf = try renderer.renderDocument(markdown: note, as: .pdf)
    // The code's colours come from LetterpressHighlight, found beside this program: without it,
    // a warning says that code is not coloured.
    guard pdf.warnings.isEmpty else { fail("warnings: \(pdf.warnings.map(\.description))") }
    guard pdf.pageCount == 1, pdf.files.count == 1, pdf.files[0].starts(with: Data("%PDF-".utf8)) else {
        fail("expected one PDF page, got \(pdf.pageCount) pages in \(pdf.files.count) files")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("groceries-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (first, second) = (folder.appendingPathComponent("first.png"), folder.appendingPathComponent("second.png"))
    try renderer.render(markdown: note, as: .png).write(to: first)
    try renderer.render(markdown: note, as: .png).write(to: second)
    let verdict = try GoldenComparison().compare(expected: first, actual: second)
    guard verdict.matches, verdict.worst == 0 else { fail("two renderings of one note differ by \(verdict.worst)") }
    do {
        _ = try renderer.render(markdown: "---\npageSize: huge\n---\n# Hi", as: .pdf)
        fail("a page size of 'huge' was accepted")
    } catch let error as LetterpressError {
        guard case .invalidFrontMatter = error else { fail("unexpected error \(error)") }
    }
    print("Groceries: \(pdf.pageCount) page, \(pdf.files[0].count) bytes of PDF, code coloured, \(verdict.pages.count) PNG compared")
} catch {
    fail("\(error)")
}
