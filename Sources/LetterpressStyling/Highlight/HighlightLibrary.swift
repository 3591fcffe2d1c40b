import Foundation
import LetterpressCore
import Synchronization

/// KDE's KSyntaxHighlighting, the syntax definitions pandoc and Kate use, through the shim
/// `libLetterpressHighlight.so` (Sources/LetterpressHighlight), opened the first time a note's
/// code names a language. Linking it would load Qt (some 40 libraries) on every start of
/// `render`; a note without such code never opens it.
///
/// The shim is found beside the running program (`.build/release/`, or `/usr/local/bin`), or
/// in `../lib/letterpress/` from it, where `make install` puts it.
/// Unchecked: its C functions and vocabulary are constants; the one repository is used under `lock`.
package final class HighlightLibrary: @unchecked Sendable {
    typealias Open = @convention(c) () -> Void
    typealias Resolve = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias Vocabulary = @convention(c) () -> UnsafePointer<CChar>?
    typealias TokenCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int32) -> Void
    typealias Highlight = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int, Int, Double, TokenCallback?, UnsafeMutableRawPointer?) -> Int

    static let fileName = "libLetterpressHighlight.so"
    /// Lines longer than this many bytes are coloured only so far: past it a line is data
    /// (a minified file), and the definitions' regular expressions grow costly on it.
    static let longestLine = 1_000

    private let resolveName: Resolve
    private let highlightText: Highlight
    private let words: Vocabulary
    /// Every language name and file extension the definitions know, in lower case. Read only
    /// for a language not found, to suggest one: splitting it cost every coloured note 3 M
    /// instructions.
    var vocabulary: [String] { words().map { String(cString: $0).split(separator: "\n").map(String.init) } ?? [] }
    /// The library is one Repository, which is not safe to use from two threads at once.
    private let lock = NSLock()

    /// The library, or why it could not be opened (a sentence for a warning).
    static var shared: Result<HighlightLibrary, Failure> {
        openedFlag.withLock { $0 = true }
        return loaded
    }

    /// Whether anything has asked for the library in this process: a note without languages
    /// leaves this false, and the tests check it.
    static var wasOpened: Bool { openedFlag.withLock { $0 } }

    /// Starts opening the library on a thread of its own when `markdown` has a fence whose info
    /// string names a language, so that loading Qt and the definitions' index (some 15 ms)
    /// overlaps loading the theme and the fonts; the styler then finds it open, or waits for it.
    package static func openAhead(for markdown: String) {
        guard !wasOpened, namesALanguage(markdown) else { return }
        opening.enter()
        let open = { _ = shared; opening.leave() }
        if !DetachedThread.start(stackSize: 1 << 20, open) { open() }
    }

    /// Waits for an opening `openAhead` started, so that a rendering that fails early does not
    /// return (and its process exit) while another thread is inside Qt's start-up.
    package static func settle() {
        opening.wait()
    }

    /// Waits until no thread opens or uses the library, then keeps every thread from using it
    /// again: call just before the process exits, since Qt's static destructors, which `exit`
    /// runs, crash or hang a thread still inside Qt.
    package static func quiesce() {
        settle()
        guard wasOpened, case let .success(library) = loaded else { return }
        library.lock.lock()
    }

    /// Whether a line of `markdown` opens a fence (after spaces, `>` and list markers) with an
    /// info string naming a language that is not one of `CodeLanguages.plain`.
    static func namesALanguage(_ markdown: String) -> Bool {
        // The bytes in place: this runs on the main thread before parsing starts.
        markdown.withBytes { bytes in
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
                guard let fence = line.firstIndex(where: { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") }),
                      line[line.startIndex..<fence].allSatisfy({ " \t>-*+0123456789.)".utf8.contains($0) }) else { continue }
                let marker = line[fence]
                let afterFence = line[fence...].drop { $0 == marker }
                guard line.distance(from: fence, to: afterFence.startIndex) >= 3 else { continue }
                if let language = CodeFence(info: String(decoding: afterFence, as: UTF8.self)).language,
                   !CodeLanguages.plain.contains(CodeLanguages.aliases[language] ?? language) { return true }
            }
            return false
        }
    }

    private static let openedFlag = Mutex(false)
    /// Entered while `openAhead`'s thread opens the library.
    private static let opening = DispatchGroup()
    private static let loaded: Result<HighlightLibrary, Failure> = open()

    struct Failure: Error {
        let message: String
    }

    private init(library: UnsafeMutableRawPointer) throws(Failure) {
        func symbol<T>(_ name: String, as type: T.Type) throws(Failure) -> T {
            guard let address = dlsym(library, name) else { throw Failure(message: "\(Self.fileName) lacks \(name)") }
            return unsafeBitCast(address, to: type)
        }
        let open = try symbol("letterpress_highlight_open", as: Open.self)
        resolveName = try symbol("letterpress_highlight_resolve", as: Resolve.self)
        highlightText = try symbol("letterpress_highlight_text", as: Highlight.self)
        words = try symbol("letterpress_highlight_vocabulary", as: Vocabulary.self)
        open()
    }

    private static func open() -> Result<HighlightLibrary, Failure> {
        var reasons: [String] = []
        for path in candidates() {
            guard FileManager.default.fileExists(atPath: path) else { continue }
            guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                // Typically a library it needs is missing: `libKF5SyntaxHighlighting.so.5: cannot open…`.
                reasons.append(dlerror().map { String(cString: $0) } ?? path)
                continue
            }
            do {
                return .success(try HighlightLibrary(library: library))
            } catch {
                reasons.append(error.message)
            }
        }
        // Named by the program it is looked for beside: `render`, or a library user's own.
        let why = reasons.first.map { " (\($0); install libkf5syntaxhighlighting5)" }
            ?? " (not found beside \(program.lastPathComponent), nor in ../lib/letterpress)"
        return .failure(Failure(message: "code is not coloured: \(fileName) cannot be loaded" + why))
    }

    /// The running program's file.
    private static var program: URL {
        URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    }

    /// Where the shim may be: beside the program, then in `../lib/letterpress`.
    private static func candidates() -> [String] {
        let folder = program.deletingLastPathComponent()
        return [
            folder.appendingPathComponent(fileName).path,
            folder.deletingLastPathComponent().appendingPathComponent("lib/letterpress").appendingPathComponent(fileName).path,
        ]
    }

    /// The definition `language` names (by name, extension or file name, in any case), or nil.
    func definition(for language: String) -> String? {
        var name = [CChar](repeating: 0, count: 256)
        let found = lock.withLock { resolveName(language, &name, name.count) }
        return found == 1 ? String(cString: name) : nil
    }

    /// The tokens of `text` as `definition` reads it, in order, as UTF-8 byte ranges, as far
    /// as `seconds` of CPU time colour it, and whether that was the whole text.
    func tokens(of text: String, definition: String, within seconds: Double) -> (tokens: [Token], complete: Bool) {
        var tokens: [Token] = []
        var coloured = 0
        var text = text
        text.withUTF8 { bytes in
            withUnsafeMutablePointer(to: &tokens) { sink in
                lock.withLock {
                    bytes.withMemoryRebound(to: CChar.self) { characters in
                        coloured = highlightText(definition, characters.baseAddress, characters.count, Self.longestLine, seconds, { context, start, length, style in
                            guard let context, let kind = TokenClass(highlighterStyle: style) else { return }
                            let tokens = context.assumingMemoryBound(to: [Token].self)
                            tokens.pointee.append(Token(range: Int(start)..<Int(start + length), kind: kind))
                        }, sink)
                    }
                }
            }
        }
        return (tokens, coloured >= text.utf8.count)
    }

    /// A piece of code of one class.
    struct Token: Equatable {
        var range: Range<Int>
        var kind: TokenClass
    }
}

