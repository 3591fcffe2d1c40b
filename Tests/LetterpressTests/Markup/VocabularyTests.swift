import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The attribute vocabulary is declared once, in `InlineAttributes.fields`: decoding, merging,
/// dumps, the theme schema and the styler all go by it, and nothing may fall out of step.
@Suite struct VocabularyTests {
    /// A value for every key, as a body writes it.
    static let values = [
        "lang": "'ja'", "customStyle": "'boldcaps'", "customColor": "'danger'", "font": "'DejaVu Serif, Liberation Serif'", "size": "12", "minSize": "8", "maxSize": "30", "textStyle": "'title'",
        "fontWeight": "'bold'", "fontDesign": "'serif'", "fontWidth": "'condensed'", "italic": "true",
        "monospaced": "true", "monospacedDigit": "true", "smallCaps": "true", "lowercaseSmallCaps": "true", "foregroundColor": "'#d11a2a'",
        "backgroundColor": "'yellow'", "underline": "true", "strikethrough": "{pattern: 'dot'}", "kerning": "1",
        "tracking": "0.5", "baselineOffset": "2", "effect": "'letterpress'", "textTransform": "'uppercase'", "lineLimit": "2", "truncation": "'head'",
        "minimumScaleFactor": "0.5", "allowsTightening": "true",
        "link": "'https://example.com'", "float": "'left'", "width": "'40%'", "direction": "'rtl'",
        "localized": "'invoice.title'", "locale": "'de'",
    ]

    /// The keys that place images rather than style text (`width` sizes an image, and sets a
    /// paragraph's width).
    static let imageKeys: Set = ["float"]
    /// The keys whose work is done in Markup, before styling.
    static let markupKeys: Set = ["localized", "locale"]

    private func unset(_ value: InlineAttributes) -> [String] {
        Mirror(reflecting: value).children.filter { $0.label != "location" && Mirror(reflecting: $0.value).children.isEmpty }
            .compactMap(\.label)
    }

    @Test func theTableNamesEveryPropertyOnce() {
        let properties = Mirror(reflecting: InlineAttributes()).children.compactMap(\.label).filter { $0 != "location" }
        #expect(InlineAttributes.keys == properties, "in the order the properties are declared")
        #expect(Set(InlineAttributes.fields.map(\.keyPath)).count == InlineAttributes.fields.count)
        #expect(Set(Self.values.keys) == Set(InlineAttributes.keys))
    }

    /// Every key but the image and Markup ones changes a run's style: `customStyle` and `customColor`
    /// through the theme, each other one through its own effect.
    @Test func theStylerHasAnEffectForEveryTextKey() throws {
        #expect(Styler.effects.count == InlineAttributes.keys.count - Self.imageKeys.count - Self.markupKeys.count - 2)
        let theme = try ThemeLoader().load("default")
        for key in InlineAttributes.keys {
            let (decoded, problems) = AttributeDecoder.decode("\(key): \(Self.values[key] ?? "")")
            #expect(problems.isEmpty, "\(key)")
            var style = theme.body.text
            var warnings: [Warning] = []
            Styler(theme: theme).apply(try #require(decoded), to: &style, warnings: &warnings)
            #expect((style != theme.body.text) == !Self.imageKeys.union(Self.markupKeys).contains(key), "\(key)")
        }
    }

    /// Decoded, merged under an outer attribute, archived as `render inspect --json` writes it
    /// and read back, every key keeps its value.
    @Test func everyKeyRoundTripsThroughTheArchive() throws {
        let body = InlineAttributes.keys.map { "\($0): \(Self.values[$0] ?? "")" }.joined(separator: ", ")
        let document = try TestSupport.parse("^[a ^[b](\(body)) c](size: 3, italic: false, tracking: 1)")
        guard case let .paragraph(text)? = document.blocks.first else { Issue.record("no paragraph"); return }
        let runs = text.runs.map { $0[LetterpressAttributes.InlineAttributesAttribute.self] }
        let inner = try #require(runs[1])
        #expect(unset(inner) == [])
        #expect(inner.size == 12 && inner.italic == true && inner.tracking == 0.5, "the inner keys win")
        #expect(runs[0]?.summary == ["size=3", "italic=false", "tracking=1"])

        let data = try JSONEncoder().encode(DocumentArchive(document, theme: nil))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let archived = ((json["blocks"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])?[1]["attributes"] as? [String: Any]
        #expect(Set(try #require(archived).keys) == Set(InlineAttributes.keys + ["location"]), "the archive names each key as a body does")

        let archive = try #require(try DocumentArchive.read(data, file: "x.json"))
        guard case let .paragraph(read)? = archive.document.blocks.first else { Issue.record("no paragraph"); return }
        #expect(read.runs.map { $0[LetterpressAttributes.InlineAttributesAttribute.self] } == runs)
    }
}
