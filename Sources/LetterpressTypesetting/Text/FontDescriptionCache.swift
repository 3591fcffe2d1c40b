import CPangoCairo
import Foundation
import Synchronization
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Builds Pango font descriptions from text styles.
enum FontDescriptionCache {
    /// A description, once made, is only read.
    private static let cache = Mutex<[FontKey: OpaquePointer]>([:])

    /// A description for `style`, made once per font and kept for the process: Pango copies it
    /// into each attribute, and a paragraph has many runs in few fonts.
    static func shared(_ style: TextStyle) -> OpaquePointer {
        let key = FontKey(style)
        return cache.withLock { cache in
            if let description = cache[key] { return description }
            let description = make(style)
            cache[key] = description
            return description
        }
    }

    static func make(_ style: TextStyle) -> OpaquePointer {
        let description = make(families: FontAliases.expanded(style.fontFamilies, width: style.width), size: style.size,
                               weight: style.weight, italic: style.italic)
        let stretch: PangoStretch
        switch style.width {
        case .compressed: stretch = PANGO_STRETCH_EXTRA_CONDENSED
        case .condensed: stretch = PANGO_STRETCH_CONDENSED
        case .standard: stretch = PANGO_STRETCH_NORMAL
        case .expanded: stretch = PANGO_STRETCH_EXPANDED
        }
        pango_font_description_set_stretch(description, stretch)
        // Pango 1.50 turns on `smcp` (and `c2sc`) where the font has them, and otherwise sets
        // the letters as capitals of a smaller size.
        switch style.smallCaps {
        case .none: break
        case .lowercase: pango_font_description_set_variant(description, PANGO_VARIANT_SMALL_CAPS)
        case .all: pango_font_description_set_variant(description, PANGO_VARIANT_ALL_SMALL_CAPS)
        }
        return description
    }

    private static func make(families: [String], size: Double, weight: FontWeight, italic: Bool) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, families.joined(separator: ","))
        pango_font_description_set_size(description, Int32((size * Double(PANGO_SCALE)).rounded()))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight.value)))
        pango_font_description_set_style(description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }
}
