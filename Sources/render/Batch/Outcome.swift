import Foundation
import Letterpress

/// What rendering one job gave: its page count when it rendered, and the lines for standard
/// error.
struct Outcome: Codable {
    var pages: Int?
    var messages: [String]
    var timings = Timings()
}
