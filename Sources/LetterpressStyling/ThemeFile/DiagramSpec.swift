import Foundation
import LetterpressCore

/// How diagrams look: `diagram: {font: …, size: 0.9, lineColor: …, nodeBackgroundColor: …}`.
/// What a diagram's own source says (Graphviz attributes, Mermaid `style`) wins.
public struct DiagramSpec: Codable, Sendable {
    /// The labels' font families; the body's unless given.
    public var font: FontList?
    /// The labels' size, in multiples of the body text's, 0.25 to 4.
    public var size: Double?
    /// The labels' colour; the body's unless given.
    public var foregroundColor: Color?
    /// The colour of edges and outlines; the body's unless given.
    public var lineColor: Color?
    /// The colour inside nodes.
    public var nodeBackgroundColor: Color?
    /// The colour inside groups (subgraphs, clusters).
    public var groupBackgroundColor: Color?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case font, size, foregroundColor, lineColor, nodeBackgroundColor, groupBackgroundColor
    }

    /// Diagrams that set nothing.
    public init() {}
}
