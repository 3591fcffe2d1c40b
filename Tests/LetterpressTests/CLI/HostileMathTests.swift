import Foundation
import Testing
@testable import Letterpress

/// Formulas built to hurt, run through `render` end to end: each ends with its note rendered,
/// its other text kept, a warning where TeX was refused, and within a time limit.
@Suite(.fontWork) struct HostileMathTests {
    private func render(_ markdown: String, _ arguments: [String] = []) throws -> (folder: URL, result: CommandResult) {
        let folder = try Hostile.folder(with: ["note.md": markdown])
        return (folder, try Hostile.run(["note.md"] + arguments, in: folder))
    }

    static let cases: [(name: String, tex: String)] = [
        ("braces nested 10,000 deep", String(repeating: "{", count: 10_000) + "x" + String(repeating: "}", count: 10_000)),
        ("scripts nested 5,000 deep", String(repeating: "x^{", count: 5_000) + "y" + String(repeating: "}", count: 5_000)),
        ("fractions nested 3,000 deep", String(repeating: "\\frac{1}{", count: 3_000) + "x" + String(repeating: "}", count: 3_000)),
        ("a macro that calls itself", "\\def\\a{\\a\\a}\\a"),
        ("a macro that doubles twenty times", (1...20).map { "\\def\\m\($0){\\m\($0 - 1)\\m\($0 - 1)}" }.joined().replacingOccurrences(of: "\\m0", with: "x") + "\\m20"),
        ("a lone backslash and open groups", "\\left( \\begin{pmatrix} a & b \\\\ \\sqrt[ {"),
        ("a 64,000-column matrix", "\\begin{matrix}" + Array(repeating: "a", count: 64_000).joined(separator: "&") + "\\end{matrix}"),
        ("20,000 rows", "\\begin{aligned}" + Array(repeating: "a &= b", count: 20_000).joined(separator: "\\\\") + "\\end{aligned}"),
        ("a huge space and size", "\\hspace{1e300pt} \\kern-99999999em x \\rule{1e30pt}{1e30pt} \\mkern1e308mu"),
    ]

    @Test(arguments: cases.map(\.name))
    func aHostileDisplayFormulaEndsCleanly(_ name: String) throws {
        let tex = try #require(Self.cases.first { $0.name == name }?.tex)
        let started = Date()
        let (folder, result) = try render("Before.\n\n$$\n\(tex)\n$$\n\nAfter END.\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(Date().timeIntervalSince(started) < 60)
        let text = try pdfText(folder.appendingPathComponent("note.pdf"))
        #expect(text.contains("Before.") && text.contains("After END."))
    }

    @Test func tenThousandInlineFormulasInOneParagraphTakeLinearTime() throws {
        let started = Date()
        let (folder, result) = try render(Array(repeating: "$x_i^2$ and", count: 10_000).joined(separator: " ") + " END\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(try pdfText(folder.appendingPathComponent("note.pdf")).contains("END"))
    }

    @Test func aThemeWithoutAMathFontFailsOnlyTheNotesWithFormulasAndLeavesNoFile() throws {
        let folder = try Hostile.folder(with: ["math.md": "Area $\\pi r^2$.\n", "plain.md": "No formula, $5 only.\n",
                                               "theme.yaml": "extends: default\nmath: {font: Liberation Serif}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let failed = try Hostile.run(["math.md", "--theme", "theme.yaml"], in: folder)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("'Liberation Serif' has no OpenType MATH table"), "\(failed.stderr.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("math.pdf").path))
        let rendered = try Hostile.run(["plain.md", "--theme", "theme.yaml"], in: folder)
        #expect(rendered.status == 0)
    }

    @Test func strictFailsOnAnUnknownCommandNamingItsPlace() throws {
        let (folder, result) = try render("A line.\n\nThen $x + \\fracc{1}{2}$.\n", ["--strict"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("note.md:3:11"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("did you mean '\\frac'"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("note.pdf").path))
    }
}
