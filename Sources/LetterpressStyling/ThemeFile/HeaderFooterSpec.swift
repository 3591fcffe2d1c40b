import Foundation

/// Three templates (`{page}`, `{pages}`, `{title}`, `{author}`, `{date}`) and their style.
struct HeaderFooterSpec: Codable {
    var left: String?
    var center: String?
    var right: String?
    var style: StyleSpec?
    var firstPage: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case left, center, right, style, firstPage
    }
}
