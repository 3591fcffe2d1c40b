import Foundation
import LetterpressCore

extension PageNumbers {
    /// Records the anchors whose destinations `page` holds, on page number `number`.
    package mutating func record(destinationsOf page: Page, page number: Int) {
        for case let .destination(name, _) in page.items { record(name, page: number) }
    }
}
