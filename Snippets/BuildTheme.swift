// Make a theme without a file: from YAML in a string, or by changing a theme's settings in Swift.
import Foundation
import Letterpress

// snippet.hide
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? NSTemporaryDirectory(), isDirectory: true)
// snippet.show
// A theme file's YAML, read from a string: errors and warnings name `brand`, line and column.
let brand = try Theme(yaml: """
    extends: night
    customColors:
      stamp: {foregroundColor: white, backgroundColor: '#b42318'}
    """, name: "brand")

// Changed in Swift, resolved as the same change in its YAML would be.
let larger = try brand.with { spec in
    spec.body?.size = 12
    spec.headings?[0].foregroundColor = Color(parsing: "#ffd60a")
    spec.page?.footer = HeaderFooterSpec(center: "Brand · {page}")
}
let pdf = try Renderer(theme: .theme(larger)).render(markdown: "# Report\n\nAll ^[clear](customColor: 'stamp').")
try pdf.write(to: folder.appendingPathComponent("brand.pdf"))
print(larger.spec.body?.size ?? 0, brand.warnings)
// snippet.hide
precondition(pdf.starts(with: Data("%PDF".utf8)))
