import Foundation
@testable import LetterpressCore
import Testing

/// `containsBytes`, the byte search that finds the dialects' markers in a whole note.
@Suite struct ContainsBytesTests {
    @Test(arguments: [
        ("a ::: b", ":::", true), ("::", ":::", false), (":::", ":::", true), ("x::", ":::", false),
        ("!! !!!", "!!!", true), ("!!x!!", "!!!", false), ("", ":::", false), ("abc", "", false),
        ("ab", "abc", false), ("é::: ü", ":::", true), ("naïve", "ïv", true), ("naïve", "iv", false),
        ("aaab", "aab", true), ("import x", "import ", true), ("import", "import ", false),
    ])
    func findsWhatFoundationFinds(text: String, needle: String, found: Bool) {
        #expect(text.containsBytes(needle) == found)
        #expect(text.containsBytes(needle) == (!needle.isEmpty && text.contains(needle)))
        #expect(text[...].containsBytes(needle[...]) == found)
    }

    /// A string bridged from `NSString` has no contiguous UTF-8 to search in place.
    @Test func readsABridgedString() {
        let bridged = NSString(string: "left ::: right") as String
        #expect(bridged.containsBytes(":::"))
        #expect(!bridged.containsBytes("!!!"))
    }

    @Test func findsAMarkerAtTheEndOfAMegabyte() {
        let text = String(repeating: "Item has **bold** and `code`\n\n", count: 40_000)
        #expect(!text.containsBytes(":::"))
        #expect((text + ":::").containsBytes(":::"))
    }

    /// `withBytes` reads a native string, a substring and a bridged string alike.
    @Test func readsTheBytesInPlaceOrCopied() {
        let text = "naïve ::: x"
        let bridged = NSString(string: text) as String
        for candidate in [text, bridged] {
            #expect(candidate.withBytes { Array($0) } == Array(text.utf8))
        }
        #expect(text.dropFirst(2).withBytes { Array($0) } == Array(text.dropFirst(2).utf8))
    }
}
