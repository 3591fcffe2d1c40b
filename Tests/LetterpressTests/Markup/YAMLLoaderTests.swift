import Testing
import Yams
@testable import LetterpressCore

/// Front matter and themes are read by one loader: every untagged scalar is a string (the
/// decoder reads numbers from the text), and only a plain `<<` key merges, with no regular
/// expression to tell them apart.
struct YAMLLoaderTests {
    private struct Font: Decodable, Equatable {
        var size: String
        var family: String
    }

    private static let merges = """
    base: &base {size: 12, family: Serif}
    plain: {<<: *base, size: 14}
    nested: [{inner: {<<: *base}}]
    quoted: {"<<": *base, size: 10, family: Sans}
    single: {'<<': x}
    tagged: {!!merge <<: *base}
    value: <<
    """

    @Test func aPlainDoubleAngleKeyMergesWhereverItIs() throws {
        let node = try #require(try YAMLLoader.compose(Self.merges))
        #expect(try YAMLDecoder().decode(Font.self, from: #require(node["plain"])) == Font(size: "14", family: "Serif"))
        let inner = try #require(node["nested"]?.sequence?.first?["inner"])
        #expect(try YAMLDecoder().decode(Font.self, from: inner) == Font(size: "12", family: "Serif"))
        #expect(try YAMLDecoder().decode(Font.self, from: #require(node["tagged"])) == Font(size: "12", family: "Serif"))
        #expect(node["plain"]?.mapping?.keys.first?.tag.description == Tag.Name.merge.rawValue)
    }

    @Test func aQuotedDoubleAngleIsAString() throws {
        let node = try #require(try YAMLLoader.compose(Self.merges))
        #expect(node["quoted"]?.mapping?.keys.first?.tag.description == Tag.Name.str.rawValue)
        #expect(try YAMLDecoder().decode(Font.self, from: #require(node["quoted"])) == Font(size: "10", family: "Sans"))
        #expect(node["single"]?.mapping?.keys.first?.tag.description == Tag.Name.str.rawValue)
        #expect(node["value"]?.string == "<<")
        #expect(node["value"]?.tag.description == Tag.Name.str.rawValue)
    }

    @Test func untaggedScalarsAreStrings() throws {
        let node = try #require(try YAMLLoader.compose("n: 12\nb: true\nz: null\nf: 1.5\nexplicit: !!int 3\n"))
        for key in ["n", "b", "z", "f"] {
            #expect(node[key]?.tag.description == Tag.Name.str.rawValue, "\(key)")
        }
        #expect(node["explicit"]?.tag.description == Tag.Name.int.rawValue)
    }

    @Test func mergesThatExpandPastTheLimitAreRefusedBeforeTheyAreMarked() {
        let levels = (1...5).map { level in
            "l\(level): &l\(level) {<<: [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]}"
        }
        let yaml = (["l0: &l0 {a: 1, b: 2, c: 3, d: 4}"] + levels).joined(separator: "\n")
        #expect(throws: YAMLLoader.TooLarge.self) { try YAMLLoader.compose(yaml) }
    }
}
