import Foundation
import Letterpress
import LetterpressTesting
import Testing

@Test func groceriesLookRight() throws {
    let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("groceries.png")
    try assertRendering(markdown: "# Groceries\n\nOat milk, *bread*, and ^[coffee](customColor: 'danger').",
                        matches: reference,
                        check: RenderingCheck(pageSize: PageSize(width: 200, height: 90), dpi: 36, fonts: .isolated()))
}
