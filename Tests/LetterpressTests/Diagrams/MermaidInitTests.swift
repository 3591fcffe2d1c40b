import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// `%%{init: {…}}%%`: Mermaid's theme and the theme variables that are colours, fonts and sizes
/// change the look; others are named and ignored; the directive's lines stay lines.
struct MermaidInitTests {
    private let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: Color(parsing: "#222222")!,
                                     lineColor: Color(parsing: "#222222")!)

    /// A dark palette of 20 variables is one notice, not 20 warnings that bury the note's others.
    @Test(arguments: [(1, "theme variable 'v0' ignored"), (3, "theme variables 'v0', 'v1' and 'v2' ignored"),
                      (20, "theme variables 'v0', 'v1', 'v2', 'v3', 'v4' and 15 more ignored")])
    func ignoredVariablesAreOneNotice(count: Int, notice: String) {
        let variables = (0..<count).map { "'v\($0)': '#123456'" }.joined(separator: ", ")
        let (_, _, notices) = MermaidInit.read("%%{init: {'themeVariables': {\(variables)}}}%%\nflowchart LR\n  a --> b\n", style: style)
        #expect(notices == [notice])
    }

    @Test func themeAndVariablesChangeTheLook() {
        let source = "%%{init: {'theme': 'forest', 'themeVariables': {'primaryColor': '#ff0000', 'fontSize': '16px', 'noteBkgColor': '#fff'}}}%%\nflowchart LR\n  a --> b\n"
        let (rest, read, notices) = MermaidInit.read(source, style: style)
        #expect(read.nodeFill == Color(parsing: "#ff0000"), "a variable wins over the theme")
        #expect(read.clusterFill == Color(parsing: "#cdffb2") && read.lineColor == Color(parsing: "#13540c"), "forest's")
        #expect(read.fontSize == 12)
        #expect(notices == ["theme variable 'noteBkgColor' ignored"])
        #expect(rest.hasPrefix("\nflowchart LR"), "the directive's line stays, blank")
    }

    @Test func aDirectiveOverSeveralLinesKeepsTheLineNumbers() {
        let source = "%%{\n  init: {\n    \"theme\": \"dark\"\n  }\n}%%\nflowchart TD\n  a --> b\n"
        let (rest, read, notices) = MermaidInit.read(source, style: style)
        #expect(rest.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "flowchart TD") == 5)
        #expect(read.textColor == Color(parsing: "#cccccc") && notices.isEmpty)
    }

    @Test func unknownThemesKeysAndUnreadableDirectivesAreNoticesNotErrors() {
        let (_, unknown, notices) = MermaidInit.read("%%{init: {'theme': 'sunset', 'flowchart': {'curve': 'basis'}}}%%\nflowchart LR\n", style: style)
        #expect(unknown == style)
        #expect(notices == ["Mermaid theme 'sunset' is not one of base, dark, default, forest, neutral: ignored", "'flowchart' in %%{init}%% ignored"])
        let (rest, _, broken) = MermaidInit.read("%%{init: {'theme': }%%\nflowchart LR\n", style: style)
        #expect(broken.count == 1 && broken[0].contains("cannot be read") && rest.hasPrefix("\nflowchart"))
        let (untouched, same, none) = MermaidInit.read("flowchart LR\n%%{init: {'theme': 'dark'}}%%\n", style: style)
        #expect(untouched.hasPrefix("flowchart LR") && same == style && none.isEmpty, "only a directive before the diagram is read")
    }

    @Test func gitGraphSettingsAndColoursAreRead() {
        let source = "%%{init: {'gitGraph': {'showBranches': false, 'mainBranchName': 'trunk', 'mainBranchOrder': 2, 'showCommitLabel': 'maybe', 'curve': 1}, 'themeVariables': {'git3': '#ff0000', 'commitLabelBackground': 'white', 'git9': '#000'}}}%%\ngitGraph\n"
        let (_, read, notices) = MermaidInit.read(source, style: style)
        #expect(!read.gitGraph.showBranches && read.gitGraph.showCommitLabel && read.gitGraph.mainBranchName == "trunk")
        #expect(read.gitGraph.mainBranchOrder == 2)
        #expect(read.chartColors == ["git3": Color(parsing: "#ff0000")!, "commitLabelBackground": .white])
        #expect(Set(notices) == ["gitGraph setting 'showCommitLabel' is not true or false: ignored", "gitGraph setting 'curve' ignored",
                                 "theme variable 'git9' ignored"])
    }
}
