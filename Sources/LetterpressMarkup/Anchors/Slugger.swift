import Foundation

/// Makes headings' anchors as GitHub does, so that `[Basics](#basics)` written for GitHub
/// finds its heading here: the text lower-cased, everything but letters, marks, digits of any
/// script, `_` (and the other connector punctuation) and `-` dropped, each space made `-`; a
/// repeated anchor gets `-1`, `-2`, … (as github-slugger, which never hands out one twice).
package struct Slugger {

    package init() {
    }
    /// How many times each anchor was asked for, by the anchor first made from the text.
    private var occurrences: [String: Int] = [:]

    /// The anchor of `text`, unique among those this slugger made or was told of.
    package mutating func slug(_ text: String) -> String {
        let base = Self.slug(text)
        var result = base
        while occurrences[result] != nil {
            let count = occurrences[base, default: 0] + 1
            occurrences[base] = count
            result = "\(base)-\(count)"
        }
        occurrences[result] = 0
        return result
    }

    /// Takes `name` (an anchor written in the document) so that no heading is given it again.
    mutating func reserve(_ name: String) {
        if occurrences[name] == nil { occurrences[name] = 0 }
    }

    /// GitHub's slug of `text`, without the suffix that makes it unique.
    package static func slug(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                result.append("-")
            } else if scalar == "-" || keeps(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Ruby's `\p{Word}`, which GitHub keeps: letters and the like (alphabetic), marks, decimal
    /// digits and connector punctuation. Emoji, symbols and other punctuation are dropped.
    private static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value) || value == 0x5F
        }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }
}
