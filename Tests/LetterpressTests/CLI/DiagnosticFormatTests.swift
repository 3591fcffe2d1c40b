import Foundation
import Testing

/// `--diagnostic-format text|json|github`: warnings and errors as compilers, programs and
/// GitHub Actions read them.
@Suite(.serialized) struct DiagnosticFormatTests {
    /// `bad.md` (a margin that cannot be read, line 3 column 9) and `warn.md` (a missing image,
    /// line 3), rendered in one run.
    private func run(_ format: String?, jobs: String = "1") throws -> CommandResult {
        let folder = try TestSupport.temporaryFolder()
        try "---\ntitle: T\nmargin: wide\n---\n# Body\n".write(to: folder.appendingPathComponent("bad.md"), atomically: true, encoding: .utf8)
        try "# Hi\n\n![pic](nothere.png)\n".write(to: folder.appendingPathComponent("warn.md"), atomically: true, encoding: .utf8)
        let arguments = ["bad.md", "warn.md", "-o", "out/", "--jobs", jobs] + (format.map { ["--diagnostic-format", $0] } ?? [])
        return try runRender(arguments, in: folder)
    }

    @Test func textIsFileLineColumnThenErrorOrWarning() throws {
        let result = try run(nil)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.md:3:9: error: front matter: margin 'wide' is not 1, 2 or 4 lengths\n"), "\(result.stderr)")
        #expect(result.stderr.contains("warn.md:3:1: warning: image 'nothere.png' not found"), "\(result.stderr)")
        func diagnostics(_ stderr: String) -> [Substring] { stderr.split(separator: "\n").filter { !$0.hasPrefix("rendered ") } }
        #expect(diagnostics(try run("text").stderr) == diagnostics(result.stderr), "text is the default")
    }

    /// Columns count characters, as editors do, not UTF-8 bytes: after accents and CJK text,
    /// and in front matter with accents.
    @Test func columnsCountCharacters() throws {
        let folder = try TestSupport.temporaryFolder()
        let note = "---\ntitle: \"Ünï\"\n---\nÜnïcödé 日本語 ^[x](bogus: 1) and ![pic](missing.png)\n\n👩‍👩‍👧 ^[y](bogus: 2)\n"
        try note.write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "---\ntitle: \"Ünïcödé\"\nmargin: wide\n---\n".write(to: folder.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["a.md", "-o", "a.pdf"], in: folder)
        #expect(result.stderr.contains("a.md:4:13: warning: unknown attribute 'bogus'"), "\(result.stderr)")
        #expect(result.stderr.contains("a.md:4:32: warning: image 'missing.png' not found"), "\(result.stderr)")
        #expect(result.stderr.contains("a.md:6:3: warning: unknown attribute 'bogus'"), "one family emoji is one character: \(result.stderr)")
        let frontMatter = try runRender(["b.md", "-o", "b.pdf"], in: folder)
        #expect(frontMatter.stderr.contains("b.md:3:9: error: front matter: margin 'wide'"), "\(frontMatter.stderr)")
    }

    /// Every error of a front matter, and of a theme, in one run and in the file's order, each
    /// on its own line; no output is written.
    @Test func everyFrontMatterAndThemeErrorInOneRun() throws {
        let folder = try TestSupport.temporaryFolder()
        let note = "---\nlocale: zz\nbadge:\n  diameter: 2\nmargin: wide\npageSize: a9\n---\n# Note\n"
        try note.write(to: folder.appendingPathComponent("fm.md"), atomically: true, encoding: .utf8)
        try "table: 7\nquote:\n  color: notacolour\n".write(to: folder.appendingPathComponent("decode.yaml"), atomically: true, encoding: .utf8)
        try "body:\n  size: 900\nlist:\n  indent: -5\n".write(to: folder.appendingPathComponent("ranges.yaml"), atomically: true, encoding: .utf8)
        try "# Plain\n".write(to: folder.appendingPathComponent("plain.md"), atomically: true, encoding: .utf8)
        let frontMatter = try runRender(["fm.md", "-o", "fm.pdf"], in: folder)
        #expect(frontMatter.status == 1)
        #expect(frontMatter.stderr.split(separator: "\n").map { $0.prefix(while: { $0 != " " }) } == ["fm.md:2:9:", "fm.md:4:13:", "fm.md:5:9:", "fm.md:6:11:"],
                "\(frontMatter.stderr)")
        let decoding = try runRender(["plain.md", "--theme", "./decode.yaml", "-o", "d.pdf"], in: folder)
        #expect(decoding.stderr.contains("decode.yaml:1:8: error: table: expected a mapping\n"), "\(decoding.stderr)")
        #expect(decoding.stderr.contains("decode.yaml:3:10: error: quote.foregroundColor: 'notacolour' is not a colour"),
                "a section that cannot be read hides no other: \(decoding.stderr)")
        let ranges = try runRender(["plain.md", "--theme", "./ranges.yaml", "-o", "r.pdf", "--diagnostic-format", "github"], in: folder)
        #expect(ranges.stderr.contains("ranges.yaml,line=2,col=9::body.size: 900 is outside 1 to 400 pt\n"), "\(ranges.stderr)")
        #expect(ranges.stderr.contains("ranges.yaml,line=4,col=11::list.indent: -5 is outside 0 to 1000 pt\n"), "\(ranges.stderr)")
        for output in ["fm.pdf", "d.pdf", "r.pdf"] { #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(output).path)) }
    }

    @Test func githubAnnotationsNameTheFileLineAndColumn() throws {
        for jobs in ["1", "2"] {
            let result = try run("github", jobs: jobs)
            #expect(result.status == 1)
            #expect(result.stderr.contains("::error file=bad.md,line=3,col=9::front matter: margin 'wide' is not 1, 2 or 4 lengths\n"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("::warning file=warn.md,line=3,col=1::image 'nothere.png' not found"), "\(result.stderr)")
        }
    }

    /// Each object has the warning's or error's code (`Warning.Code`, `LetterpressError.Code`).
    @Test func jsonIsOneObjectALine() throws {
        let result = try run("json")
        let objects = try result.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let error = try #require(objects.first { $0["severity"] as? String == "error" })
        #expect(error["file"] as? String == "bad.md" && error["line"] as? Int == 3 && error["column"] as? Int == 9)
        #expect(error["message"] as? String == "front matter: margin 'wide' is not 1, 2 or 4 lengths")
        #expect(error["code"] as? String == "invalid-front-matter")
        let warning = try #require(objects.first { $0["severity"] as? String == "warning" })
        #expect(warning["file"] as? String == "warn.md" && warning["line"] as? Int == 3)
        #expect(warning["code"] as? String == "image-not-drawn")
    }

    @Test func anUnknownFormatIsRefused() throws {
        let result = try run("xml")
        #expect(result.status == 2 && result.stderr.contains("--diagnostic-format"), "\(result.stderr)")
    }
}
