import Foundation

/// Which letters are set as small capitals, as SwiftUI's `smallCaps()` and `lowercaseSmallCaps()`.
package enum SmallCaps: String, Sendable, Hashable, Encodable {
    case none
    /// Lower-case letters as small capitals (OpenType `smcp`).
    case lowercase
    /// Every letter as a small capital (`smcp` and `c2sc`).
    case all
}
