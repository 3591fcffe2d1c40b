import Foundation
import Letterpress

/// What a batch did.
struct BatchSummary {
    var rendered = 0
    var failed = 0
    var pages = 0
    var seconds = 0.0
    var timings = Timings()
}
