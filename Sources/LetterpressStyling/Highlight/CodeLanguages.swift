import Foundation
import Synchronization
import LetterpressCore
import LetterpressMarkup

/// The languages one document's code blocks name, resolved to syntax definitions once each,
/// with at most one warning for each misspelt name and one when the library is missing.
final class CodeLanguages: Sendable {
    /// Names Markdown writers give code that is no language (or one with no definition worth
    /// a suggestion): left plain, without loading the library.
    static let plain: Set<String> = [
        "text", "txt", "plain", "plaintext", "none", "nohighlight", "no-highlight", "output", "raw", "log",
        "math", "latex-math", "mermaid", "plantuml", "ascii", "asciiart", "csv", "tsv", "diagram", "svgbob",
    ]
    /// Names GitHub's Markdown takes that the definitions know by another.
    static let aliases: [String: String] = [
        "console": "bash", "shell": "bash", "shell-session": "bash", "sh-session": "bash", "terminal": "bash", "shellsession": "bash",
        "golang": "go", "docker": "dockerfile", "make": "makefile", "python3": "python", "py3": "python",
        "objc": "objective-c", "objectivec": "objective-c", "jsonc": "json", "json5": "json", "node": "javascript",
        "ecmascript": "javascript", "csharp": "c#", "patch": "diff", "udiff": "diff",
    ]

    /// At most this many lines of a document's code are coloured: each line's tokens become
    /// styled runs, some 17 MB and 120 ms for every thousand lines laid out (one colour: 2 MB
    /// and 30 ms), and a listing of 100,000 lines would take the whole memory budget.
    static let mostColouredLines = 20_000
    /// And at most this many bytes: real code takes the library some 0.1 ms a kilobyte, but
    /// printable junk in a `bash` fence 6 ms (control characters and U+FFFD, 18 ms, are kept
    /// out by `looksLikeText`), so a note's colouring stays within a few seconds.
    static let mostColouredBytes = 512 << 10

    private struct Spent {
        var colouredLines = 0
        var colouredBytes = 0
        var warnedAboutLength = false
        var definitions: [String: String?] = [:]
        var warned: Set<String> = []
        var warnedAboutLibrary = false
        var colouringSecondsLeft = colouringSeconds
        var tokensLeft = mostTokens
    }
    /// One styler styles one document on one thread; the mutex keeps a styler shared by a
    /// library user's tasks safe anyway.
    private let spent = Mutex(Spent())

    /// The library and the definition for `language` (lower case), or nil: no language, a
    /// language it has no definition for (with a warning when it looks like a misspelling of
    /// one), or no library (with a warning, once).
    func definition(for language: String, at location: SourceLocation?, file: String,
                    warnings: inout [Warning]) -> (HighlightLibrary, String)? {
        let word = Self.aliases[language] ?? language
        guard !Self.plain.contains(word) else { return nil }
        return spent.withLock { spent in
            switch HighlightLibrary.shared {
            case let .failure(failure):
                if !spent.warnedAboutLibrary {
                    spent.warnedAboutLibrary = true
                    warnings.append(Warning(code: .highlighterUnavailable, file: file, message: failure.message, isAboutInstallation: true))
                }
                return nil
            case let .success(library):
                if let known = spent.definitions[word] { return known.map { (library, $0) } }
                let found = library.definition(for: word)
                spent.definitions[word] = found
                if found == nil, spent.warned.insert(word).inserted, let suggestion = Self.suggestion(for: word, among: library.vocabulary) {
                    warnings.append(Warning(code: .unknownCodeLanguage, file: file, location: location,
                                            message: "unknown code language \(Excerpt.quoted(language)), shown plain (did you mean '\(suggestion)'?)"))
                }
                return found.map { (library, $0) }
            }
        }
    }

    /// CPU time the colouring of one note may take, and tokens it may colour: real code takes
    /// the library some 0.1 ms a kilobyte, but KDE's TypeScript definition up to 45 ms a
    /// kilobyte of junk; and each token is a styled run to lay out, some 40 µs where junk
    /// makes one of every other character (512 KB of `a<a<…` took 25 s). A real program has
    /// about one token in five bytes. Past either, the rest of the note's code is in one colour.
    static let colouringSeconds = 2.0
    static let mostTokens = 100_000

