import LetterpressCore

/// Colours by hue, saturation and lightness, as Mermaid's themes derive theirs.
extension Color {
    /// The colour of `hue` (degrees, any number of turns), `saturation` and `lightness` (0…1).
    init(hue: Double, saturation: Double, lightness: Double) {
        let hue = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let second = chroma * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double)
        switch hue {
        case ..<1: (red, green, blue) = (chroma, second, 0)
        case ..<2: (red, green, blue) = (second, chroma, 0)
        case ..<3: (red, green, blue) = (0, chroma, second)
        case ..<4: (red, green, blue) = (0, second, chroma)
        case ..<5: (red, green, blue) = (second, 0, chroma)
        default: (red, green, blue) = (chroma, 0, second)
        }
        let lift = lightness - chroma / 2
        self.init(red: red + lift, green: green + lift, blue: blue + lift)
    }

    /// The colour's hue in degrees (0 for greys), saturation and lightness (0…1).
    var hueSaturationLightness: (hue: Double, saturation: Double, lightness: Double) {
        let high = max(red, green, blue), low = min(red, green, blue)
        let lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else { return (0, 0, lightness) }
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        let hue: Double
        switch high {
        case red: hue = ((green - blue) / chroma).truncatingRemainder(dividingBy: 6)
        case green: hue = (blue - red) / chroma + 2
        default: hue = (red - green) / chroma + 4
        }
        return ((hue * 60 + 360).truncatingRemainder(dividingBy: 360), saturation, lightness)
    }
}
