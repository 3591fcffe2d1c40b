import CHarfBuzz

/// A corner of a glyph where the MATH table's kerning lets a script cut in.
package enum MathKernCorner: Sendable, CaseIterable {
    case topRight
    case topLeft
    case bottomRight
    case bottomLeft

    /// HarfBuzz's name for the corner.
    var harfBuzz: hb_ot_math_kern_t {
        switch self {
        case .topRight: return HB_OT_MATH_KERN_TOP_RIGHT
        case .topLeft: return HB_OT_MATH_KERN_TOP_LEFT
        case .bottomRight: return HB_OT_MATH_KERN_BOTTOM_RIGHT
        case .bottomLeft: return HB_OT_MATH_KERN_BOTTOM_LEFT
        }
    }
}
