// Read the `LetterpressAttributes` a note's runs carry.
import Foundation
import Letterpress

// snippet.hide
let markdown = "Pay ^[€120](customColor: 'danger', fontWeight: 'bold') by *Friday*, see [terms](https://example.com/terms)."
// snippet.show
let document = try Document(parsing: markdown)
for case let .paragraph(text) in document.blocks {
    for run in text.runs {
        let words = String(text[run.range].characters)
        if let attributes = run.letterpress.attributes, attributes.customColor == "danger" {
            print("danger:", words, attributes.fontWeight.map { "\($0)" } ?? "")
        }
        if let intent = run.letterpress.inlineIntent, intent.contains(.emphasized) {
            print("emphasized:", words)
        }
        if let link = run.letterpress.link {
            print("link:", words, "→", link)
        }
    }
}
