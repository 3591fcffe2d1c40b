import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// What picks a font in a text style, for caches keyed by font.
struct FontKey: Hashable {
    var families: [String]
    var size: Double
    var weight: FontWeight
    var italic: Bool
    var width: FontWidth
    var smallCaps: SmallCaps
    /// fontconfig orders the fonts of a family list by the language too.
    var language: LanguageTag?

    init(_ style: TextStyle) {
        families = style.fontFamilies
        size = style.size
        weight = style.weight
        italic = style.italic
        width = style.width
        smallCaps = style.smallCaps
        language = style.language
    }
}
