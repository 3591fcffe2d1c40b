import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Coloured code: the classes the highlighting library gives tokens, the fence's options, the
/// theme's palettes, the misspelt-language warning, and the library loaded only when needed.
@Suite struct CodeHighlightTests {
    /// Whether the note names a language is read from its bytes before parsing, to open the
    /// library on another thread: a fence after spaces, quote marks and list markers.
    @Test(arguments: [
        ("```swift\nlet x = 1\n```\n", true), ("```\nplain\n```", false), ("~~~text\nx\n~~~", false),
        ("> - ```python\n", true), ("1. ~~~ ruby\n", true), ("`` swift\n", false), ("see ```swift\n", false),
        ("\n\n   ```{.c}\n", true), ("", false), ("```mermaid\ngraph\n```", false), ("é\r\n```js", true),
    ])
    func theNoteNamesALanguage(note: String, names: Bool) {
        #expect(HighlightLibrary.namesALanguage(note) == names)
    }

    /// `text`'s tokens as the library reads it in `language`, one `class text` a line.
    private func dump(_ language: String, _ text: String) throws -> [String] {
        let library = try HighlightLibrary.shared.get()
        let definition = try #require(library.definition(for: language))
        let bytes = Array(text.utf8)
        return library.tokens(of: text, definition: definition, within: 60).tokens.map {
            "\($0.kind.rawValue) \(String(decoding: bytes[$0.range], as: UTF8.self))"
        }
    }

