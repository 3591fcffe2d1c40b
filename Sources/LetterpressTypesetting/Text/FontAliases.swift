import Foundation
import LetterpressMarkup

/// The families Apple's platforms have and Linux lacks, each followed by the closest fonts the
/// Makefile installs (metric-compatible ones first, as fontconfig's `30-metric-aliases.conf`
/// pairs them). The name itself stays first, so an installed Menlo is still Menlo.
enum FontAliases {
    static let table: [String: [String]] = [
        "menlo": ["DejaVu Sans Mono"],
        "monaco": ["DejaVu Sans Mono"],
        "sf mono": ["DejaVu Sans Mono"],
        "courier": ["Nimbus Mono PS", "Liberation Mono"],
        "courier new": ["Liberation Mono", "Nimbus Mono PS"],
        "helvetica": ["Nimbus Sans", "Liberation Sans"],
        "helvetica neue": ["Nimbus Sans", "Liberation Sans"],
        "arial": ["Liberation Sans", "Nimbus Sans"],
        "sf pro": ["Inter", "DejaVu Sans"],
        "sf pro text": ["Inter", "DejaVu Sans"],
        "sf pro display": ["Inter Display", "Inter"],
        "san francisco": ["Inter", "DejaVu Sans"],
        "times": ["Nimbus Roman", "Liberation Serif"],
        "times new roman": ["Liberation Serif", "Nimbus Roman"],
        "georgia": ["DejaVu Serif", "Liberation Serif"],
        "palatino": ["P052"],
        "new york": ["DejaVu Serif"],
        "zapfino": ["Z003"],
        "chalkduster": ["Comfortaa"],
        "avenir": ["URW Gothic"],
        "avenir next": ["URW Gothic"],
        "futura": ["URW Gothic"],
        "bookman": ["URW Bookman"],
        "new century schoolbook": ["C059"],
    ]

    /// `families` with the first one's fonts after it, if it is an alias. Only the first: the
    /// others are fallbacks for characters it lacks, which an alias's fonts would reorder.
    static func expanded(_ families: [String]) -> [String] {
        guard let first = families.first, let fonts = table[first.lowercased()] else { return families }
        return [first] + fonts.filter { !families.contains($0) } + families.dropFirst()
    }

    /// `families` (aliases expanded) with the first family's width siblings before each of its
    /// fonts: fontconfig gives narrow cuts their own family (Liberation Sans Narrow, Nimbus Sans
    /// Narrow), which a width alone never reaches. A sibling that is not installed is passed over.
    static func expanded(_ families: [String], width: FontWidth) -> [String] {
        let all = expanded(families)
        let suffixes: [String]
        switch width {
        case .standard: return all
        case .condensed: suffixes = ["Condensed", "Narrow"]
        case .compressed: suffixes = ["Compressed", "Extra Condensed", "Condensed", "Narrow"]
        case .expanded: suffixes = ["Expanded", "Extended", "Wide"]
        }
        let leading = all.count - (families.count - 1)
        return all.prefix(leading).flatMap { family in suffixes.map { "\(family) \($0)" } + [family] } + all.dropFirst(leading)
    }
}
