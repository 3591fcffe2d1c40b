import Foundation
import Testing

/// What shows a user `render`'s options: `render --help`, the completion scripts (checked by
/// bash itself), the man page; and the paper sizes those offer.
@Suite(.serialized) struct DiscoverabilityTests {
    @Test func helpShowsTheConversionOptionsThenTheCommands() throws {
        let folder = try TestSupport.temporaryFolder()
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = try runRender(arguments, in: folder)
            let help = String(decoding: result.stdout, as: UTF8.self)
            #expect(result.status == 0)
            #expect(help.contains("USAGE: render [<options>] <inputs> ..."), "\(help)")
            for option in ["--output", "--theme", "--format", "--page-size", "--landscape", "--watch", "--golden"] {
                #expect(help.contains(option), "\(option) in render \(arguments[0])")
            }
            let options = try #require(help.range(of: "OPTIONS:"))
            let commands = try #require(help.range(of: "SUBCOMMANDS:"))
            #expect(options.lowerBound < commands.lowerBound, "the options first")
            #expect(help.contains("inspect") && help.contains("compare") && help.contains("themes"))
        }
    }

    /// What bash's completion of `line` offers, the script sourced as a user's shell would.
    private func bashCompletions(_ line: String, in folder: URL) throws -> [String] {
        let script = try runRender(["--generate-completion-script", "bash"], in: folder)
        try script.stdout.write(to: folder.appendingPathComponent("render.bash"))
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }
        let program = """
            source ./render.bash
            COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            _render render "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", program]
        bash.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = TestSupport.renderExecutable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        bash.environment = environment
        let pipe = Pipe()
        bash.standardOutput = pipe
        try bash.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bash.waitUntilExit()
        return output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesThemesFormatsSizesAndFilesWithoutTheWordConvert() throws {
        let folder = try TestSupport.temporaryFolder()
        try "# Note\n".write(to: folder.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        let registered = Process()
        registered.executableURL = URL(fileURLWithPath: "/bin/bash")
        registered.arguments = ["-c", "source <('\(TestSupport.renderExecutable.path)' --generate-completion-script bash) && complete -p render"]
        let pipe = Pipe()
        registered.standardOutput = pipe
        try registered.run()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("-F _render"))
        registered.waitUntilExit()

        #expect(try bashCompletions("render --theme me", in: folder).contains("menlo"))
        #expect(try bashCompletions("render notes.md --theme ", in: folder).contains("default"))
        #expect(try bashCompletions("render notes.md --format p", in: folder).sorted() == ["pdf", "png"])
        #expect(try bashCompletions("render --page-size a4-", in: folder) == ["a4-landscape"])
        #expect(try bashCompletions("render notes.md --lan", in: folder).sorted() == ["--landscape", "--lang"])
        let first = try bashCompletions("render ", in: folder)
        #expect(first.contains("notes.md") && first.contains("inspect"), "\(first)")
        #expect(try bashCompletions("render convert --theme tim", in: folder) == ["times"])
    }

    @Test func theManPageHasEveryOptionOfTheHelp() throws {
        let page = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/render.1"), encoding: .utf8)
        let folder = try TestSupport.temporaryFolder()
        let help = String(decoding: try runRender(["--help"], in: folder).stdout, as: UTF8.self)
        // All but ArgumentParser's own, which the help's last line names.
        let options = Set(help.matches(of: /--[a-z][a-z-]+/).map { String($0.output) }).subtracting(["--generate-completion-script"])
        #expect(options.count > 25)
        // mdoc: `.It Fl -theme Ar theme`, `.It Fl o , -output Ar output`.
        let items = page.split(separator: "\n").filter { $0.hasPrefix(".It Fl") }
        for option in options {
            #expect(items.contains { $0.contains(" " + option.dropFirst()) }, "\(option) in docs/render.1 (make man)")
        }
    }

    @Test func pagesTurnToLandscapeAndComeInMoreSizes() throws {
        let folder = try TestSupport.temporaryFolder()
        try "# Note\n\nText.\n".write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8)
        try "---\npageSize: a3-landscape\n---\n# Wide\n".write(to: folder.appendingPathComponent("wide.md"), atomically: true, encoding: .utf8)
        try "---\npageSize: a5\nlandscape: true\n---\n# Turned\n".write(to: folder.appendingPathComponent("turned.md"), atomically: true, encoding: .utf8)
        try "---\nlandscape: true\n---\n# Turned\n".write(to: folder.appendingPathComponent("turned4.md"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["n.md", "-o", "a.pdf", "--page-size", "a4-landscape"], "841.89 x 595.276"),
            (["n.md", "-o", "b.pdf", "--page-size", "letter", "--landscape"], "792 x 612"),
            (["n.md", "-o", "c.pdf", "--page-size", "B5"], "498.898 x 708.661"),
            (["n.md", "-o", "d.pdf", "--page-size", "tabloid"], "792 x 1224"),
            (["n.md", "-o", "e.pdf", "--landscape"], "841.89 x 595.276"),
            (["wide.md", "-o", "f.pdf"], "1190.55 x 841.89"),
            (["turned.md", "-o", "g.pdf"], "595.276 x 419.528"),
            (["turned4.md", "-o", "h.pdf", "--page-size", "letter"], "792 x 612"),
        ]
        for (arguments, size) in cases {
            let result = try runRender(arguments, in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let info = try popplerOutput("pdfinfo", [folder.appendingPathComponent(arguments[2]).path])
            #expect(info.contains("Page size:") && info.contains(" \(size) pts"), "\(arguments): \(info)")
        }
        let wrong = try runRender(["n.md", "--page-size", "a9"], in: folder)
        #expect(wrong.status == 2 && wrong.stderr.contains("a3, a4, a5, a6, b4, b5, letter, legal, tabloid, executive"))
    }

    /// Notes whose theme and front matter name no size take the machine's paper, as libpaper
    /// finds it; a golden check stays on A4, so that references compare across machines.
    @Test func theMachinesPaperIsTheDefault() throws {
        let folder = try TestSupport.temporaryFolder()
        try "# Note\n".write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8)
        try "---\npageSize: a5\n---\n# Sized\n".write(to: folder.appendingPathComponent("sized.md"), atomically: true, encoding: .utf8)
        try "# a comment\n  letter  \n".write(to: folder.appendingPathComponent("papersize"), atomically: true, encoding: .utf8)
        let cases: [([String], [String: String], String)] = [
            (["n.md", "-o", "a.pdf"], ["PAPERSIZE": "letter"], "612 x 792"),
            (["n.md", "-o", "b.pdf"], ["PAPERSIZE": "", "PAPERCONF": folder.appendingPathComponent("papersize").path], "612 x 792"),
            (["n.md", "-o", "c.pdf", "--landscape"], ["PAPERSIZE": "letter"], "792 x 612"),
            (["sized.md", "-o", "d.pdf"], ["PAPERSIZE": "letter"], "419.528 x 595.276"),
            (["n.md", "-o", "e.pdf", "--theme", "report"], ["PAPERSIZE": "letter"], "612 x 792"),
        ]
        for (arguments, environment, size) in cases {
            let result = try runRender(arguments, in: folder, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let info = try popplerOutput("pdfinfo", [folder.appendingPathComponent(arguments[2]).path])
            #expect(info.contains(" \(size) pts"), "\(arguments) \(environment): \(info)")
        }
        let golden = try runRender(["n.md", "--golden", "golden/", "--update-golden"], in: folder, environment: ["PAPERSIZE": "letter"])
        #expect(golden.status == 0, "\(golden.stderr)")
        let png = try Data(contentsOf: folder.appendingPathComponent("golden/n.png"))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(abs(Double(width) / Double(height) - 595.276 / 841.89) < 0.01, "an A4 reference: \(width) × \(height)")
    }
}
