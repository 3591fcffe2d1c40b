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

    /// This colour with its hue turned by `hue` degrees and `saturation` and `lightness` moved by
    /// as many percentage points, in HSL: how Mermaid derives a theme's colours from its first
    /// ones (khroma's `adjust`), so that the same steps derive them from the page's theme.
    func adjusted(hue: Double = 0, saturation: Double = 0, lightness: Double = 0) -> Color {
        let old = hsl
        return Color(hue: old.hue + hue, saturation: min(1, max(0, old.saturation + saturation / 100)),
                     lightness: min(1, max(0, old.lightness + lightness / 100)), alpha: alpha)
    }

    /// The colour's hue in degrees (0 ..< 360; 0 for a grey), saturation and lightness (0…1).
    var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let high = max(red, green, blue), low = min(red, green, blue)
        let lightness = (high + low) / 2
        guard high > low else { return (0, 0, lightness) }
        let range = high - low
        let saturation = lightness > 0.5 ? range / (2 - high - low) : range / (high + low)
        let sector: Double
        switch high {
        case red: sector = (green - blue) / range + (green < blue ? 6 : 0)
        case green: sector = (blue - red) / range + 2
        default: sector = (red - green) / range + 4
        }
        return (sector * 60, saturation, lightness)
    }

    /// The colour of hue `hue` degrees (any number: it turns), `saturation` and `lightness` (0…1).
    init(hue: Double, saturation: Double, lightness: Double, alpha: Double = 1) {
        var hue = hue.truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let x = chroma * (1 - abs((hue / 60).truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch hue {
        case ..<60: (r, g, b) = (chroma, x, 0)
        case ..<120: (r, g, b) = (x, chroma, 0)
        case ..<180: (r, g, b) = (0, chroma, x)
        case ..<240: (r, g, b) = (0, x, chroma)
        case ..<300: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        self.init(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }
}
