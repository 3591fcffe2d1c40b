/// Where the layout finds characters the math font has no glyph for, such as Chinese in
/// `\text{…}`: the caller knows the system's fonts (fontconfig), the layout does not.
///
/// The layout asks only about characters the math font lacks, so a formula the math font
/// covers never calls it; it may ask about the same character many times, so an
/// implementation that searches should remember its answers.
package protocol MathFallbackFonts: Sendable {
    /// The face to draw `scalar` in, or nil when there is none (the character stays missing).
    func font(for scalar: Unicode.Scalar) -> FontFileReference?
}
