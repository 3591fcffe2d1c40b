// Hold each stage of the pipeline, and the values between them.
import Foundation
import Letterpress

// snippet.hide
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? NSTemporaryDirectory(), isDirectory: true)
let markdown = "# Night\n\nLight text on a dark page, in *two* paragraphs.\n\nThe second."
// snippet.show
let theme = try Theme.named("night")                      // or Theme(contentsOf: url)
let document = try Document(parsing: markdown)             // front matter, blocks of AttributedString
let styled = Styler(theme: theme).style(document)          // every run resolved to a text style
let typesetter = Typesetter()                              // pages in the look `styled` carries
let typeset = try typesetter.typeset(styled)               // pages, warnings, PDF metadata
let images: [Data] = try OutputWriter(format: .png, dpi: 96).data(for: typeset)

// Streaming: each page is drawn and let go as soon as it is typeset.
let output = try OutputWriter(format: .pdf, metadata: typesetter.metadata(for: styled))
    .open(folder.appendingPathComponent("night.pdf"))
let warnings = try typesetter.typeset(styled) { page in try output.add(page) }
let files = try output.finish()
print(typeset.pages.count, images.count, files.map(\.lastPathComponent), warnings)
// snippet.hide
precondition(images.count == typeset.pages.count && files.count == 1)
