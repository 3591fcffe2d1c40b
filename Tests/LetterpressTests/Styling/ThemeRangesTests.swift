import Foundation
import Testing
import Yams
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// A theme beside a note is read under `--sandbox`: every number it holds is checked against a
/// range before layout sees it, and an error names the key and where it is.
@Suite struct ThemeRangesTests {
    private func load(_ yaml: String) throws -> Theme {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("mine.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try ThemeLoader().load(file.path)
    }

    private func failure(_ yaml: String) -> String? {
        do {
            _ = try load(yaml)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        ("body: {size: 1e12}", "mine.yaml:2:14: body.size: 1000000000000 is outside 1 to 400 pt"),
        ("body: {tracking: .nan}", "mine.yaml:2:18: body.tracking: NaN is outside -50 to 200 pt"),
        ("rule: {thickness: .nan}", "mine.yaml:2:19: rule.thickness: NaN is outside 0 to 100 pt"),
        ("badge: {diameter: 1e308}", "mine.yaml:2:19: badge.diameter: 1e+308 is outside 1 to 1000 pt"),
        ("code: {padding: -1e9}", "mine.yaml:2:17: code.padding: -1000000000 is outside 0 to 1000 pt"),
        ("headings: [{size: 12}, {lineHeight: -3}]", "mine.yaml:2:37: headings[1].lineHeight: -3 is outside 0.5 to 5"),
        ("inlineCode: {size: 12}", "mine.yaml:2:20: inlineCode.size: 12 is outside 0.25 to 4"),
        ("page: {size: huge}", "mine.yaml:2:14: page.size: 'huge' is not a page size (a3, a4, a5, a6, b4, b5, letter, legal, tabloid, executive or WIDTHxHEIGHT with units, each with -landscape or not)"),
    ])
    func outOfRangeNumbersAreRefusedWhereTheyAre(spec: String, message: String) throws {
        let error = try #require(failure("extends: default\n\(spec)\n"))
        #expect(error.contains(message), "\(error)")
    }

    @Test func everyShippedThemeIsInRange() throws {
        for name in ShippedThemes.yaml.keys {
            _ = try ThemeLoader().load(name)
        }
    }

    /// Derived from the keys the theme decodes, so that a number added to a section without a
    /// range fails here: every key that takes a number refuses NaN.
    @Test func everyNumberATakesIsChecked() throws {
        let styleKeys = StyleSpec.fields.map(\.name)
        let inlineKeys = InlineStyleSpec.fields.map(\.name)
        let sections: [(String, [String])] = [
            ("body", styleKeys), ("code", styleKeys), ("inlineCode", inlineKeys), ("link", inlineKeys),
            ("footnotes", styleKeys), ("quote", styleKeys), ("heading", styleKeys),
            ("list", ListSpec.CodingKeys.allCases.map(\.stringValue)),
            ("table", TableSpec.CodingKeys.allCases.map(\.stringValue)),
            ("rule", RuleSpec.CodingKeys.allCases.map(\.stringValue)),
            ("badge", BadgeSpec.CodingKeys.allCases.map(\.stringValue)),
            ("shapes", ShapeSpec.CodingKeys.allCases.map(\.stringValue)),
        ]
        var numeric = 0
        for (section, keys) in sections {
            for key in keys {
                // A key takes a number when NaN decodes and a word does not.
                func decoded(_ value: String) throws -> (ThemeSpec, Node)? {
                    guard let node = try YAMLLoader.compose("\(section): {\(key): \(value)}"),
                          let spec = try? YAMLDecoder().decode(ThemeSpec.self, from: node) else { return nil }
                    return (spec, node)
                }
                guard let (spec, node) = try decoded(".nan"), try decoded("word") == nil else { continue }
                numeric += 1
                #expect(throws: LetterpressError.self, "\(section).\(key) takes NaN") {
                    try ThemeRanges.check(spec, in: node, file: "t.yaml")
                }
            }
        }
        #expect(numeric >= 30)
    }
}
