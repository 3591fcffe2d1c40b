import ArgumentParser
import Foundation
import Letterpress

/// How warnings and errors are printed (`--diagnostic-format`): as compilers do
/// (`file:line:col: error: …`), one JSON object a line, or as GitHub Actions' workflow commands,
/// which it shows on the lines of the files they name.
enum DiagnosticFormat: String, CaseIterable, Codable, ExpressibleByArgument {
    case text, json, github

    /// `diagnostic` as one line, its control characters written as escapes in text form.
    func line(_ diagnostic: Diagnostic) -> String {
        switch self {
        case .text:
            let place = diagnostic.file.map { file in diagnostic.location.map { "\(file):\($0): " } ?? "\(file): " } ?? ""
            return Excerpt.cleaned("\(place)\(diagnostic.severity.rawValue): \(diagnostic.message)")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let object = JSONLine(severity: diagnostic.severity.rawValue, file: diagnostic.file, line: diagnostic.location?.line,
                                  column: diagnostic.location?.column, message: diagnostic.message, code: diagnostic.code)
            return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        case .github:
            var properties: [String] = []
            if let file = diagnostic.file { properties.append("file=" + Self.escapedProperty(file)) }
            if let location = diagnostic.location {
                properties += ["line=\(location.line)", "col=\(location.column)"]
            }
            let head = properties.isEmpty ? "" : " " + properties.joined(separator: ",")
            return "::\(diagnostic.severity.rawValue)\(head)::" + Self.escapedData(diagnostic.message)
        }
    }

    private struct JSONLine: Encodable {
        var severity: String
        var file: String?
        var line: Int?
        var column: Int?
        var message: String
        /// Left out when there is none, as are the other optional keys.
        var code: String?
    }

    /// A workflow command's message, as GitHub's toolkit escapes it.
    private static func escapedData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value, which also ends at `:` and `,`.
    private static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
