import Foundation
import LetterpressCore

/// Mermaid's pie chart syntax (`pie`), as its documentation gives it: `pie`, then `showData`
/// and a `title` (on the first line or a line of its own), then a `"label" : value` line a
/// slice. Each line is read once, so the work is linear in the source's length.
package enum PieParser {
    /// More slices than a legend or a disc shows legibly.
    static let maximumSlices = 100

    /// The pie chart `source` describes, or what is wrong with it and on which line.
    package static func parse(_ source: String) -> Result<PieChart, DiagramError> {
        if let error = MermaidSource.sizeError(source) { return .failure(error) }
        let (title, lines) = MermaidSource.read(source)
        guard let header = lines.first else { return .failure(DiagramError("the diagram is empty: expected 'pie'", line: 1)) }
        var chart = PieChart()
        chart.title = title
        if let error = readHeader(header, into: &chart) { return .failure(error) }
        var labels: Set<String> = []
        var inDescription = false
        for line in lines.dropFirst() {
            if inDescription {
                inDescription = !line.text.contains("}")
                continue
            }
            let keyword = line.text.prefix { !$0.isWhitespace && $0 != ":" && $0 != "{" }
            switch keyword {
            case "title":
                chart.title = String(line.text.dropFirst(keyword.count)).trimmingCharacters(in: .whitespaces)
            case "showData":
                chart.showData = true
            case "accTitle", "accDescr":
                // Accessibility text: a reader of the page has the picture itself.
                inDescription = keyword == "accDescr" && line.text.contains("{") && !line.text.contains("}")
            default:
                switch slice(line) {
                case let .success(slice):
                    guard chart.slices.count < maximumSlices else {
                        return .failure(DiagramError("more than \(maximumSlices) slices", line: line.number))
                    }
                    // As in Mermaid, a label given twice keeps its first value.
                    if labels.insert(slice.label).inserted { chart.slices.append(slice) }
                case let .failure(error):
                    return .failure(error)
                }
            }
        }
        guard !chart.slices.isEmpty else {
            return .failure(DiagramError("the pie chart has no slices: expected lines such as '\"Dogs\" : 386'", line: header.number))
        }
        guard chart.total > 0, chart.total.isFinite else {
            return .failure(DiagramError("the slices' values add up to \(chart.total > 0 ? "more than a number can hold" : "0"): nothing to draw",
                                         line: header.number))
        }
        return .success(chart)
    }

    /// `pie`, then `showData` and `title …`, each optional.
    private static func readHeader(_ header: MermaidSource.Line, into chart: inout PieChart) -> DiagramError? {
        var rest = Substring(header.text)
        let type = rest.prefix { !$0.isWhitespace }
        guard type == "pie" else {
            return DiagramError("expected 'pie', found \(Excerpt.quoted(type))", line: header.number)
        }
        rest = rest.dropFirst(type.count).drop { $0.isWhitespace }
        if rest.hasPrefix("showData"), rest.dropFirst("showData".count).first?.isWhitespace ?? true {
            chart.showData = true
            rest = rest.dropFirst("showData".count).drop { $0.isWhitespace }
        }
        if rest.isEmpty { return nil }
        guard rest.hasPrefix("title"), rest.dropFirst("title".count).first?.isWhitespace ?? true else {
            return DiagramError("expected 'showData' or 'title …' after 'pie', found \(Excerpt.quoted(rest))", line: header.number)
        }
        chart.title = rest.dropFirst("title".count).trimmingCharacters(in: .whitespaces)
        return nil
    }

    /// `"label" : value`, the label in double or single quotes, the value a decimal number.
    private static func slice(_ line: MermaidSource.Line) -> Result<PieChart.Slice, DiagramError> {
        let text = Substring(line.text)
        guard let quote = text.first, quote == "\"" || quote == "'" else {
            return .failure(DiagramError("expected a slice ('\"label\" : value'), 'title …' or 'showData', found \(Excerpt.quoted(text))",
                                         line: line.number))
        }
        let body = text.dropFirst()
        guard let close = body.firstIndex(of: quote) else {
            return .failure(DiagramError("the label \(Excerpt.quoted(text)) has no closing \(quote)", line: line.number))
        }
        let label = String(body[..<close])
        let rest = body[body.index(after: close)...].drop { $0.isWhitespace }
        guard rest.first == ":" else {
            return .failure(DiagramError("expected ':' and a value after the label \(Excerpt.quoted(label))", line: line.number))
        }
        let number = rest.dropFirst().trimmingCharacters(in: .whitespaces)
        guard let value = decimal(number) else {
            if number.hasPrefix("-"), decimal(String(number.dropFirst())) != nil {
                return .failure(DiagramError("\(Excerpt.quoted(label)) has a negative value (\(Excerpt.cleaned(number, maximumLength: 30))): a slice's value is 0 or more",
                                             line: line.number))
            }
            return .failure(DiagramError("expected a number after \(Excerpt.quoted(label)) :, found \(Excerpt.quoted(number))", line: line.number))
        }
        return .success(PieChart.Slice(label: SequenceParser.decodingEntities(label), value: value))
    }

    /// Digits with an optional fraction (`386`, `42.96`), as Mermaid's grammar reads a value.
    static func decimal(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        if parts.count == 2, parts[1].isEmpty || !parts[1].allSatisfy(\.isASCIIDigit) { return nil }
        return Double(text)
    }
}

extension Character {
    /// 0 to 9, and no other script's digits.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
