import Foundation
import Letterpress

/// One input and where its output goes.
struct Job: Codable {
    var input: String
    var output: URL
    var format: OutputFormat
    var toStandardOutput = false
    /// The notes made one PDF, in order, when there are several (`render a.md b.md -o one.pdf`).
    var mergedInputs: [String]?
    /// Why the job is not rendered (its output would be another's), reported as its input's
    /// error.
    var refusal: String?
    /// The golden check this job is, in place of a rendering (`--golden` over several notes).
    var check: GoldenCheck?
}
