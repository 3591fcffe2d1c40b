import Foundation
import Letterpress

/// What a worker process needs to know besides its jobs.
struct WorkerOptions: Codable {
    var render: RenderOptions
    var fontDirectories: [String]
    var isolatedFonts: Bool
    var quiet: Bool
    var budget: DocumentBudget
}
