import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// Mermaid's pie chart syntax, as its documentation and tests write it, and the mistakes it
/// refuses at their line.
@Suite struct PieParserTests {
    private func chart(_ source: String) throws -> PieChart {
        try PieParser.parse(source).get()
    }

    private func error(_ source: String) -> DiagramError? {
        if case let .failure(error) = PieParser.parse(source) { return error }
        return nil
    }

    @Test func slicesInSourceOrderWithATitleOnTheFirstLine() throws {
        let chart = try chart("pie title Pets adopted by volunteers\n    \"Dogs\" : 386\n    \"Cats\" : 85\n    \"Rats\" : 15")
        #expect(chart.title == "Pets adopted by volunteers")
        #expect(chart.slices == [.init(label: "Dogs", value: 386), .init(label: "Cats", value: 85), .init(label: "Rats", value: 15)])
        #expect(!chart.showData && chart.total == 486)
    }

    @Test func showDataATitleOnItsOwnLineDecimalsAndComments() throws {
        let chart = try chart("pie showData\n    title Key elements in Product X\n    %% a comment\n    \"Calcium\" : 42.96\n    'Potassium':50.05\n    \"Iron\" :  5 %% trailing")
        #expect(chart.showData && chart.title == "Key elements in Product X")
        #expect(chart.slices.map(\.label) == ["Calcium", "Potassium", "Iron"])
        #expect(chart.slices.map(\.value) == [42.96, 50.05, 5])
    }

    @Test func showDataAndTitleTogetherAndTheFrontMattersTitle() throws {
        #expect(try chart("pie showData title Both\n\"a\" : 1").title == "Both")
        #expect(try chart("pie showData title Both\n\"a\" : 1").showData)
        #expect(try chart("---\ntitle: From front matter\n---\npie\n\"a\" : 1").title == "From front matter")
    }

    @Test func zeroIsAValueAndARepeatedLabelKeepsItsFirstValue() throws {
        let chart = try chart("pie\n\"dogs\" : 0\n\"rats\" : 40.12\n\"dogs\" : 7")
        #expect(chart.slices == [.init(label: "dogs", value: 0), .init(label: "rats", value: 40.12)])
    }

    @Test func accessibilityTextIsSkipped() throws {
        let chart = try chart("pie title a neat chart\naccTitle: a neat acc title\naccDescr {\n  a neat description\n  \"on\" : 3\n}\n\"ash\" : 60\naccDescr: one line")
        #expect(chart.slices.map(\.label) == ["ash"])
    }

    @Test func entityCodesInLabels() throws {
        #expect(try chart("pie\n\"I #9829; pie\" : 1").slices[0].label == "I ♥ pie")
    }

    @Test(arguments: [
        ("pie\n\"dogs\" : -60.67\n\"rats\" : 40.12", 2, "'dogs' has a negative value (-60.67): a slice's value is 0 or more"),
        ("pie\n\"dogs\" : many", 2, "expected a number after 'dogs' :, found 'many'"),
        ("pie\n\"dogs\" : 1.2.3", 2, "expected a number after 'dogs' :, found '1.2.3'"),
        ("pie\n\"dogs\" : 1e3", 2, "expected a number after 'dogs' :, found '1e3'"),
        ("pie\n\"dogs\" 5", 2, "expected ':' and a value after the label 'dogs'"),
        ("pie\n\"dogs : 5", 2, "the label '\"dogs : 5' has no closing \""),
        ("pie\ndogs : 5", 2, "expected a slice ('\"label\" : value'), 'title …' or 'showData', found 'dogs : 5'"),
        ("pie sideways\n\"a\" : 1", 1, "expected 'showData' or 'title …' after 'pie', found 'sideways'"),
        ("pie title Nothing", 1, "the pie chart has no slices: expected lines such as '\"Dogs\" : 386'"),
        ("pie\n\"a\" : 0\n\"b\" : 0", 1, "the slices' values add up to 0: nothing to draw"),
        ("\n\npies\n\"a\" : 1", 3, "expected 'pie', found 'pies'"),
    ])
    func mistakesAreErrorsAtTheirLine(_ source: String, _ line: Int, _ message: String) {
        #expect(error(source) == DiagramError(message, line: line))
    }

    @Test func tooManySlicesIsAnError() {
        let source = "pie\n" + (0...PieParser.maximumSlices).map { "\"s\($0)\" : 1" }.joined(separator: "\n")
        #expect(error(source) == DiagramError("more than \(PieParser.maximumSlices) slices", line: PieParser.maximumSlices + 2))
    }

    @Test func hostileInputEndsQuickly() {
        let long = "pie\n" + String(repeating: "\"", count: 60_000)
        #expect(error(long)?.line == 2)
        let huge = "pie\n\"a\" : " + String(repeating: "9", count: 400) + "\n\"b\" : " + String(repeating: "9", count: 400)
        #expect(error(huge) == DiagramError("the slices' values add up to more than a number can hold: nothing to draw", line: 1))
        #expect(error(String(repeating: "x", count: 70 * 1024))?.message.contains("KB of source") == true)
    }
}
