import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

@Suite struct WarningSummaryTests {
    private func warning(_ line: Int, _ message: String, kind: String? = nil) -> Warning {
        Warning(code: kind == nil ? .undefinedVariable : .imageNotDrawn, file: "n.md", location: SourceLocation(line: line, column: 1),
                message: message, kind: kind)
    }

    @Test func pastTenOfAKindTheRestAreCountedAtTheFirstOnesPlace() {
        var warnings: [Warning] = []
        for line in 1...25 {
            warnings.append(warning(line * 2, "image 'a\(line).png' not found", kind: "images that cannot be drawn"))
            warnings.append(warning(line * 2 + 1, "no variable 'v\(line)' here"))
        }
        warnings.append(warning(60, "something else"))
        let summary = Warning.summarized(warnings)
        #expect(summary.count == 10 + 1 + 10 + 1 + 1)
        #expect(summary.map(\.location!.line) == summary.map(\.location!.line).sorted(), "in file order")
        #expect(summary[20] == warning(22, "… and 15 more images that cannot be drawn, the first here", kind: "images that cannot be drawn"))
        #expect(summary[21].message == "… and 15 more warnings like 'no variable … here', the first here")
        #expect(summary[22].message == "something else")
    }

    @Test func tenOrFewerStayAsTheyAre() {
        let warnings = (1...10).map { warning($0, "image '\($0).png' not found", kind: "images") }
        #expect(Warning.summarized(warnings) == warnings)
        let eleven = (1...11).map { warning($0, "image '\($0).png' not found", kind: "images") }
        #expect(Warning.summarized(eleven) == eleven, "a summary of one would take as much room")
    }
}
