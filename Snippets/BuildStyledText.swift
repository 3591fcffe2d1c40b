// Build styled text in code, as StyledTextKit does, and render it.
import Foundation
import Letterpress

// snippet.hide
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? NSTemporaryDirectory(), isDirectory: true)
// snippet.show
let builder = StyledTextBuilder(theme: .default)
    .add(heading: "Invoice")
    .add(text: "Total: ")
    .save()
    .add(attributes: .init(fontWeight: .bold, customColor: .danger))
    .add(text: "€120")
    .restore()
    .add(text: " due")

// The document `Total: ^[€120](fontWeight: 'bold', customColor: 'danger') due` parses into.
let document: Document = builder.document
let pdf = try Renderer(theme: .theme(builder.theme)).render(document, as: .pdf)
try pdf.write(to: folder.appendingPathComponent("invoice.pdf"))
// snippet.hide
precondition(pdf.starts(with: Data("%PDF".utf8)))
