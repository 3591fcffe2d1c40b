/// The MathConstants of an OpenType MATH table, numbered as HarfBuzz numbers them
/// (`hb_ot_math_constant_t`): distances in font units, except the three percentages.
package enum MathConstant: Int, CaseIterable, Sendable {
    case scriptPercentScaleDown = 0
    case scriptScriptPercentScaleDown
    case delimitedSubFormulaMinHeight
    case displayOperatorMinHeight
    case mathLeading
    case axisHeight
    case accentBaseHeight
    case flattenedAccentBaseHeight
    case subscriptShiftDown
    case subscriptTopMax
    case subscriptBaselineDropMin
    case superscriptShiftUp
    case superscriptShiftUpCramped
    case superscriptBottomMin
    case superscriptBaselineDropMax
    case subSuperscriptGapMin
    case superscriptBottomMaxWithSubscript
    case spaceAfterScript
    case upperLimitGapMin
    case upperLimitBaselineRiseMin
    case lowerLimitGapMin
    case lowerLimitBaselineDropMin
    case stackTopShiftUp
    case stackTopDisplayStyleShiftUp
    case stackBottomShiftDown
    case stackBottomDisplayStyleShiftDown
    case stackGapMin
    case stackDisplayStyleGapMin
    case stretchStackTopShiftUp
    case stretchStackBottomShiftDown
    case stretchStackGapAboveMin
    case stretchStackGapBelowMin
    case fractionNumeratorShiftUp
    case fractionNumeratorDisplayStyleShiftUp
    case fractionDenominatorShiftDown
    case fractionDenominatorDisplayStyleShiftDown
    case fractionNumeratorGapMin
    case fractionNumDisplayStyleGapMin
    case fractionRuleThickness
    case fractionDenominatorGapMin
    case fractionDenomDisplayStyleGapMin
    case skewedFractionHorizontalGap
    case skewedFractionVerticalGap
    case overbarVerticalGap
    case overbarRuleThickness
    case overbarExtraAscender
    case underbarVerticalGap
    case underbarRuleThickness
    case underbarExtraDescender
    case radicalVerticalGap
    case radicalDisplayStyleVerticalGap
    case radicalRuleThickness
    case radicalExtraAscender
    case radicalKernBeforeDegree
    case radicalKernAfterDegree
    case radicalDegreeBottomRaisePercent

    /// Whether the value is a percentage rather than a distance, so it does not scale with size.
    package var isPercentage: Bool {
        self == .scriptPercentScaleDown || self == .scriptScriptPercentScaleDown || self == .radicalDegreeBottomRaisePercent
    }
}
