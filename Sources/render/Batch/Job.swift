import Foundation
import Letterpress

/// One input and where its output goes.
struct Job: Codable {
    var input: String
    var output: URL
    var format: OutputFormat
    var toStandardOutput = false
    /// Why the job is not rendered (its output would be another's), reported as its failure.
    var refusal: String?
}
