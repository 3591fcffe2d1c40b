import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Hostile inputs run through `render` end to end, each within a time limit and the command's
/// own memory limit (`--limit-memory`, 1 GB by default): it must end with 0, 1 or 2 (never a
/// signal), say why it failed, and touch no file but its own outputs.
enum Hostile {
    /// Longer than any case takes in a debug build; a case past it fails as killed.
    static let seconds = 90.0

    /// Runs `render` with `arguments` in `folder` and checks that it ended as a command should.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:],
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CommandResult {
        let result = try runRender(arguments, in: folder, environment: environment, timeout: seconds)
        #expect(result.status <= 2, "\(arguments): status \(result.status), \(result.stderr.prefix(400))", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("--limit-"), "\(arguments): \(result.stderr.prefix(400))", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("stopped by SIG"), "\(arguments): \(result.stderr.prefix(400))", sourceLocation: sourceLocation)
        return result
    }

    /// Each regular file under `folder` (links as links) with its bytes, by relative path.
    static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
                files[relative] = Data("link to \(target)".utf8)
            } else if let data = FileManager.default.contents(atPath: url.path) {
                files[relative] = data
            }
        }
        return files
    }

    /// A new folder holding `files` (text or bytes) by relative path.
    static func folder(with files: [String: Any] = [:]) throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        for (name, content) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let text = content as? String { try Data(text.utf8).write(to: url) } else if let data = content as? Data { try data.write(to: url) }
        }
        return folder
    }

    /// A grey PNG of `width` × `height` pixels.
    static func png(width: Int, height: Int) -> Data {
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0]
        let rows = [UInt8]((0..<height).flatMap { _ in [0] + [UInt8](repeating: 128, count: width) })
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", stored(rows))
                    + chunk("IEND", []))
    }

    /// `bytes` as a zlib stream of stored (uncompressed) blocks.
    private static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let last: UInt8 = offset + count == bytes.count ? 1 : 0
            output += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            output += bytes[offset..<offset + count]
            offset += count
        } while offset < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = b << 16 | a
        return output + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A PDF of one empty page `side` points square, with its cross-reference table.
    static func pdf(side: Int) -> Data {
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(side) \(side)] >>"]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(text.utf8)
    }
}

