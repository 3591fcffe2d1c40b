import Foundation
import LetterpressCore

/// Graphviz's SVG split into its drawing and its text. librsvg draws text as outlines, which
/// a reader can neither select nor search, so the page draws the labels itself. Graphviz
/// writes each `<text>` element on a line of its own, inside one group whose transform is
/// `scale(s s) rotate(0) translate(x y)`, in units of `viewBox`, sized in points by `width`.
enum SVGLabels {
    static func split(_ svg: String) -> DiagramDrawing? {
        guard let root = svg.firstMatch(of: #/<svg width="([\d.]+)pt" height="([\d.]+)pt"\s+viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/#),
              let width = Double(root.1), let height = Double(root.2), let boxWidth = Double(root.3), let boxHeight = Double(root.4),
              width > 0, height > 0, boxWidth > 0, boxHeight > 0 else { return nil }
        var scale = 1.0
        var translation = (x: 0.0, y: 0.0)
        if let group = svg.firstMatch(of: #/<g id="graph0" class="graph" transform="scale\(([-\d.]+) ([-\d.]+)\) rotate\(0\) translate\(([-\d.]+) ([-\d.]+)\)"/#) {
            scale = Double(group.1) ?? 1
            translation = (Double(group.3) ?? 0, Double(group.4) ?? 0)
        }
        let (toPointsX, toPointsY) = (width / boxWidth * scale, height / boxHeight * scale)
        var labels: [DiagramLabel] = []
        var kept = ""
        kept.reserveCapacity(svg.utf8.count)
        for line in svg.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("<text "), let element = line.firstMatch(of: #/^<text ([^>]*)>(.*)</text>$/#) else {
                kept += line
                kept += "\n"
                continue
            }
            var attributes: [Substring: Substring] = [:]
            for match in element.1.matches(of: #/([\w-]+)="([^"]*)"/#) { attributes[match.1] = match.2 }
            guard let x = attributes["x"].flatMap({ Double($0) }), let y = attributes["y"].flatMap({ Double($0) }) else { continue }
            let anchor: DiagramLabel.Anchor = attributes["text-anchor"] == "start" ? .start : attributes["text-anchor"] == "end" ? .end : .middle
            let family = attributes["font-family"].map { String($0.split(separator: ",").first ?? $0) } ?? "sans-serif"
            labels.append(DiagramLabel(text: unescaped(element.2), x: (x + translation.x) * toPointsX, y: (y + translation.y) * toPointsY,
                                       anchor: anchor, fontFamily: family,
                                       fontSize: (attributes["font-size"].flatMap { Double($0) } ?? 14) * toPointsY,
                                       color: attributes["fill"].flatMap { Color(parsing: String($0)) } ?? .black,
                                       bold: attributes["font-weight"] == "bold", italic: attributes["font-style"] == "italic",
                                       underline: attributes["text-decoration"] == "underline"))
        }
        return DiagramDrawing(svg: Data(kept.utf8), labels: labels, width: width, height: height)
    }

    /// XML's escapes, as Graphviz writes them (`&amp;`, `&#45;`, `&#x2014;`…), as characters.
    static func unescaped(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let tail = rest[ampersand...]
            guard let semicolon = tail.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = tail.dropFirst()
                continue
            }
            let name = tail[tail.index(after: ampersand)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
            if let value = named[String(name)] {
                result += value
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                      let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += tail[...semicolon]
            }
            rest = tail[tail.index(after: semicolon)...]
        }
        return result + rest
    }
}
