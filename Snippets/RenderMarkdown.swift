// Render a Markdown string to the bytes of a PDF, and a note's file to PNG pages.
import Foundation
import Letterpress

// snippet.hide
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? NSTemporaryDirectory(), isDirectory: true)
// snippet.show
let renderer = Renderer(theme: .named("menlo"))

let markdown = """
    # Groceries

    Oat milk, *bread*, and ^[coffee](customColor: 'danger').
    """
let pdf: Data = try renderer.render(markdown: markdown, baseURL: folder, as: .pdf)
try pdf.write(to: folder.appendingPathComponent("groceries.pdf"))

// PNG and SVG are one image a page: in memory, one `Data` each.
let pages: [Data] = try renderer.renderDocument(markdown: markdown, as: .png).files

// A file to files, named as `render` names them: `notes.png`, or `notes-1.png`, `notes-2.png`…
let note = folder.appendingPathComponent("notes.md")
try Data(markdown.utf8).write(to: note)
let result = try renderer.render(contentsOf: note, to: folder.appendingPathComponent("notes.png"))
print(result.files.map(\.lastPathComponent), result.pageCount, result.warnings)
// snippet.hide
precondition(pdf.starts(with: Data("%PDF".utf8)) && pages.count == 1 && result.files.count == 1)
