import Foundation
import Letterpress

/// What rendering one job gave: its page count when it rendered, and its warnings and errors.
struct Outcome: Codable {
    var pages: Int?
    var diagnostics: [Diagnostic]
    /// What the job's golden check said, when it was one.
    var golden: GoldenReport?
    var timings = Timings()
}
