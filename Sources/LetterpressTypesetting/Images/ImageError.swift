import Foundation
import LetterpressCore

/// Why an image cannot be shown.
package enum ImageError: Error, CustomStringConvertible {
    case missing
    case notAFile
    case remote
    case outsideSandbox
    case tooLarge(width: Int, height: Int)
    case unreadable(String)

    package var description: String {
        switch self {
        case .missing: return "not found"
        case .notAFile: return "not a regular file"
        case .remote: return "remote images are not fetched"
        case .outsideSandbox: return "lies outside the note's folder (\(OptionWords.sandbox))"
        case let .tooLarge(width, height): return "too large (\(width) × \(height) pixels)"
        case let .unreadable(reason): return "cannot be read (\(reason))"
        }
    }
}
