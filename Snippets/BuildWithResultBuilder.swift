// The styled-text builder's result-builder form, with `if` and `for`.
import Foundation
import Letterpress

// snippet.hide
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? NSTemporaryDirectory(), isDirectory: true)
// snippet.show
let items = [("Paper", "€12"), ("Ink", "€30")]
let overdue = true

let builder = StyledTextBuilder(theme: .default) {
    StyledTextPart.heading("Order")
    for (name, price) in items {
        "\(name): "
        StyledTextPart.styled(.init(monospacedDigit: true)) { price }
        StyledTextPart.paragraphBreak
    }
    if overdue {
        StyledTextPart.styled(.init(customStyle: .boldcaps, customColor: .danger)) { "Overdue" }
    }
}
let pdf = try Renderer(theme: .theme(builder.theme)).render(builder.document, as: .pdf)
try pdf.write(to: folder.appendingPathComponent("order.pdf"))
// snippet.hide
precondition(pdf.starts(with: Data("%PDF".utf8)))