/// The last round's inputs (`Fixtures/hostile-2`, from shared/hostile), run as its README says.
@Suite(.fontWork) struct HostileSecondRoundTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("hostile-2")

    static let notes = ["03-inspect-huge-number.md", "05-wide-image.md", "06-yaml-merge-bomb-frontmatter.md", "08-float-tiny-width.md",
                        "12-rule-nan.md", "13-svg-blur-hang.md", "14-png-bomb-x16.md", "15-size400-tall-paragraph.md",
                        "16-attr-body-64k-quadratic.md", "17-autolink-100k-pdf-157MB.md", "18-cmark-bang-bracket-480k.md",
                        "19-attr-ref-labels-quadratic.md", "20-table-40k-columns.md", "21-heading-noncharacter.md",
                        "22-frontmatter-title-noncharacter.md", "27-badge-nan.md", "28-variable-width-overflow.md",
                        "02-archive-list-start.json"]

    /// Each note renders or fails with a message, into a PDF under 20 MB or none.
    @Test(arguments: notes) func noteEndsCleanly(_ name: String) throws {
        let scratch = try Hostile.folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out.pdf")
        let result = try Hostile.run([Self.folder.appendingPathComponent(name).path, "-o", output.path], in: scratch)
        let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        #expect((result.status == 0) == (size > 0) && size < 20 << 20, "\(name): \(size) bytes, \(result.stderr.prefix(300))")
        if result.status != 0 { #expect(result.stderr.contains(name), "\(name): \(result.stderr.prefix(300))") }
    }

    @Test(arguments: ["1e300", "nan", "inf", "-1e30"]) func sourceDateEpochOutOfRange(_ value: String) throws {
        let scratch = try Hostile.folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try Hostile.run([Self.folder.appendingPathComponent("01-any-note.md").path, "-o", scratch.appendingPathComponent("o.pdf").path],
                                     in: scratch, environment: ["SOURCE_DATE_EPOCH": value])
        #expect(result.status == 0)
    }

    @Test(arguments: [("01-any-note.md", "06b-yaml-merge-bomb-theme.yaml"), ("07-redos-note.md", "07-redos-theme.yaml"),
                      ("09-note.md", "09-theme-body-size.yaml"), ("09-note.md", "09b-theme-code-padding.yaml"),
                      ("09-note.md", "09c-theme-badge-diameter0.yaml"), ("09-note.md", "12-theme-rule-nan.yaml"),
                      ("09-note.md", "12b-theme-badge-huge.yaml")])
    func themesEndCleanly(_ note: String, _ theme: String) throws {
        let scratch = try Hostile.folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Hostile.run([Self.folder.appendingPathComponent(note).path, "--theme", Self.folder.appendingPathComponent(theme).path,
                         "-o", scratch.appendingPathComponent("o.pdf").path], in: scratch)
    }

    @Test func strictNoncharacterHeadingFailsWithAMessage() throws {
        let scratch = try Hostile.folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try Hostile.run([Self.folder.appendingPathComponent("04-strict-heading-noncharacter.md").path, "--strict",
                                      "-o", scratch.appendingPathComponent("o.pdf").path], in: scratch)
        #expect(result.status == 1)
    }

    @Test func batchWithACrashingNoteRendersTheOthers() throws {
        let scratch = try Hostile.folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try Hostile.run([Self.folder.appendingPathComponent("11-batch").path, "-o", scratch.appendingPathComponent("out").path,
                                      "--jobs", "1"], in: scratch)
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("out").path)
        #expect(written.count >= 4, "\(written) \(result.stderr.prefix(300))")
    }

    @Test func comparisonsOfHugePagesAndDiffsOverAnInputEndCleanly() throws {
        let scratch = try Hostile.folder(with: ["a.png": try Data(contentsOf: Self.folder.appendingPathComponent("23-a.png")),
                                                "b.png": try Data(contentsOf: Self.folder.appendingPathComponent("23-b.png"))])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let big = Self.folder.appendingPathComponent("10c-bigpage.pdf").path
        #expect(try Hostile.run(["compare", big, big], in: scratch).status == 2)
        let before = try Hostile.files(in: scratch)
        try Hostile.run(["compare", "a.png", "b.png", "--diff", "a.png"], in: scratch)
        #expect(try Hostile.files(in: scratch) == before)
    }
}

/// The third round's attack on what was added since: each case from its issue, end to end.
@Suite(.fontWork) struct HostileThirdRoundTests {
    /// `markdown` (with `files` beside it as note.md) rendered with `arguments`; the folder
    /// and the result.
    private func render(_ markdown: String, name: String = "note.md", files: [String: Any] = [:],
                        _ arguments: [String] = []) throws -> (folder: URL, result: CommandResult) {
        let folder = try Hostile.folder(with: files.merging([name: markdown]) { $1 })
        return (folder, try Hostile.run([name] + arguments, in: folder))
    }

