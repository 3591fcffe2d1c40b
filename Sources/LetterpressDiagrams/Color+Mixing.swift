import LetterpressCore

/// Colours derived from the style's, for the parts of a drawing the style does not name.
extension Color {
    /// This colour moved `share` (0…1) of the way to `other`.
    func mixed(with other: Color, _ share: Double) -> Color {
        Color(red: red + (other.red - red) * share, green: green + (other.green - green) * share,
              blue: blue + (other.blue - blue) * share, alpha: alpha + (other.alpha - alpha) * share)
    }

    /// This colour at opacity `alpha`.
    func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Roughly how light the colour looks, 0 (black) to 1 (white).
    var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
}
