import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Small files that once took the process down with a signal: each now renders, or fails
/// with a message, and leaves no partial output.
@Suite(.fontWork) struct CrashInputTests {
    private static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestSupport.fixtures.appendingPathComponent(name))
    }

    private func render(_ markdown: String, files: [String: Data] = [:], options: RenderOptions = RenderOptions(),
                        format: OutputFormat = .pdf) throws -> (result: RenderResult, output: URL) {
        let folder = try TestSupport.temporaryFolder()
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        let note = folder.appendingPathComponent("note.md")
        try markdown.write(to: note, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("note.\(format.rawValue)")
        return (try Renderer(options: options).render(input: note.path, to: output, format: format), output)
    }

    /// Wider than Cairo's 32,767-pixel surfaces: decoded at most 4,096 pixels a side, sized on
    /// the page by the file's own pixels, and decoded once however often it is shown.
    @Test func imagesWiderThanCairosSurfacesAreDecodedSmaller() throws {
        let folder = TestSupport.fixtures
        let image = try ImageLoader.load(folder.appendingPathComponent("wide-40000x1.png").path).get()
        #expect(image.pixelWidth == 40_000 && image.pixelHeight == 1)
        #expect(image.surfaceWidth == ImageLoader.maximumDecodedSide && image.surfaceHeight == 1)

        let resources = Resources(file: "note.md", folder: folder)
        let first = try resources.image("wide-40000x1.png").get()
        #expect(try resources.image("./wide-40000x1.png").get() === first)

        let files = ["wide.png": try Self.fixture("wide-40000x1.png"), "tall.png": try Self.fixture("tall-1x40000.png")]
        for format in [OutputFormat.pdf, .png] {
            let (result, output) = try render("![w](wide.png)\n\n![t](tall.png \"float: left\")\n\ntext beside\n",
                                              files: files, format: format)
            #expect(result.warnings.isEmpty, "\(result.warnings)")
            #expect(!result.files.isEmpty && result.files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
            #expect(result.files.first?.deletingLastPathComponent() == output.deletingLastPathComponent())
        }
    }

    /// GIF and BMP headers rewritten to 40,000 pixels a side, as a fuzzer mutates them.
    @Test func imagesWhoseHeadersPromiseHugeSizesDoNotTrap() throws {
        for name in ["header-40000x1.gif", "header-1x40000.bmp"] {
            let (result, _) = try render("![m](\(name))\n", files: [name: try Self.fixture(name)])
            #expect(result.pageCount >= 1, "\(name)")
        }
    }

    @Test func noncharactersInHeadingsAndTheTitleKeepThePDF() throws {
        // Swift's literals refuse noncharacters.
        func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }
        let markdown = "---\ntitle: \"x \(scalar(0xFDD0)) y\"\n---\n\n## r\n\n## a &#x10FFFF; b \(scalar(0xFFFE))\n"
        let (result, output) = try render(markdown)
        #expect(result.pageCount == 1 && FileManager.default.fileExists(atPath: output.path))
        #expect(PDFWriter.pdfText("a \(scalar(0xFDD0)) \(scalar(0x10FFFF)) b") == "a \u{FFFD} \u{FFFD} b")
        #expect(PageDrawer.hasNoncharacter(Array("a\(scalar(0xFDEF))".utf8)) && PageDrawer.hasNoncharacter(Array(scalar(0x1FFFF).utf8)))
        #expect(!PageDrawer.hasNoncharacter(Array("a\u{FFFD}\u{FDCF}\u{1FFFD} 中文".utf8)))

        var strict = RenderOptions()
        strict.strict = true
        #expect(throws: LetterpressError.self) { try render(markdown, options: strict) }
    }

    /// A line wider than Pango's 32-bit units (2,097,151 points) lays out wrongly, as Pango
    /// does, rather than trapping.
    @Test func aLineWiderThanPangosUnitsDoesNotTrap() throws {
        var style = TestSupport.defaultTheme.body.text
        style.size = 400
        let layout = TextLayout(StyledText(String(repeating: "wide words ", count: 8_000), style: style), width: nil,
                                align: .left, lineHeight: 1, context: FontContext())
        // 88,000 letters at 400 points: some 17 million points, which Pango's extents wrap.
        #expect(!layout.textLine(0, origin: Point(x: 0, y: 0)).runs.isEmpty)
    }

    @Test func sourceDateEpochIsWholeSecondsOrIgnoredWithAWarning() throws {
        for (value, date) in [("1700000000", "2023-11-14T22:13:20Z"), ("1e300", nil), ("nan", nil),
                              ("99999999999999999", nil), ("1700000000.5", nil)] {
            let resources = Resources(file: "note.md", folder: nil, sourceDateEpoch: value)
            #expect(resources.creationDate(frontMatterDate: nil) == date, "\(value)")
            let plan = try PagePlan(frontMatter: FrontMatter(), styles: TestSupport.defaultTheme.layout, options: RenderOptions(),
                                    resources: resources)
            #expect(plan.warnings.contains { $0.message.contains("SOURCE_DATE_EPOCH") } == (date == nil), "\(value)")
        }
    }

    @Test func archivesWithListStartsOrHeadingLevelsOutOfRangeAreRefused() throws {
        func archive(_ block: String) -> Data {
            Data("{\"format\": \"letterpress-runs\", \"version\": 1, \"characters\": 0, \"runCount\": 0, \"footnotes\": [], \"blocks\": [\(block)]}".utf8)
        }
        let list = "{\"type\": \"list\", \"ordered\": true, \"start\": 9223372036854775807, \"tight\": true, \"items\": []}"
        #expect(throws: LetterpressError.self) { try DocumentArchive.read(archive(list), file: "a.json") }
        let heading = "{\"type\": \"heading\", \"level\": 9, \"runs\": []}"
        #expect(throws: LetterpressError.self) { try DocumentArchive.read(archive(heading), file: "a.json") }
        let fine = list.replacingOccurrences(of: "9223372036854775807", with: "999999999")
        #expect(try DocumentArchive.read(archive(fine), file: "a.json") != nil)
    }

    @Test func hugeAttributeValuesAreShownWithoutTrapping() throws {
        let document = try TestSupport.parse("^[big](size: 1e300) ^[far](baselineOffset: -1e300)")
        let dump = RunDump.blocks(document.blocks).joined(separator: "\n")
        #expect(dump.contains("1e+300"), "\(dump)")
    }

    @Test func imageWidthsTooSmallToSeeAreRefused() {
        #expect(ImageWidth(parsing: "1e-300") == nil && ImageWidth(parsing: "0.5") == nil && ImageWidth(parsing: "0.01%") == nil)
        #expect(ImageWidth(parsing: "1") == .points(1) && ImageWidth(parsing: "0.1%") == .fraction(0.001))
    }

    @Test func aBadgeCentreMustBeNumbersOfPoints() throws {
        for center in ["[.nan, 10]", "[10, .inf]", "[1e300, 0]"] {
            #expect(throws: (any Error).self, "\(center)") {
                try TestSupport.parse("---\nbadge: {center: \(center)}\n---\n\ntext\n")
            }
        }
    }
}
