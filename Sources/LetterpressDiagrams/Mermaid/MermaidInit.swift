import Foundation
import LetterpressCore
import Yams

/// Mermaid's `%%{init: {…}}%%` directive, read before the diagram: its `theme` and the
/// `themeVariables` that are colours, fonts and sizes change the diagram's look, and its
/// `gitGraph` settings a git graph's; the rest are named in a notice and ignored. The
/// directive's lines are left blank, so that errors keep the source's line numbers.
enum MermaidInit {
    /// The longest directive read: Mermaid's are a few lines.
    static let maximumBytes = 4 * 1024

    /// `source` without its directive, `style` as the directive changes it, and what it ignored.
    static func read(_ source: String, style: DiagramStyle) -> (source: String, style: DiagramStyle, notices: [String]) {
        guard let (directive, rest) = split(source) else { return (source, style, []) }
        var style = style
        var notices: [String] = []
        guard directive.utf8.count <= maximumBytes, let node = try? YAMLLoader.compose(directive), let mapping = node.mapping else {
            return (rest, style, ["its %%{init}%% directive cannot be read (a mapping such as {'theme': 'forest'}), so it is ignored"])
        }
        for (key, value) in mapping {
            switch key.string {
            case "theme":
                if let name = value.string, let preset = presets[name] { preset(&style) } else {
                    notices.append("Mermaid theme '\(Excerpt.name(value.string ?? ""))' is not one of \(presets.keys.sorted().joined(separator: ", ")): ignored")
                }
            case "themeVariables":
                var ignored: [String] = []
                for (name, setting) in value.mapping ?? [:] {
                    guard let name = name.string else { continue }
                    if !apply(name, setting.string ?? "", to: &style) { ignored.append("'\(Excerpt.name(name))'") }
                }
                if let notice = ignoredVariables(ignored) { notices.append(notice) }
            case "gitGraph":
                notices += style.gitGraph.read(value)
            default:
                notices.append("'\(Excerpt.name(key.string ?? ""))' in %%{init}%% ignored")
            }
        }
        return (rest, style, notices)
    }

    /// One notice for the theme variables a directive sets that change nothing here: public
    /// diagrams set 20 and more (a dark palette's), and a notice each buried the note's other
    /// warnings.
    private static func ignoredVariables(_ names: [String]) -> String? {
        switch names.count {
        case 0: return nil
        case 1: return "theme variable \(names[0]) ignored"
        case ...6: return "theme variables \(names.dropLast().joined(separator: ", ")) and \(names.last!) ignored"
        default: return "theme variables \(names.prefix(5).joined(separator: ", ")) and \(names.count - 5) more ignored"
        }
    }

    /// The directive's mapping (after `init:` or `initialize:`) and the source with its lines
    /// blank; nil when the first line that is not blank starts no directive.
    private static func split(_ source: String) -> (String, String)? {
        let trimmed = source.drop { $0.isWhitespace }
        guard trimmed.hasPrefix("%%{"), let end = trimmed.range(of: "}%%") else { return nil }
        var body = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 3)..<end.lowerBound].drop { $0.isWhitespace }
        for word in ["initialize", "init"] where body.hasPrefix(word) {
            body = body.dropFirst(word.count).drop { $0.isWhitespace }
            guard body.first == ":" else { return nil }
            let blanked = String(repeating: "\n", count: source[..<end.upperBound].filter { $0 == "\n" }.count)
            return (String(body.dropFirst()), blanked + source[end.upperBound...])
        }
        return nil
    }

    /// Mermaid's themes, in the colours its documentation gives them.
    private static let presets: [String: @Sendable (inout DiagramStyle) -> Void] = [
        "default": { $0.nodeFill = Color(parsing: "#ececff")!; $0.clusterFill = Color(parsing: "#ffffde")! },
        "base": { $0.nodeFill = Color(parsing: "#fff4dd")!; $0.clusterFill = Color(parsing: "#ffffde")! },
        "forest": {
            $0.nodeFill = Color(parsing: "#cde498")!; $0.clusterFill = Color(parsing: "#cdffb2")!
            $0.lineColor = Color(parsing: "#13540c")!
        },
        "neutral": {
            $0.nodeFill = Color(parsing: "#eeeeee")!; $0.clusterFill = Color(parsing: "#f4f4f4")!
            $0.lineColor = Color(parsing: "#666666")!
        },
        "dark": {
            $0.nodeFill = Color(parsing: "#1f2020")!; $0.clusterFill = Color(parsing: "#333333")!
            $0.lineColor = Color(parsing: "#cccccc")!; $0.textColor = Color(parsing: "#cccccc")!
        },
    ]

    /// Sets the style's part `name` stands for to `value`; false when it stands for none, or the
    /// value cannot be read.
    private static func apply(_ name: String, _ value: String, to style: inout DiagramStyle) -> Bool {
        switch name {
        case "primaryColor", "mainBkg", "nodeBkg":
            guard let color = Color(parsing: value) else { return false }
            style.nodeFill = color
        case "clusterBkg", "secondaryColor":
            guard let color = Color(parsing: value) else { return false }
            style.clusterFill = color
        case "lineColor", "primaryBorderColor", "nodeBorder":
            guard let color = Color(parsing: value) else { return false }
            style.lineColor = color
        case "primaryTextColor", "textColor", "nodeTextColor":
            guard let color = Color(parsing: value) else { return false }
            style.textColor = color
        case "fontFamily":
            guard let family = value.split(separator: ",").first?.trimmingCharacters(in: .init(charactersIn: " \"'")), !family.isEmpty
            else { return false }
            style.fontFamily = family
        case "fontSize":
            guard let size = Double(value.replacingOccurrences(of: "px", with: "")), (4...40).contains(size) else { return false }
            // CSS pixels to points.
            style.fontSize = size * 0.75
        default:
            guard chartColorNames.contains(name), let color = Color(parsing: value) else { return false }
            style.chartColors[name] = color
        }
        return true
    }

    /// Mermaid's theme variables for the colours of pie and gantt charts and git graphs that their
    /// layouts take: a git graph's branches (`git0`…), its highlighted commits (`gitInv0`…), its
    /// branch names (`gitBranchLabel0`…), commit labels and tags.
    static let chartColorNames: Set<String> = Set((1...12).map { "pie\($0)" } + (0..<8).flatMap { ["git\($0)", "gitInv\($0)", "gitBranchLabel\($0)"] }).union([
        "pieStrokeColor", "pieOuterStrokeColor", "pieTitleTextColor", "pieSectionTextColor", "pieLegendTextColor",
        "taskBkgColor", "taskBorderColor", "taskTextColor", "taskTextLightColor", "taskTextDarkColor", "taskTextOutsideColor",
        "activeTaskBkgColor", "activeTaskBorderColor", "doneTaskBkgColor", "doneTaskBorderColor", "critBkgColor", "critBorderColor",
        "sectionBkgColor", "sectionBkgColor2", "altSectionBkgColor", "gridColor", "excludeBkgColor", "titleColor", "vertLineColor",
        "commitLabelColor", "commitLabelBackground", "tagLabelColor", "tagLabelBackground", "tagLabelBorder",
    ])
}
