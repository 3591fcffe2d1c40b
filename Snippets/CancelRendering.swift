// Cancel a rendering: it stops at the next block or page and writes nothing.
import Foundation
import Letterpress

// snippet.hide
let folder = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : NSTemporaryDirectory())
let note = folder.appendingPathComponent("long.md")
try Data((1...2000).map { "Paragraph \($0) of a long note, long enough to wrap its line once." }.joined(separator: "\n\n").utf8)
    .write(to: note)
// snippet.show
let rendering = Task {
    try await Renderer().render(contentsOf: note, to: folder.appendingPathComponent("long.pdf"))
}
rendering.cancel()
do {
    _ = try await rendering.value
} catch is CancellationError {
    print("cancelled; long.pdf was not written")
}
// snippet.hide
precondition(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("long.pdf").path))
try FileManager.default.removeItem(at: note)
