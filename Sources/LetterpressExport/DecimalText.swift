import Foundation

/// Numbers as the PDF's link rectangles, destinations and outline write them.
enum DecimalText {
    /// `value` as printf's `%.2f` writes it (the C locale's point): its exact binary value
    /// rounded to hundredths, half to even. `String(format:)` took some 30,000 instructions a
    /// call, and a book's links and outline made thousands of them.
    static func twoPlaces(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%.2f", value) }
        let scaled = value * 100
        var hundredths = scaled.rounded(.toNearestOrEven)
        // A product that lands on a half may have been rounded onto it: the exact error of the
        // multiplication says which side the value was on.
        if abs(scaled - hundredths) == 0.5 {
            let error = (-scaled).addingProduct(value, 100)
            if error > 0 { hundredths = scaled.rounded(.up) } else if error < 0 { hundredths = scaled.rounded(.down) }
        }
        let magnitude = Int64(abs(hundredths))
        let fraction = magnitude % 100
        return (value.sign == .minus ? "-" : "") + String(magnitude / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }

    /// A non-negative `value` as printf's `%010ld` writes it: at least ten digits, zeros in
    /// front, as a cross-reference entry's offset. `String(format:)` cost every tagged PDF some
    /// 0.4M instructions, most of them the runtime looking up its arguments' conformances.
    static func tenDigits(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 10 - digits.utf8.count)) + digits
    }
}
