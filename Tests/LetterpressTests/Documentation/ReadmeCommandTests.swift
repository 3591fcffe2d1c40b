import Foundation
import Testing

/// The README's command lines work as pasted from the repository's root. Each `render` line of
/// its shell blocks runs, in the README's order (a golden check needs the reference the line
/// before it writes), with this build's `render` in place of `.build/release/render`, the one
/// `make demo` builds. They run in a temporary folder holding copies of the repository's files
/// they name, so that nothing is written into the checkout.
@Suite struct ReadmeCommandTests {
    static let readme = TestSupport.packageRoot.appendingPathComponent("README.md")
    static let builtRender = ".build/release/render"

    /// The lines of the README's `sh`, `bash` and `shell` blocks, blank ones left out.
    static func shellLines(of markdown: String) -> [String] {
        var lines: [String] = []
        var inShell = false
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inFence && ["```sh", "```bash", "```shell"].contains(line.trimmingCharacters(in: .whitespaces))
                inFence.toggle()
            } else if inShell, !line.allSatisfy(\.isWhitespace) {
                lines.append(String(line))
            }
        }
        return lines
    }

    /// A command line's words as a shell splits them: quotes group, and `#` starting a word
    /// starts a comment. Nil when the line needs more of a shell than that (a pipe, a
    /// redirection, a variable, a glob, `~`, `&&`): the test runs words, not a shell.
    static func words(of line: String) -> [String]? {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open {
                    quote = nil
                } else if open == "\"", "$`\\".contains(character) {
                    return nil
                } else {
                    word?.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " || character == "\t" {
                if let finished = word { words.append(finished) }
                word = nil
            } else if character == "#", word == nil {
                break
            } else if "|&;<>$`\\*?()".contains(character) || character == "~" && word == nil {
                return nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        guard quote == nil else { return nil }
        if let finished = word { words.append(finished) }
        return words
    }

    /// Where a command's output goes: `-o`'s or `--golden`'s value, nil when it prints instead.
    static func output(of arguments: [String]) -> String? {
        guard let flag = arguments.lastIndex(where: { ["-o", "--output", "--golden"].contains($0) }),
              arguments.indices.contains(flag + 1) else { return nil }
        return arguments[flag + 1]
    }

    /// The non-empty files `output` names in `folder`: a folder's files, or a file, or the pages
    /// `render` names after it (`notes.png` → `notes-1.png`, `notes-2.png`…).
    static func writtenFiles(_ output: String, in folder: URL) throws -> [URL] {
        let files = FileManager.default
        let target = folder.appendingPathComponent(output)
        let candidates: [URL]
        if output.hasSuffix("/") {
            candidates = try files.contentsOfDirectory(at: target, includingPropertiesForKeys: nil)
        } else if files.fileExists(atPath: target.path) {
            candidates = [target]
        } else {
            let prefix = target.deletingPathExtension().lastPathComponent + "-"
            let suffix = "." + target.pathExtension
            candidates = ((try? files.contentsOfDirectory(at: target.deletingLastPathComponent(), includingPropertiesForKeys: nil)) ?? [])
                .filter { file in
                    let name = file.lastPathComponent
                    let number = name.dropFirst(prefix.count).dropLast(suffix.count)
                    return name.hasPrefix(prefix) && name.hasSuffix(suffix) && !number.isEmpty && number.allSatisfy(\.isNumber)
                }
        }
        return try candidates.filter { try ($0.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) > 0 }
    }

    @Test func theCommandLinesRunAsPasted() throws {
        let lines = Self.shellLines(of: try String(contentsOf: Self.readme, encoding: .utf8))
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var ran = 0
        for line in lines {
            // Set-up, installing and packaging need root, the network or minutes of building.
            let command = line.split(separator: " ").first.map(String.init)
            if command == "make" || command == "sudo" { continue }
            #expect(command == Self.builtRender, "a README command this test neither runs nor skips: \(line)")
            guard command == Self.builtRender else { continue }
            let arguments = try Array(#require(Self.words(of: line), "not a plain command line: \(line)").dropFirst())
            // The repository's files a line names are copied in; never `out`, which the lines
            // write (a checkout's own `out/` from `make demo` would pass off old files as new).
            for argument in arguments where !argument.hasPrefix("-") && !argument.hasPrefix("/") {
                guard let top = argument.split(separator: "/").first.map(String.init), top != "out", !top.hasPrefix("."),
                      FileManager.default.fileExists(atPath: TestSupport.packageRoot.appendingPathComponent(top).path),
                      !FileManager.default.fileExists(atPath: folder.appendingPathComponent(top).path) else { continue }
                try FileManager.default.copyItem(at: TestSupport.packageRoot.appendingPathComponent(top),
                                                 to: folder.appendingPathComponent(top))
            }
            let result = try runRender(arguments, in: folder, timeout: 120)
            ran += 1
            #expect(result.status == 0, "\(line)\n\(result.stderr)")
            if let output = Self.output(of: arguments) {
                #expect(try !Self.writtenFiles(output, in: folder).isEmpty, "\(line): wrote nothing at \(output)")
            } else {
                #expect(!result.stdout.isEmpty, "\(line): printed nothing")
            }
        }
        #expect(ran >= 5, "the README's quick start and tour have their command lines in ```sh blocks")
    }

    @Test func wordsAreSplitAsAShellSplitsThem() {
        #expect(Self.words(of: "render a.md -o 'pages/page-{0p}.png'   # one file a page") == ["render", "a.md", "-o", "pages/page-{0p}.png"])
        #expect(Self.words(of: #"render "my notes.md" --var 'who=#1'"#) == ["render", "my notes.md", "--var", "who=#1"])
        #expect(Self.words(of: "render a#b.md ~/c.md") == nil)
        #expect(Self.words(of: "render a#b.md") == ["render", "a#b.md"])
        #expect(Self.words(of: "render a.md > a.pdf") == nil)
        #expect(Self.words(of: "render a.md && render b.md") == nil)
        #expect(Self.words(of: "render $HOME/a.md") == nil)
        #expect(Self.words(of: "render 'unclosed") == nil)
    }
}
