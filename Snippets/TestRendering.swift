// Compare a rendering with reference images in a Swift Testing test.
import Foundation
import LetterpressTesting
import Testing

// snippet.hide
let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
// snippet.show
@Test func invoiceLooksRight() throws {
    try assertRendering(markdown: "# Invoice\n\nTotal: ^[€120](customColor: 'danger') due.",
                        matches: goldenFolder.appendingPathComponent("invoice.png"),
                        check: RenderingCheck(theme: "report", dpi: 72, tolerance: 0.001))
}
