import ArgumentParser
import Foundation

/// `--tolerance`: the share of pixels allowed to differ, written as a fraction (0.002) or a
/// percentage (0.2%).
struct Tolerance: ArgumentValue {
    /// 0…1.
    var fraction: Double

    init(argumentText text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value = trimmed.hasSuffix("%") ? Double(trimmed.dropLast()).map { $0 / 100 } : Double(trimmed)
        guard let value, (0...1).contains(value) else {
            throw ValidationError("--tolerance must be a fraction from 0 to 1, or a percentage")
        }
        fraction = value
    }
}
