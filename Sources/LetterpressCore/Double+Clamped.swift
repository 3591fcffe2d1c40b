extension Double {
    /// The value within `range`; NaN, which compares false with everything, becomes its lower
    /// bound. For quotients about to become `Int`s, whose conversion traps out of range.
    package func clamped(to range: ClosedRange<Double>) -> Double {
        self >= range.lowerBound ? min(self, range.upperBound) : range.lowerBound
    }
}
