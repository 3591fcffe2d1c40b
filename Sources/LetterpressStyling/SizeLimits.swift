import Foundation

/// The smallest and largest text size an element or custom style allows (`minSize`,
/// `maxSize`, in points), as StyledTextKit's minimum and maximum sizes: a size set inline
/// (`size:`, `textStyle:`) is kept within them.
package struct SizeLimits: Sendable, Hashable, Encodable {
    package var minimum: Double?
    package var maximum: Double?

    /// Limits of `minimum` and `maximum`; nil when neither is given.
    init?(minimum: Double?, maximum: Double?) {
        guard minimum != nil || maximum != nil else { return nil }
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `size` within the limits; the maximum wins should the two cross.
    func clamped(_ size: Double) -> Double {
        var size = size
        if let minimum { size = max(size, minimum) }
        if let maximum { size = min(size, maximum) }
        return size
    }

    /// These limits narrowed by `minimum` and `maximum`: a custom style inside an element
    /// keeps within both.
    func narrowed(minimum: Double?, maximum: Double?) -> SizeLimits {
        var limits = self
        if let minimum { limits.minimum = max(limits.minimum ?? minimum, minimum) }
        if let maximum { limits.maximum = min(limits.maximum ?? maximum, maximum) }
        return limits
    }
}
