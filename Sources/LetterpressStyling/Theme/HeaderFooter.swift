import Foundation
import LetterpressCore
import LetterpressMarkup

/// Running header or footer: three templates and their style.
package struct HeaderFooter: Sendable, Encodable {
    package var left: String
    package var center: String
    package var right: String
    package var style: TextStyle
    /// Whether it also appears on the first page.
    package var firstPage: Bool
    /// The theme file the templates come from, and where each (`left`, `center`, `right`) is
    /// written in it, for warnings about their variables.
    package var file = "theme"
    package var locations: [String: SourceLocation] = [:]

    private enum CodingKeys: String, CodingKey {
        case left, center, right, style, firstPage
    }

    /// The templates by their key.
    package var templates: [(key: String, template: String)] {
        [("left", left), ("center", center), ("right", right)]
    }

    /// Whether a template shows `placeholder` (`{pages}`, `{date}`).
    package func shows(_ placeholder: String) -> Bool {
        [left, center, right].contains { $0.contains(placeholder) }
    }

    /// `template` filled in one pass: each `{{…}}` from `variables` (by what is inside the
    /// braces, already formatted), each `{name}` from `placeholders`; anything else (an
    /// undefined `{{…}}` whole), and the values put in, as written.
    package static func filled(_ template: String, placeholders: [String: String], variables: [String: String]) -> String {
        guard template.contains("{") else { return template }
        let bytes = Array(template.utf8)
        var result = ""
        var position = 0
        for reference in VariableValues.references(in: template) {
            result += placeholdersFilled(String(decoding: bytes[position..<reference.range.lowerBound], as: UTF8.self), placeholders)
            result += variables[reference.inside] ?? String(decoding: bytes[reference.range], as: UTF8.self)
            position = reference.range.upperBound
        }
        return result + placeholdersFilled(String(decoding: bytes[position...], as: UTF8.self), placeholders)
    }

    /// `text` with each `{name}` from `placeholders`.
    private static func placeholdersFilled(_ text: String, _ placeholders: [String: String]) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            rest = rest[open...]
            if let close = rest.firstIndex(of: "}"), let value = placeholders[String(rest[rest.index(after: open)..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
