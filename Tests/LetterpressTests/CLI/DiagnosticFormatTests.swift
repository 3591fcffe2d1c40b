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

    @Test func githubAnnotationsNameTheFileLineAndColumn() throws {
        for jobs in ["1", "2"] {
            let result = try run("github", jobs: jobs)
            #expect(result.status == 1)
            #expect(result.stderr.contains("::error file=bad.md,line=3,col=9::front matter: margin 'wide' is not 1, 2 or 4 lengths\n"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("::warning file=warn.md,line=3,col=1::image 'nothere.png' not found"), "\(result.stderr)")
        }
    }

    @Test func jsonIsOneObjectALine() throws {
        let result = try run("json")
        let objects = try result.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let error = try #require(objects.first { $0["severity"] as? String == "error" })
        #expect(error["file"] as? String == "bad.md" && error["line"] as? Int == 3 && error["column"] as? Int == 9)
        #expect(error["message"] as? String == "front matter: margin 'wide' is not 1, 2 or 4 lengths")
        let warning = try #require(objects.first { $0["severity"] as? String == "warning" })
        #expect(warning["file"] as? String == "warn.md" && warning["line"] as? Int == 3)
    }

    @Test func anUnknownFormatIsRefused() throws {
        let result = try run("xml")
        #expect(result.status == 2 && result.stderr.contains("--diagnostic-format"), "\(result.stderr)")
    }
}
