import CPangoCairo
import Foundation
import LetterpressStyling

/// Converts styled runs to a Pango attribute list.
enum PangoAttributes {
    static func list(for text: StyledText) -> OpaquePointer {
        let list = pango_attr_list_new()!
        for run in text.runs {
            for attribute in attributes(for: run.style) {
                attribute.pointee.start_index = UInt32(run.range.lowerBound)
                attribute.pointee.end_index = UInt32(run.range.upperBound)
                pango_attr_list_insert(list, attribute)
            }
        }
        return list
    }

    private static func attributes(for style: TextStyle) -> [UnsafeMutablePointer<PangoAttribute>] {
        var result: [UnsafeMutablePointer<PangoAttribute>] = [pango_attr_font_desc_new(FontDescriptionCache.shared(style))]
        result.append(pango_attr_foreground_new(channel(style.color.red), channel(style.color.green), channel(style.color.blue)))
        if style.color.alpha < 1 {
            result.append(pango_attr_foreground_alpha_new(channel(style.color.alpha)))
        }
        // Backgrounds, underlines and strikethroughs are drawn with Cairo: Pango has no dashed
        // lines, and its per-run backgrounds leave seams where runs meet.
        switch style.transform {
        case .none: break
        case .uppercase: result.append(pango_attr_text_transform_new(PANGO_TEXT_TRANSFORM_UPPERCASE))
        case .lowercase: result.append(pango_attr_text_transform_new(PANGO_TEXT_TRANSFORM_LOWERCASE))
        case .capitalize: result.append(pango_attr_text_transform_new(PANGO_TEXT_TRANSFORM_CAPITALIZE))
        }
        if let language = style.language {
            // fontconfig then prefers fonts for the language (Japanese forms of Han characters
            // for `ja`), and Pango breaks the lines by its rules.
            result.append(pango_attr_language_new(pango_language_from_string(language.description)))
        }
        if !style.features.isEmpty { result.append(pango_attr_font_features_new(style.features.joined(separator: ","))) }
        if style.tracking != 0 { result.append(pango_attr_letter_spacing_new(pangoUnits(style.tracking))) }
        if style.baselineOffset != 0 { result.append(pango_attr_rise_new(pangoUnits(style.baselineOffset))) }
        if let image = style.inlineImage {
            // The image's box on the baseline; one not loaded (nowhere to draw it) takes no room.
            var box = PangoRectangle(x: 0, y: -pangoUnits(image.height), width: pangoUnits(image.width), height: pangoUnits(image.height))
            result.append(pango_attr_shape_new(&box, &box))
        }
        if let box = style.inlineFormula?.box {
            // The formula's piece on the baseline, its depth below it: the line grows to hold both.
            var rect = PangoRectangle(x: 0, y: -pangoUnits(box.height), width: pangoUnits(box.width),
                                      height: pangoUnits(box.height + box.depth))
            result.append(pango_attr_shape_new(&rect, &rect))
        }
        return result
    }

    private static func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
    private static func pangoUnits(_ points: Double) -> Int32 { Int32((points * Double(PANGO_SCALE)).rounded()) }
}
