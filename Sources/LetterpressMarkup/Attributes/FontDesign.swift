import Foundation

/// The design of a font family, as SwiftUI's `Font.Design`.
public enum FontDesign: String, Codable, CodingKeyRepresentable, Sendable, CaseIterable {
    case `default`, serif, monospaced, rounded
}
