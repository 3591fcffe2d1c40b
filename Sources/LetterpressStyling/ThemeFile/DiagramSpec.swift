import Foundation
import LetterpressCore

/// How diagrams look: `diagram: {font: …, size: 0.9, lineColor: …, nodeBackgroundColor: …}`.
/// What a diagram's own source says (Graphviz attributes, Mermaid `style`) wins.
struct DiagramSpec: Codable {
    var font: FontList?
    /// In multiples of the body text's size.
    var size: Double?
    var foregroundColor: Color?
    var lineColor: Color?
    var nodeBackgroundColor: Color?
    var groupBackgroundColor: Color?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case font, size, foregroundColor, lineColor, nodeBackgroundColor, groupBackgroundColor
    }
}
