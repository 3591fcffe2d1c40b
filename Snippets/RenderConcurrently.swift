// Render from several tasks at once with one renderer.
import Foundation
import Letterpress

// snippet.show
let renderer = Renderer()
async let first = renderer.render(markdown: "# One\n\nThe first note.")
async let second = renderer.render(markdown: "# Two\n\nThe second note.")
let (one, two) = try await (first, second)
print(one.count, two.count)
// snippet.hide
precondition(one.starts(with: Data("%PDF".utf8)) && two.starts(with: Data("%PDF".utf8)))
