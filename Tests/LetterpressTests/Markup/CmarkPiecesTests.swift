import CCmarkGFM
import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressMarkup

/// A long note read by cmark piece by piece gives the blocks and warnings of the note read
/// whole; a note where one part can change another is read whole.
@Suite struct CmarkPiecesTests {
    /// A section of a long note, with what a piece may end in or next to: fences and HTML
    /// blocks with blank lines and lines of text inside (which a probe must not be taken
    /// for), headings repeated (their anchors are numbered across pieces), lists whose items
    /// a blank line separates, quotes, alerts, tables (one splitting the paragraph before it,
    /// whose lines cmark counts from 0), an element open across blocks, HTML that leaves a
    /// `<script>` open for the anchors after it, and what warns with a line (an attribute no
    /// one knows, an unclosed `^[…](`).
    private static func section(_ number: Int) -> String {
        """
        # Chapter

        Alpha **bold** and *italic* with `code` \(number), by ^[Ada](weight: 'bold').
        Second line of the paragraph.

        Beta ^[odd](colour: 'red') has a key no one knows.

        ```swift
        let x = \(number)

        Inside the fence a line reads like text.

        ~~~
        Still code.
        ```

        <!-- a comment

        Commented out, with a blank line before.
        -->

        <pre>
        kept

        Preformatted as written.
        </pre>

        <div>

        Markdown inside an element.

        </div>

        1. first

        2. second
        3. third

        - tight
        - list

        > A quote
        > over two lines.

        > [!NOTE]
        > An alert.

        | a | b |
        |---|---|
        | \(number) | two |

        Lines before a table
        and ![an image](before-table.png)
        x | y
        --|--
        1 | 2

        Text <script id="s\(number)"> left open, then <a id="intro"></a> an anchor.

        Setext heading
        --------------

        Gamma ^[text](weight: bold) and ^[open]( never closed.

        ![a picture](missing-\(number).png)


        """
    }

    private static let fence = "~~~~\n" + String(repeating: "code\n\nLooks like a probe.\n", count: 80) + "~~~~\n\n"

    private static func longNote(sections: Int) -> String {
        (0..<sections).map { section($0) + ($0 % 7 == 3 ? fence : "") }.joined()
    }

    private func parse(_ note: String, pieceBytes: Int? = nil, dialect: MarkupDialect = .automatic) -> Document {
        MarkdownParser.parseBody(note, file: "long.md", dialect: dialect, pieceBytes: pieceBytes)
    }

    /// How many pieces `note` is read in, in pieces of about `bytes`.
    private func pieceCount(_ note: String, bytes: Int) -> Int {
        let session = ParseSession(body: note, file: "long.md", variables: [:])
        guard var pieces = CmarkPieces(note, session: session, pieceBytes: bytes, minimumBytes: 4 * bytes) else { return 1 }
        var count = 0
        while let (root, _) = pieces.next(session: session) {
            cmark_node_free(root)
            count += 1
        }
        return count
    }

    @Test func aLongNoteReadInPiecesGivesTheBlocksAndWarningsOfTheWholeNote() {
        let note = Self.longNote(sections: 60)
        #expect(pieceCount(note, bytes: 512) > 50)
        let whole = parse(note)
        for bytes in [256, 512, 4096] {
            let pieced = parse(note, pieceBytes: bytes)
            #expect(pieced.blocks == whole.blocks)
            #expect(pieced.warnings == whole.warnings)
        }
        // The last section's warnings, at its lines in the note, not in a piece.
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
        let unknown = whole.warnings.filter { $0.location?.column == 6 && $0.code != .unclosedMarkup }
        #expect(unknown.count == 60)
        #expect(unknown.last?.location?.line == lines.lastIndex { $0.hasPrefix("Beta ^[odd]") }.map { $0 + 1 })
        let unclosed = whole.warnings.filter { $0.code == .unclosedMarkup }
        #expect(unclosed.count == 60)
        #expect(unclosed.last?.location?.line == lines.lastIndex { $0.hasPrefix("Gamma ") }.map { $0 + 1 })
    }

    @Test func aFenceLongerThanAPieceMakesThePieceLonger() {
        let note = "Alpha.\n\n" + String(repeating: Self.fence, count: 4) + String(repeating: "Beta *gamma*.\n\n", count: 300)
        #expect(pieceCount(note, bytes: 256) > 10)
        let whole = parse(note)
        #expect(parse(note, pieceBytes: 256).blocks == whole.blocks)
        #expect(whole.blocks.count(where: { if case .code = $0 { true } else { false } }) == 4)
    }

    @Test func notesAndSamplesReadInPiecesGiveTheSameBlocks() throws {
        let root = TestSupport.packageRoot
        var notes: [(String, String)] = []
        for folder in ["Samples", "Fuzz/corpus"] {
            for url in try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            where url.pathExtension == "md" {
                notes.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        let book = URL(fileURLWithPath: "/work/shared/bench/corpus/out/book.md")
        if let text = try? String(contentsOf: book, encoding: .utf8) {
            notes.append(("book.md", text))
            #expect(pieceCount(text, bytes: 2048) > 50)
        }
        for (name, text) in notes {
            let whole = parse(text), pieced = parse(text, pieceBytes: 128)
            #expect(pieced.blocks == whole.blocks, "\(name)")
            #expect(pieced.warnings == whole.warnings, "\(name)")
        }
    }

    @Test(arguments: [
        "See [the site][site].\n\n[site]: https://example.com\n",
        "A claim.[^1]\n\n[^1]: Its source.\n",
        "Back to [the start](#chapter).\n",
        "Back to [the start]( #chapter).\n",
        "Back to [the start](\n#chapter).\n",
        "Back to [the start](\\#chapter).\n",
        "Back to [the start](&#35;chapter).\n",
        "Back to [the start](&num;chapter).\n",
        "Back to ^[the start](link: '\\u0023chapter').\n",
        "Back to [the start]({{target}}).\n",
        "^[Hi](localized: 'greeting')\n",
        "A #tag in the text.\n",
        "See page {page:#chapter}.\n",
        "<a href=\"#chapter\">up</a>\n",
        "[[#Chapter]]\n",
        "[TOC]\n",
        "^[a]: weight: bold\n\nText ^[a].\n",
        "Price $x + y$ here.\n",
        "```math\nx^2\n```\n",
        "> ~~~ math\n> x^2\n> ~~~\n",
    ])
    func whatReachesAcrossPiecesKeepsTheNoteWhole(_ construct: String) {
        let filler = String(repeating: "Alpha **beta** gamma.\n\n", count: 100)
        let session = ParseSession(body: filler, file: "a.md", variables: [:])
        session.math = NoteMath(file: "a.md", setting: MathSetting(), source: MathSource())
        #expect(CmarkPieces(filler + filler, session: session, pieceBytes: 256, minimumBytes: 1024) != nil)
        #expect(CmarkPieces(filler + construct + filler, session: session, pieceBytes: 256, minimumBytes: 1024) == nil)
    }

    @Test func shortNotesAndDefinitionListsAreReadWhole() {
        let paragraphs = String(repeating: "Alpha **beta** gamma.\n\n", count: 100)
        #expect(CmarkPieces(paragraphs, session: ParseSession(body: paragraphs, file: "a.md", variables: [:])) == nil)
        let terms = paragraphs + "Term\n: Its definition.\n\n" + paragraphs
        let whole = parse(terms, dialect: .pandoc)
        #expect(whole.blocks.contains { if case .definitionList = $0 { true } else { false } })
        #expect(parse(terms, pieceBytes: 128, dialect: .pandoc).blocks == whole.blocks)
    }
}