    @Test func tomlKeysNestedPastTheLimitFailTheNoteAtTheirLine() throws {
        let deep = String(repeating: "a.", count: 30_000)
        // The third: a multi-line string closed with a fourth quote, which toml++ reads as text.
        for front in ["\(deep)a = 1", "[\(deep)a]\nb = 1", "x = [\"\"\"a\"\"\"\"]\n\(deep)a = 1"] {
            let (folder, result) = try render("+++\ntitle = \"t\"\n\(front)\n+++\n\nbody\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 1)
            let line = front.hasPrefix("x") ? 4 : 3
            #expect(result.stderr.contains("note.md:\(line):1: error: front matter: tables nested more than 256 deep"), "\(result.stderr.prefix(300))")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("note.pdf").path))
        }
        let (folder, result) = try render("+++\n\(String(repeating: "a.", count: 200))a = 1\n+++\n\nfine\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "200 levels are read")
    }

    /// A table header whose name starts with neither a bare key's character nor a quote made
    /// toml++ assert and abort the process (found by fuzzing: a NUL and an invalid byte after
    /// `[`, saved in Fixtures/crashers); it fails the note at its line, as a bad key elsewhere does.
    @Test func tomlHeadersStartingWithNoKeyFailTheNoteAtTheirLine() throws {
        for header in ["[é]", "[[ é ]]", "[\u{0}\u{FFFD}dge]", "[\u{FFFD}]"] {
            let (folder, result) = try render("+++\ntitle = \"t\"\n\(header)\na = 1\n+++\n\nbody\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 1, "\(header): \(result.stderr.prefix(300))")
            #expect(result.stderr.contains("note.md:3:1: error: front matter: a table's name starts with a letter"), "\(result.stderr.prefix(300))")
        }
        for fine in ["[ab]", "[ \"été\" ]", "[[_x]]", "['a b'.c]"] {
            #expect(TOMLNesting.deepest(in: "\(fine)\nk = 1").lineOfBadHeader == nil, "\(fine)")
        }
        #expect(TOMLNesting.deepest(in: "s = '''\n[é]\n'''").lineOfBadHeader == nil, "inside a string it is text")
    }

    @Test(arguments: [("a = 1", 1), ("a.b.c = 1", 3), ("[a.b]\nc = 1", 3), ("[[a]]\nb = 1", 3), ("a = { b = { c.d = 1 } }", 4),
                      ("a = [[1, 2], [3]]", 3), ("'a.b' = 1", 1), ("a = \"x.y.z\"", 1), ("a = 1.5 # b.c.d", 1),
                      ("s = '''\n[x.y.z]\n'''", 1), ("[a]\n[b.c]\nd.e = [{ f.g = 1 }]", 7), ("a = \"q\\\"[x.y]\"\nb = 1", 1),
                      ("x = [\"\"\"a\"\"\"\"]\na.b.c = 1", 3), ("x = ['''a''''']\na.b = 1", 2)])
    func tomlNestingIsCountedBeforeTomlReadsIt(_ toml: String, _ depth: Int) {
        #expect(TOMLNesting.deepest(in: toml).depth == depth, "\(toml)")
    }

    @Test func nulBytesInPlainNotesAndInValuesKeepTheTextAfterThem() throws {
        let plain = "first \u{0}line\nsecond \u{0}\u{0} line AFTER\n\nnext paragraph\n"
        for (name, arguments) in [("note.txt", []), ("note.md", ["--theme", "notepad"])] {
            let (folder, result) = try render(plain, name: name, arguments)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 0)
            #expect(result.stderr.contains("3 NUL bytes replaced with U+FFFD"))
            let text = try pdfText(folder.appendingPathComponent("note.pdf"))
            #expect(text.contains("first \u{FFFD}line") && text.contains("line AFTER") && text.contains("next paragraph"), "\(text)")
        }
        let (yamlFolder, yamlResult) = try render("---\nproduct: \"Ann\\0Lee\"\n---\n\nBody {{product}} end.\n\n| a |\n|---|\n| {{product}} |\n")
        defer { try? FileManager.default.removeItem(at: yamlFolder) }
        #expect(yamlResult.status == 0)
        let yamlText = try pdfText(yamlFolder.appendingPathComponent("note.pdf"))
        #expect(yamlText.contains("Body Ann\u{FFFD}Lee end.") && yamlText.components(separatedBy: "Ann\u{FFFD}Lee").count == 3, "\(yamlText)")
        let strings = "\"greeting\" = \"x\\U0000y\";\n"
        let (folder, result) = try render("+++\nname = \"Ann\\u0000Lee\"\nauthor = \"Ann\\u0000Lee\"\npath = 'C:\\u0000x'\n+++\n\nBefore ^[Hello](localized: 'greeting') {{name}} and AFTERWORD stays {{path}}.\n",
                                          files: ["Localizable.strings": strings], ["--strings", "Localizable.strings"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        let text = try pdfText(folder.appendingPathComponent("note.pdf"))
        #expect(text.contains("Before x\u{FFFD}y Ann\u{FFFD}Lee and AFTERWORD stays C:\\u0000x."), "a literal string's backslash is text: \(text)")
        #expect(try popplerOutput("pdfinfo", [folder.appendingPathComponent("note.pdf").path]).contains("Ann\u{FFFD}Lee"))
    }

    /// A drawing so small that Cairo's PDF analysis rounds its scale to nothing aborted on an
    /// assertion; it is drawn as pixels, in every format.
    @Test func aDrawingScaledPastCairosFixedPointRenders() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000\" height=\"600\"><rect width=\"1000\" height=\"600\" fill=\"red\"/></svg>"
        for format in ["pdf", "png", "svg"] {
            let (folder, result) = try render("<img src=\"big.svg\" width=\"0.1%\">\n\n^[![a](big.svg)](float: 'right', width: 1) text\n",
                                              files: ["big.svg": svg], ["--format", format, "--dpi", "30"])
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 0, "\(format): \(result.stderr.prefix(300))")
        }
    }

    @Test func aFloatWhoseWidthIsATinyNumberIsIgnoredWithAWarning() throws {
        let (folder, result) = try render("^[![a](stamp.png)](float: 'right', width: 1e-300)\n\nSome text next to it.\n",
                                          files: ["stamp.png": Hostile.png(width: 20, height: 20)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr.contains("note.md:1:1: warning: 'width' must be points or a percentage"), "\(result.stderr)")
    }

    /// A blurred rectangle drawn 128 times through nested `<use>` is recorded small enough that
    /// its filters' pixels stay bounded; a chain of uses past the limits is refused.
    @Test func drawingsThatUseAFilterManyTimesStayBounded() throws {
        var uses = "<rect id=\"u0\" width=\"2048\" height=\"2048\" fill=\"teal\" filter=\"url(#f)\"/>"
        for level in 1...7 { uses += "<g id=\"u\(level)\"><use href=\"#u\(level - 1)\"/><use xlink:href=\"#u\(level - 1)\"/></g>" }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"2048\" height=\"2048\">"
            + "<defs><filter id=\"f\"><feGaussianBlur stdDeviation=\"60\"/></filter>\(uses)</defs><use href=\"#u7\"/></svg>"
        var chain = "<rect id=\"c0\" width=\"10\" height=\"10\"/>"
        for level in 1...40 { chain += "<use id=\"c\(level)\" href=\"#c\(level - 1)\"/>" }
        let deep = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\(chain)</svg>"
        let square = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2048\" height=\"2048\">"
        // librsvg panics on a convolution past order 20, parsing it: refused before it reads it.
        let convolution = square + "<filter id=\"c\"><feConvolveMatrix order=\"21\" kernelMatrix=\"\(Array(repeating: "1", count: 441).joined(separator: " "))\"/></filter>"
            + "<rect filter=\"url(#c)\" width=\"100\" height=\"100\"/></svg>"
        // A morphology's cost grows with its window; a style sheet's filter is charged to every element.
        let morphology = square + "<filter id=\"m\"><feMorphology radius=\"10\"/></filter><rect filter=\"url(#m)\" width=\"2048\" height=\"2048\"/></svg>"
        let sheet = square + "<defs><filter id=\"s\"><feMorphology radius=\"30\"/></filter></defs><style>.b{filter:url(#s)}</style>"
            + (0..<8).map { "<rect class=\"b\" x=\"\($0)\" width=\"2048\" height=\"2048\"/>" }.joined() + "</svg>"
        let started = Date()
        let (folder, result) = try render("![blur](use.svg)\n\n![deep](deep.svg)\n\n![c](convolution.svg)\n\n![m](morphology.svg)\n\n![s](sheet.svg)\n\n![z](packed.svg)\n",
                                          files: ["use.svg": svg, "deep.svg": deep, "convolution.svg": convolution, "morphology.svg": morphology,
                                                  "sheet.svg": sheet, "packed.svg": Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0])])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(Date().timeIntervalSince(started) < 45)
        #expect(result.stderr.contains("deep.svg") && result.stderr.contains("nests them more than 32 deep"), "\(result.stderr)")
        #expect(result.stderr.contains("its feConvolveMatrix order '21' is over 20, the largest drawn"), "\(result.stderr)")
        #expect(result.stderr.contains("packed.svg") && result.stderr.contains("it is compressed (gzip)"), "\(result.stderr)")
        for drawn in ["use.svg", "morphology.svg", "sheet.svg"] { #expect(!result.stderr.contains(drawn), "\(result.stderr)") }
        #expect(try #require(DrawingCost.of(Data(morphology.utf8))).rasterized == 21 * 21)
        #expect(try #require(DrawingCost.of(Data(svg.utf8))).rasterized == 128 * 3, "a blur's three passes, counted where <use> draws it, not in <defs>")
    }

    /// What the first check did not see, from a second attack: a convolution's order behind a
    /// tab or inside an entity, an SVG in UTF-16, a costly filter reached through a mask.
    @Test func drawingsAreWeighedThroughEntitiesEncodingsAndReferences() throws {
        let kernel = Array(repeating: "1", count: 441).joined(separator: " ")
        let convolution = "<filter id=\"f\"><feConvolveMatrix order=\"ORDER\" kernelMatrix=\"\(kernel)\"/></filter><rect filter=\"url(#f)\" width=\"10\" height=\"10\"/>"
        func svg(_ body: String, doctype: String = "") -> String {
            "<?xml version=\"1.0\"?>\(doctype)<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2048\" height=\"2048\">\(body)</svg>"
        }
        let tab = svg(convolution.replacingOccurrences(of: "ORDER", with: "21&#9;"))
        let entity = svg("&e;", doctype: "<!DOCTYPE svg [<!ENTITY e '\(convolution.replacingOccurrences(of: "ORDER", with: "21").replacingOccurrences(of: "\"", with: "&#34;"))'>]>")
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(svg(convolution.replacingOccurrences(of: "ORDER", with: "21")).data(using: .utf16LittleEndian)!)
        for drawing in [Data(tab.utf8), Data(entity.utf8), utf16] {
            let cost = try #require(DrawingCost.of(drawing))
            #expect(cost.refusal?.contains("feConvolveMatrix order") == true, "\(String(decoding: drawing.prefix(80), as: UTF8.self))")
        }
        let masked = svg("<defs><filter id=\"m\"><feMorphology radius=\"10\"/></filter><mask id=\"k\"><rect filter=\"url(#m)\" width=\"2048\" height=\"2048\"/></mask></defs>"
                         + "<rect mask=\"url(#k)\" width=\"2048\" height=\"2048\"/>")
        #expect(try #require(DrawingCost.of(Data(masked.utf8))).rasterized == 1 + 21 * 21, "the mask, and the morphology inside it")
        let started = Date()
        let (folder, result) = try render("![t](tab.svg)\n\n![u](utf16.svg)\n\n![m](masked.svg)\n",
                                          files: ["tab.svg": tab, "utf16.svg": utf16, "masked.svg": masked])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr.contains("tab.svg") && result.stderr.contains("utf16.svg") && !result.stderr.contains("masked.svg"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// A long translation named many times draws on the same budget as variables.
    @Test func translationsCountAgainstTheExpansionBudget() throws {
        let value = String(repeating: "tran ", count: 200_000)
        let table = "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\"k\": {\"localizations\": {\"en\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(value)\"}}}}}}"
        let started = Date()
        let (folder, result) = try render(Array(repeating: "^[x](localized: 'k')", count: 10).joined(separator: "\n\n") + "\n\nENDMARK\n",
                                          files: ["big.xcstrings": table], ["--strings", "big.xcstrings"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr.contains("put in more text than the note's own four times over"), "\(result.stderr.prefix(300))")
        #expect(Date().timeIntervalSince(started) < 45)
        #expect(try pdfText(folder.appendingPathComponent("note.pdf")).contains("ENDMARK"))
    }

    /// Junk whose every other character is a token: colouring stops at the note's token
    /// budget, the rest in one colour (512 KB of it took 25 s to lay out).
    @Test func colouringCodeStopsAtItsBudgetAndShowsTheRestInOneColour() throws {
        let line = String(String(repeating: "a<", count: 500).prefix(990))
        let started = Date()
        let (folder, result) = try render("```typescript\n" + Array(repeating: line, count: 256).joined(separator: "\n") + "\n```\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr.contains("note.md:1:4: warning: colouring code stops after 2 s or 100000 tokens in one note"), "\(result.stderr.prefix(300))")
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// Thousands of misspelt names among thousands of defined ones: each "did you mean" search
    /// is bounded, so the note takes linear time (it took 25–48 s).
    @Test func manyUnknownNamesAmongManyKnownOnesTakeLinearTime() throws {
        let count = 2_400
        let variables = "---\n" + (0..<count).map { "v\($0): value\n" }.joined() + "---\n\n" + (0..<count).map { "{{u\($0)}}" }.joined(separator: " ")
        let theme = "extends: default\ncustomStyles:\n" + (0..<2_000).map { "  style\($0): {italic: true}\n" }.joined()
        let styles = "---\ntheme: theme.yaml\n---\n\n" + (0..<2_000).map { "^[x](customStyle: 'stlye\($0)')" }.joined(separator: " ")
        for (markdown, arguments) in [(variables, [String]()), (styles, ["--sandbox"])] {
            let started = Date()
            let (folder, result) = try render(markdown, files: ["theme.yaml": theme], arguments)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 0)
            #expect(result.stderr.contains("(did you mean"), "\(result.stderr.prefix(300))")
            #expect(Date().timeIntervalSince(started) < 30)
        }
    }

    @Test func tensOfThousandsOfUnclosedInlineTagsKeepTheirText() throws {
        let started = Date()
        let (folder, result) = try render("text " + String(repeating: "<b>", count: 80_000) + " middle " + String(repeating: "</i>", count: 80_000) + " END\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(Date().timeIntervalSince(started) < 45)
        #expect(try pdfText(folder.appendingPathComponent("note.pdf")).contains("END"))
    }

    @Test func valuesThatExpandPastTheLimitStayAsWritten() throws {
        let markdown = "---\nbig: \"" + String(repeating: "word ", count: 2_800) + "\"\n---\n\n" + Array(repeating: "{{big}}", count: 2_400).joined(separator: " ") + " END\n"
        let (folder, result) = try render(markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr.contains("put in more text than the note's own four times over (or 1 MiB)"), "\(result.stderr.prefix(300))")
        let size = try #require(FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("note.pdf").path)[.size] as? Int)
        #expect(size < 4 << 20)

        // The same budget holds for links, image paths, HTML attributes and attribute bodies.
        let value = String(repeating: "v", count: 200_000)
        let references = (0..<1_000).map { ["![a]({{big}}.png)", "[l]({{big}})", "<a href=\"{{big}}\">x</a>", "^[x](link: '{{big}}')"][$0 % 4] }
        let started = Date()
        let (places, expanded) = try render("---\nbig: \"\(value)\"\n---\n\n" + references.joined(separator: "\n\n") + "\n")
        defer { try? FileManager.default.removeItem(at: places) }
        #expect(expanded.status == 0)
        #expect(expanded.stderr.contains("put in more text than the note's own four times over"), "\(expanded.stderr.prefix(300))")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func anArchivedLinkLongerThanTheLimitIsDropped() throws {
        let url = "https://example.com/" + String(repeating: "a", count: 500_000)
        let archive = "{\"format\": \"letterpress-runs\", \"version\": 1, \"characters\": 1, \"runCount\": 1, \"footnotes\": [], \"blocks\": ["
            + "{\"type\": \"paragraph\", \"runs\": [{\"text\": \"\(String(repeating: "a linked word ", count: 400))\", \"link\": \"\(url)\"}]},"
            + "{\"type\": \"image\", \"image\": {\"source\": \"x.png\", \"alt\": \"x\", \"title\": \"\", \"link\": \"\(url)\", "
            + "\"location\": {\"line\": 1, \"column\": 1}}}]}"
        let (folder, result) = try render(archive, name: "note.json", ["-o", "note.pdf"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("a link of 500020 bytes is longer than the 8192 allowed"), "\(result.stderr.prefix(300))")
        let size = try #require(FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("note.pdf").path)[.size] as? Int)
        #expect(size < 200_000)
    }

    @Test func comparingAHugePageIsRefusedBeforeItsPixelsAreMade() throws {
        let folder = try Hostile.folder(with: ["big.pdf": Hostile.pdf(side: 14_400), "big.png": Hostile.png(width: 1, height: 1)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Hostile.run(["compare", "big.pdf", "big.pdf"], in: folder)
        #expect(result.status == 2, "an unreadable input, as for compare")
        #expect(result.stderr.contains("14400×14400 pixels at 72 dpi, over the limit of 32767 a side and 40 million in all"), "\(result.stderr)")
        // A PNG whose header says 20,000 × 20,000: refused before Cairo decodes it.
        var png = Hostile.png(width: 1, height: 1)
        png.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        try png.write(to: folder.appendingPathComponent("big.png"))
        let refused = try Hostile.run(["compare", "big.png", "big.png"], in: folder)
        #expect(refused.status == 2 && refused.stderr.contains("20000×20000 pixels"), "\(refused.stderr)")
        let golden = try Hostile.run(["note.md", "--golden", "big.pdf", "--limit-memory", "512"],
                                     in: try Hostile.folder(with: ["note.md": "# x\n", "big.pdf": Hostile.pdf(side: 14_400)]))
        #expect(golden.status == 2 && golden.stderr.contains("over the limit"), "\(golden.stderr)")
    }

    @Test func renderingToAnImageTheNoteShowsLeavesTheImage() throws {
        let images: [String: Any] = ["diagram-1.png": Hostile.png(width: 40, height: 30), "diagram-2.png": Hostile.png(width: 30, height: 40)]
        let (folder, result) = try render("# Diagrams\n\n![one](diagram-1.png)\n\n![two](diagram-2.png)\n", name: "diagram.md",
                                          files: images, ["--format", "png", "--dpi", "20"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        let after = try Hostile.files(in: folder)
        #expect(after["diagram-1.png"] == images["diagram-1.png"] as? Data && after["diagram-2.png"] == images["diagram-2.png"] as? Data)
        #expect(after["diagram.png"] != nil)

        let logo = Hostile.png(width: 40, height: 30)
        let (logoFolder, refused) = try render("# Logo\n\n![logo](logo.png)\n", name: "logo.md", files: ["logo.png": logo], ["--format", "png"])
        defer { try? FileManager.default.removeItem(at: logoFolder) }
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("logo.png") && refused.stderr.contains("which is left as it is"), "\(refused.stderr)")
        #expect(try Data(contentsOf: logoFolder.appendingPathComponent("logo.png")) == logo)
    }

    /// A note in the folder that links to a file outside it is not read under `--sandbox`, and
    /// a planted output that links outside is not written through.
    @Test func theSandboxResolvesLinksBeforeItDecides() throws {
        let outside = try Hostile.folder(with: ["secret.md": "TOKEN=hunter2\n", "victim.txt": "keep me\n"])
        let repository = try Hostile.folder(with: ["ok.md": "# Fine\n", "README.md": "# Readme\n"])
        defer {
            try? FileManager.default.removeItem(at: outside)
            try? FileManager.default.removeItem(at: repository)
        }
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent("env.md").path, withDestinationPath: "/proc/self/environ")
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent("secret.md").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.md").path)
        let out = try Hostile.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let batch = try Hostile.run([repository.path, "--sandbox", "-o", out.path], in: repository)
        #expect(batch.status == 1)
        #expect(batch.stderr.contains("env.md") && batch.stderr.contains("outside the sandbox"), "\(batch.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["README.pdf", "ok.pdf"])

        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent("README.pdf").path,
                                                   withDestinationPath: outside.appendingPathComponent("victim.txt").path)
        let planted = try Hostile.run([repository.appendingPathComponent("README.md").path, "--sandbox"], in: repository)
        #expect(planted.status == 1)
        #expect(planted.stderr.contains("outside the sandbox"), "\(planted.stderr)")
        #expect(try String(contentsOf: outside.appendingPathComponent("victim.txt"), encoding: .utf8) == "keep me\n")
    }

    /// `--watch` on a note that shows its own output renders once, not again each time it
    /// writes that output.
    @Test(arguments: [("pdf", "![preview](note.pdf)"), ("png", "![preview](note.png)")])
    func watchingANoteThatShowsItsOwnOutputRendersOnce(_ format: String, _ image: String) throws {
        let folder = try Hostile.folder(with: ["note.md": "# Self\n\n\(image)\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = Pipe()
        let process = try startRender(["note.md", "--watch", "--format", format, "--dpi", "20"], in: folder, standardError: errors)
        Thread.sleep(forTimeInterval: 4)
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.components(separatedBy: "watching for changes").count - 1 == 1, "\(text)")
    }

    /// One line citing notes that need more than a page: the notes that do not fit go to the
    /// feet of the pages after it, every one whole and on its page.
    @Test func notesCitedTogetherPastAPageAreCarriedToTheNextPages() throws {
        let notes = "abcd".map { "[^\($0)]: Note \($0) " + String(repeating: "goes on and on. ", count: 180) + "END\($0)\n\n" }.joined()
        var theme = TestSupport.defaultTheme
        theme.footnotePlacement = .page
        let document = try TestSupport.typeset("One line cites four notes[^a][^b][^c][^d].\n\nMore text.\n\n" + notes, theme: theme)
        #expect(document.pages.count >= 2)
        var text = ""
        for page in document.pages {
            for case let .text(line) in page.items where !TestSupport.isFooter(.text(line), on: page) {
                #expect(line.origin.y >= 72 && line.origin.y <= page.size.height - 72, "\(line.string.prefix(40)) at \(line.origin.y)")
                text += line.string + " "
            }
        }
        for label in "abcd" { #expect(text.contains("END\(label)"), "note \(label)") }
    }

    /// A batch killed with SIGKILL: its workers notice and stop, writing nothing more.
    @Test func workersEndWithTheirBatch() throws {
        let long = (0..<400).map { "Paragraph \($0) " + String(repeating: "with words that fill the lines ", count: 12) }.joined(separator: "\n\n")
        // Enough notes that three seconds never finish them (40 did, once a debug build got faster).
        let notes = 200
        var files: [String: Any] = [:]
        for index in 0..<notes { files["notes/n\(index).md"] = long }
        let folder = try Hostile.folder(with: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try startRender(["notes", "-o", "out", "--jobs", "2", "--format", "png", "--dpi", "20"], in: folder)
        Thread.sleep(forTimeInterval: 3)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 1)
        let out = folder.appendingPathComponent("out")
        let settled = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        Thread.sleep(forTimeInterval: 3)
        let later = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(later.sorted() == settled.sorted())
        #expect(later.filter { $0.hasSuffix(".png") }.count < notes * 10, "the batch was stopped part way")
        #expect(!later.contains { $0.hasPrefix(".") }, "no temporary file is left: \(later.filter { $0.hasPrefix(".") })")
    }
}
