import Foundation
import Testing
@testable import LetterpressExport

/// The PDF's coordinates are written as printf's `%.2f` writes them, without `String(format:)`.
struct DecimalTextTests {
    private static func printf(_ value: Double) -> String { String(format: "%.2f", value) }

    @Test func halvesRoundToEvenOnTheExactValue() {
        // 0.125 and 0.375 are exact halves; 1.005 and 2.675 are just below theirs, 1.015 just above.
        for value in [0.125, 0.375, -0.125, 1.005, 2.675, 1.015, 0.005, 0.015, 0.025, 1e14 + 0.125, 1e14 + 0.375] {
            #expect(DecimalText.twoPlaces(value) == Self.printf(value), "\(value)")
        }
    }

    @Test func signsZerosAndWholeNumbers() {
        for value in [0.0, -0.0, -0.001, 0.004999, 5, -5, 12.5, 99.995, 999.999, 0.01, -0.01, 1e-300, 123456789012.34] {
            #expect(DecimalText.twoPlaces(value) == Self.printf(value), "\(value)")
        }
        #expect(DecimalText.twoPlaces(-0.001) == "-0.00")
        #expect(DecimalText.twoPlaces(842.36) == "842.36")
    }

    @Test func whatPrintfCannotRoundHereItStillWrites() {
        for value in [1e15, -3e20, .infinity, -.infinity, .nan, .greatestFiniteMagnitude] {
            #expect(DecimalText.twoPlaces(value) == Self.printf(value), "\(value)")
        }
    }

    @Test func agreesWithPrintfOnManyValues() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            // Page coordinates, quarter-point steps (exact halves among them) and any double near them.
            let value = [Double.random(in: -2_000...2_000, using: &generator),
                         Double(Int.random(in: -80_000...80_000, using: &generator)) / 40,
                         Double(Int.random(in: -400_000...400_000, using: &generator)) / 1_000 + Double.random(in: -1e-9...1e-9, using: &generator)]
                .randomElement(using: &generator)!
            #expect(DecimalText.twoPlaces(value) == Self.printf(value), "\(value)")
        }
    }

    /// The cross-reference entries of the tagged PDF's update write their offsets as `%010ld`.
    @Test func offsetsHaveTenDigitsAsPrintfWritesThem() {
        for value in [0, 7, 1_234, 999_999_999, 1_000_000_000, 9_999_999_999, 12_345_678_901, Int.max] {
            #expect(DecimalText.tenDigits(value) == String(format: "%010ld", value), "\(value)")
        }
        #expect(DecimalText.tenDigits(43_177) == "0000043177")
    }
}
