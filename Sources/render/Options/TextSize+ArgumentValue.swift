import ArgumentParser
import Letterpress

/// `--text-size`: a Dynamic Type category, spelt as Apple spells it.
extension TextSize: ArgumentValue {
    init(argumentText text: String) throws {
        guard let size = TextSize(rawValue: text) else {
            let names = TextSize.allCases.map(\.rawValue)
            throw ValidationError("unknown --text-size '\(text)'" + Hint.suggestion(for: text, among: names)
                + " (one of \(names.joined(separator: ", ")))")
        }
        self = size
    }
}