    @Test func swiftTokens() throws {
        let tokens = try dump("swift", "import Foundation\n/// Doc.\n@MainActor struct A { let n = 0x1F; func f() -> String { \"s\" } } // c")
        #expect(tokens == [
            "keyword import", "preprocessor Foundation", "comment /// Doc.", "attribute @MainActor", "keyword struct",
            "operator {", "keyword let", "variable n", "operator =", "number 0x1F", "operator ;", "keyword func",
            "function f", "operator ()", "function String", "operator {", "string \"s\"", "operator }", "operator }",
            "comment // c",
        ])
    }

    @Test func pythonTokens() throws {
        let tokens = try dump("py", "def walk(root: str) -> list:\n    return [1.5, 'x']  # done")
        #expect(tokens == [
            "keyword def", "function str", "operator ->", "function list", "keyword return", "number 1.5", "string 'x'",
            "comment # done",
        ])
    }

    @Test func bashTokens() throws {
        let tokens = try dump("sh", "for f in *.md; do echo \"$f\" >&2; done # loop")
        #expect(tokens == [
            "keyword for", "keyword in", "preprocessor *", "keyword ;", "keyword do", "function echo", "string \"",
            "variable $", "variable f", "string \"", "operator >&", "number 2", "keyword ;", "keyword done",
            "comment # loop",
        ])
    }

    @Test func diffLines() throws {
        let tokens = try dump("diff", " same\n-old\n+new")
        #expect(tokens == ["deleted -old", "inserted +new"])
        let document = try styled("```diff\n same\n-old\n+new\n```")
        guard case let .code(code) = document.blocks.first else { Issue.record("no code block"); return }
        let deleted = try #require(Theme.default.codeSyntax.style(of: .deleted)?.background)
        let inserted = try #require(Theme.default.codeSyntax.style(of: .inserted)?.background)
        #expect(code.styled?.bands == [1: deleted, 2: inserted], "a diff's lines are set on their colour across the block")
    }

    @Test func languagesByNameExtensionAndFileName() throws {
        let library = try HighlightLibrary.shared.get()
        #expect(library.definition(for: "rs") == "Rust")
        #expect(library.definition(for: "c++") == "C++")
        #expect(library.definition(for: "dockerfile") == "Dockerfile")
        #expect(library.definition(for: "yml") == "YAML")
        #expect(library.definition(for: "no-such-language") == nil)
    }

    @Test func fenceOptions() {
        #expect(CodeFence(info: "swift") == CodeFence(info: "Swift"))
        #expect(CodeFence(info: "{.python .numberLines}").language == "python")
        #expect(CodeFence(info: "swift {linenos}").lineNumbers == true)
        #expect(CodeFence(info: "swift linenos=false").lineNumbers == false)
        #expect(CodeFence(info: "python {hl_lines=\"3-5 8\"}").markedLines == [3...5, 8...8])
        #expect(CodeFence(info: "python hl_lines=\"2,4-4\"").markedLines == [2...2, 4...4])
        #expect(CodeFence(info: "c {hl_lines=\"0 5-2 x\"}").markedLines.isEmpty)
        #expect(CodeFence(info: "{linenos}").language == nil)
        #expect(CodeFence(info: String(repeating: "a", count: 65)).language == nil)
    }

    @Test func numberedAndMarkedLines() {
        let theme = Theme.default
        let code = StyledCode("a\nb\nc\nd\ne\nf\ng\nh\ni\nj", tokens: [], numbered: true, marked: [2...3, 9...40],
                              style: theme.code.text, syntax: theme.codeSyntax)
        #expect(code.text.string.hasPrefix(" 1  a\n 2  b\n"))
        #expect(code.text.string.hasSuffix("\n10  j"))
        #expect(code.gutter?.string == "10  ")
        #expect(code.bands == [1: theme.codeSyntax.lineHighlight, 2: theme.codeSyntax.lineHighlight,
                               8: theme.codeSyntax.lineHighlight, 9: theme.codeSyntax.lineHighlight])
        #expect(code.text.runs.first?.style.color == theme.codeSyntax.lineNumberColor)
    }

    /// The blocks of `markdown` styled in `theme`.
    private func styled(_ markdown: String, theme: Theme = .default) throws -> StyledDocument {
        Styler(theme: theme, file: "n.md").style(try Document(parsing: markdown, file: "n.md"))
    }

    private func codeRuns(_ document: StyledDocument) -> [[StyledRun]] {
        document.blocks.compactMap { block in
            if case let .code(code) = block { return code.styled?.text.runs ?? [] }
            return nil
        }
    }

    @Test func fourColoursInEachLanguage() throws {
        let document = try styled("""
            ```swift
            import Foundation
            let total: Int = 42 // answer
            func greet() -> String { "hi" }
            ```

            ```python
            import os
            def walk(root):  # files
                return [os.path.join(root, "x"), 3]
            ```

            ```bash
            for f in *.md; do echo "$f" >&2; done # each
            ```
            """)
        let blocks = codeRuns(document)
        #expect(blocks.count == 3)
        for runs in blocks {
            #expect(Set(runs.map(\.style.color)).count >= 4, "\(runs.map(\.style.color))")
        }
        #expect(document.warnings.isEmpty)
    }

    @Test func codeWithoutLanguageOrKnownLanguageIsUntouched() throws {
        let document = try styled("```\nplain\n```\n\n```mermaid\ngraph TD\n```\n\n```text\nx\n```")
        for block in document.blocks {
            guard case let .code(code) = block else { continue }
            #expect(code.styled == nil)
        }
        #expect(document.warnings.isEmpty)
    }

    @Test func misspeltLanguageWarnsOnceWithSuggestion() throws {
        let document = try styled("Text.\n\n```pyhton\nprint(1)\n```\n\n```pyhton\nprint(2)\n```\n")
        #expect(document.warnings.map(\.description) == [
            "n.md:3:4: warning: unknown code language 'pyhton', shown plain (did you mean 'python'?)",
        ])
    }

    @Test func oddLanguageNamesStayPlain() throws {
        let document = try styled("```\"><b>\nx\n```\n\n```\u{202E}\u{1F600}\nx\n```\n\n```" + String(repeating: "z", count: 5_000) + "\nx\n```\n")
        #expect(codeRuns(document).allSatisfy { $0.isEmpty })
        #expect(document.warnings.isEmpty)
    }

    @Test func aThemeNumbersEveryBlock() throws {
        var theme = Theme.default
        theme.codeSyntax.lineNumbers = true
        let document = try styled("```\nplain\nlines\n```\n\n```swift linenos=false\nlet x = 1\n```", theme: theme)
        let texts = document.blocks.compactMap { block -> String? in
            if case let .code(code) = block { return code.styled?.text.string ?? code.code.text }
            return nil
        }
        #expect(texts == ["1  plain\n2  lines", "let x = 1"])
    }

    @Test func junkAndLongCodeStayPlain() throws {
        let junk = try styled("```bash\n" + String(repeating: "\u{FFFD}x\u{1}", count: 2_000) + "\n```\n")
        #expect(codeRuns(junk).allSatisfy { $0.isEmpty })
        #expect(junk.warnings.isEmpty)
        let lines = Array(repeating: "x = 1", count: CodeLanguages.mostColouredLines).joined(separator: "\n")
        let long = try styled("```python\nprint(1)\n```\n\n```python\n\(lines)\n```\n\n```python\nprint(2)\n```\n")
        #expect(codeRuns(long).map(\.isEmpty) == [false, true, true], "colour stops at one place")
        #expect(long.warnings.map(\.description) == ["n.md:5:4: warning: code past 20000 lines or 512 KB in one note is shown in one colour"])
    }

    @Test func everyShippedThemeColoursTheMainClasses() throws {
        for name in ["default", "night", "important", "menlo", "times", "report", "notepad"] {
            let theme = try Theme.named(name)
            let colours = [TokenClass.keyword, .string, .comment, .number, .type].compactMap { theme.codeSyntax.style(of: $0)?.color }
            #expect(colours.count == 5, "\(name)")
            #expect(Set(colours + [theme.code.text.color]).count == 6, "\(name): each class its own colour, none the code's")
            #expect(theme.codeSyntax.style(of: .inserted)?.background != nil, "\(name)")
        }
    }

    @Test func unknownSyntaxKeysWarnWithHints() throws {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("t.yaml")
        try "extends: default\ncode:\n  syntax:\n    keywrd: red\n    string: {colour: blue}\n  lineNumbrs: true\n".write(to: file, atomically: true, encoding: .utf8)
        let (theme, warnings) = try ThemeLoader().loadReportingWarnings(file.path)
        #expect(warnings.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }.sorted() == [
            "t.yaml:4:5: warning: unknown key 'code.syntax.keywrd' ignored (did you mean 'keyword'?)",
            "t.yaml:5:14: warning: unknown key 'code.syntax.string.colour' ignored (did you mean 'foregroundColor'?)",
            "t.yaml:6:3: warning: unknown key 'code.lineNumbrs' ignored (did you mean 'lineNumbers'?)",
        ])
        #expect(theme.codeSyntax.style(of: .keyword) == Theme.default.codeSyntax.style(of: .keyword))
    }

    /// Which shared libraries `render` loads for `markdown`, from the dynamic loader's own log.
    private func loadedLibraries(_ markdown: String) throws -> String {
        let folder = try TestSupport.temporaryFolder()
        try markdown.write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["n.md", "-o", "n.pdf"], in: folder, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0)
        return result.stderr
    }

    @Test func theLibraryLoadsOnlyForCodeNamingALanguage() throws {
        let plain = try loadedLibraries("# Note\n\n```\nno language\n```\n\n```mermaid\ngraph\n```\n")
        #expect(!plain.contains(HighlightLibrary.fileName))
        #expect(!plain.contains("libQt5Core"))
        let coloured = try loadedLibraries("```swift\nlet x = 1\n```\n")
        #expect(coloured.contains(HighlightLibrary.fileName))
        #expect(coloured.contains("libKF5SyntaxHighlighting"))
    }

    /// A note naming a language starts opening Qt on a thread of its own; a render that ends at
    /// once (bad front matter) or colours nothing must not exit while that thread is inside Qt,
    /// whose static destructors then crashed or hung the process about one run in three.
    @Test func renderingsThatEndEarlyExitCleanlyWhileTheLibraryOpens() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("---\npageSize: bogus\n---\n```swift\nlet x = 1\n```\n".utf8).write(to: folder.appendingPathComponent("bad.md"))
        try Data("~~~~\n```swift\n~~~~\n".utf8).write(to: folder.appendingPathComponent("quoted.md"))
        for _ in 0..<15 {
            let bad = try runRender(["bad.md", "-o", "bad.pdf"], in: folder, timeout: 30)
            #expect(bad.status == 1 && bad.stderr.contains("pageSize"), "\(bad.status): \(bad.stderr)")
            let quoted = try runRender(["quoted.md", "-o", "quoted.pdf"], in: folder, timeout: 30)
            #expect(quoted.status == 0, "\(quoted.status): \(quoted.stderr)")
        }
    }
}