    /// The tokens of `code` as `definition` reads it, as far as the note's colouring time and
    /// tokens go; a warning the first time either runs out.
    func tokens(of code: CodeBlock, library: HighlightLibrary, definition: String, file: String,
                warnings: inout [Warning]) -> [HighlightLibrary.Token] {
        let (seconds, count) = spent.withLock { ($0.colouringSecondsLeft, $0.tokensLeft) }
        guard seconds > 0, count > 0 else { return [] }
        let started = Timings.threadSeconds()
        var (tokens, complete) = library.tokens(of: code.text, definition: definition, within: seconds)
        let used = Timings.threadSeconds() - started
        if tokens.count > count {
            tokens.removeLast(tokens.count - count)
            complete = false
        }
        spent.withLock { spent in
            spent.colouringSecondsLeft = complete ? seconds - used : 0
            spent.tokensLeft = complete ? count - tokens.count : 0
            if !complete && !spent.warnedAboutLength {
                spent.warnedAboutLength = true
                warnings.append(Warning(code: .highlightingLimit, file: file, location: code.location, message:
                    "colouring code stops after \(Self.format(Self.colouringSeconds)) s or \(Self.mostTokens) tokens in one note; the rest of its code is shown in one colour"))
            }
        }
        return tokens
    }

    private static func format(_ seconds: Double) -> String { String(format: "%g", seconds) }

    /// Whether `code` may be coloured: text rather than binary junk, within what is left of
    /// the note's budget; past the budget, a warning the first time.
    func mayColour(_ code: String, at location: SourceLocation?, file: String, warnings: inout [Warning]) -> Bool {
        guard Self.looksLikeText(code) else { return false }
        let lines = code.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        return spent.withLock { spent in
            spent.colouredLines += lines
            spent.colouredBytes += code.utf8.count
            // Once past the budget, every later block too, so that colour stops at one place.
            guard spent.colouredLines > Self.mostColouredLines || spent.colouredBytes > Self.mostColouredBytes else { return true }
            if !spent.warnedAboutLength {
                spent.warnedAboutLength = true
                warnings.append(Warning(code: .highlightingLimit, file: file, location: location, message:
                    "code past \(Self.mostColouredLines) lines or \(Self.mostColouredBytes >> 10) KB in one note is shown in one colour"))
            }
            return false
        }
    }

    /// Whether at most one character in a hundred of `code` is a replacement character or a
    /// control character other than a tab or a line end: junk pasted into a fence stays plain.
    static func looksLikeText(_ code: String) -> Bool {
        var odd = 0
        var count = 0
        for scalar in code.unicodeScalars {
            count += 1
            if scalar == "\u{FFFD}" || (scalar.value < 0x20 && !["\t", "\n", "\r", "\u{0C}"].contains(scalar)) || scalar.value == 0x7F {
                odd += 1
            }
        }
        return odd * 100 <= count
    }

    /// The known name `word` is most likely a slip for: one edit away (two for names of five
    /// letters or more), or two letters swapped; nil for a name that is simply not a language.
    static func suggestion(for word: String, among names: [String]) -> String? {
        guard word.count >= 3 else { return nil }
        let allowed = word.count >= 5 ? 2 : 1
        var best: (name: String, distance: Int)?
        for name in names + Array(aliases.keys) where abs(name.count - word.count) <= allowed {
            let distance = swapsAdjacent(word, name) ? 1 : NameSuggester.distance(Array(word), Array(name), atMost: allowed) ?? .max
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// Whether `a` is `b` with two neighbouring letters swapped (`pyhton`, `python`).
    private static func swapsAdjacent(_ a: String, _ b: String) -> Bool {
        let a = Array(a), b = Array(b)
        guard a.count == b.count else { return false }
        let differences = a.indices.filter { a[$0] != b[$0] }
        return differences.count == 2 && differences[1] == differences[0] + 1
            && a[differences[0]] == b[differences[1]] && a[differences[1]] == b[differences[0]]
    }
}

extension Styler {
    /// `code` with its tokens in the theme's `code.syntax` colours, its lines numbered and
    /// marked as its fence or the theme asks; unchanged (one colour, as before highlighting)
    /// when none of these applies, or the language is none the library knows.
    func style(_ code: CodeBlock, warnings: inout [Warning]) -> StyledCodeBlock {
        let fence = CodeFence(info: code.info)
        let numbered = fence.lineNumbers ?? theme.codeSyntax.lineNumbers
        var tokens: [HighlightLibrary.Token] = []
        // A theme without a palette colours nothing: it never loads the library.
        if let language = fence.language, !theme.codeSyntax.palette.isEmpty,
           let (library, definition) = codeLanguages.definition(for: language, at: code.location, file: file, warnings: &warnings),
           codeLanguages.mayColour(code.text, at: code.location, file: file, warnings: &warnings) {
            tokens = codeLanguages.tokens(of: code, library: library, definition: definition, file: file, warnings: &warnings)
        }
        guard !tokens.isEmpty || numbered || !fence.markedLines.isEmpty else { return StyledCodeBlock(code: code) }
        return StyledCodeBlock(code: code, styled: StyledCode(code.text, tokens: tokens, numbered: numbered, marked: fence.markedLines,
                                                              style: theme.code.text, syntax: theme.codeSyntax))
    }
}
