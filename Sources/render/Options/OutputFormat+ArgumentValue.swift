import ArgumentParser
import Letterpress

/// `--format`: `pdf`, `png` or `svg`, in any case.
extension OutputFormat: ArgumentValue {
    init(argumentText text: String) throws {
        guard let format = OutputFormat(rawValue: text.lowercased()) else {
            throw ValidationError("unknown format '\(text)' (use \(OutputFormat.list()))")
        }
        self = format
    }
}
