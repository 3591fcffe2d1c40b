import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Right-to-left paragraphs and the blocks around them: the direction comes from the first
/// strong character, HTML's `dir` or the `direction` attribute, and alignment, markers, quote
/// bars, table columns and lines beside shapes follow it.
@Suite(.fontWork) struct RightToLeftTests {
    private static let left = 72.0
    private static let right = PageSize.a4.width - 72

    private static let arabic = "هذه فقرة باللغة العربية تحتوي على كلمات English في وسطها، مثل Swift و Pango، "
        + "ويجب أن تقرأ من اليمين إلى اليسار بشكل صحيح حتى عندما تمتد على عدة أسطر في الصفحة."

    /// The body's text lines of the first page, top to bottom.
    private func lines(_ markdown: String) throws -> [TextLine] {
        let page = try #require(try TestSupport.typeset(markdown).pages.first)
        return page.items.compactMap { item in
            guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { return nil }
            return line
        }
    }

    private func end(of line: TextLine) -> Double { line.origin.x + line.metrics.width }

    @Test func anArabicParagraphIsSetFromTheRightMargin() throws {
        let lines = try lines(Self.arabic + " " + Self.arabic)
        #expect(lines.count >= 3)
        for line in lines {
            #expect(abs(end(of: line) - Self.right) < 0.5, "'\(line.string)' ends at \(end(of: line))")
        }
        let last = try #require(lines.last)
        #expect(last.origin.x > Self.left + 50, "the short last line keeps to the right")
    }

    @Test func anEnglishParagraphAfterAnArabicOneStaysLeftToRight() throws {
        let lines = try lines("مرحبا بالعالم\n\nHello world, left to right.\n\n123 456")
        #expect(lines.map(\.string) == ["مرحبا بالعالم", "Hello world, left to right.", "123 456"])
        #expect(abs(end(of: lines[0]) - Self.right) < 0.5)
        #expect(abs(lines[1].origin.x - Self.left) < 0.01)
        #expect(abs(lines[2].origin.x - Self.left) < 0.01, "digits have no direction: the document's left to right")
    }

    @Test func aHebrewListHasItsMarkersOnTheRightInOrder() throws {
        let lines = try lines("1. אחד\n2. שתיים עם Alice\n3. שלוש\n\n- ראשון\n- [ ] משימה")
        let isMarker = { (line: TextLine) in line.string.hasSuffix(".") || line.string == "•" }
        let markers = lines.filter(isMarker)
        let items = lines.filter { !isMarker($0) }
        #expect(markers.map(\.string) == ["1.", "2.", "3.", "•"], "numbered from the top")
        #expect(items.map(\.string) == ["אחד", "שתיים עם Alice", "שלוש", "ראשון", "משימה"])
        for (marker, item) in zip(markers, items) {
            #expect(marker.origin.x > end(of: item), "marker '\(marker.string)' is right of '\(item.string)'")
            #expect(end(of: marker) < Self.right + 0.5)
        }
        let ends = items.map(end(of:))
        #expect(ends.allSatisfy { abs($0 - ends[0]) < 0.5 }, "items start at one indent from the right")
        let page = try #require(try TestSupport.typeset("- [ ] משימה").pages.first)
        let box = try #require(page.items.compactMap { item -> Rect? in
            if case let .checkbox(rect, _, _) = item { return rect }
            return nil
        }.first)
        let task = try #require(try self.lines("- [ ] משימה").first)
        #expect(box.x > end(of: task))
    }

    @Test func anArabicListWithEnglishItemsKeepsTheListsDirection() throws {
        let lines = try lines("- أردوينو السهل - Abdallah Ali (PDF)\n- Eloquent JavaScript - Marijn Haverbeke")
        let items = lines.filter { $0.string != "•" }
        #expect(items.count == 2)
        #expect(abs(end(of: items[0]) - end(of: items[1])) < 0.5, "the English item starts beside its marker too")
    }

    @Test func aQuoteInHebrewHasItsBarOnTheRight() throws {
        let page = try #require(try TestSupport.typeset("> ציטוט בעברית עם פס בצד ימין.").pages.first)
        let bar = try #require(page.items.compactMap { item -> Rect? in
            if case let .fill(rect, _) = item { return rect }
            return nil
        }.first)
        let text = try #require(try lines("> ציטוט בעברית עם פס בצד ימין.").first)
        #expect(bar.x > end(of: text))
        #expect(abs(bar.maxX - Self.right) < 0.01)
    }

    @Test func anArabicTableHasItsFirstColumnOnTheRight() throws {
        let lines = try lines("| الاسم | العمر |\n|---|---|\n| أحمد | 30 |")
        let cells = Dictionary(lines.map { ($0.string, $0) }, uniquingKeysWith: { first, _ in first })
        let name = try #require(cells["الاسم"]), age = try #require(cells["العمر"])
        let ahmad = try #require(cells["أحمد"]), thirty = try #require(cells["30"])
        #expect(name.origin.x > end(of: age))
        #expect(ahmad.origin.x > end(of: thirty))
        #expect(abs(end(of: name) - end(of: ahmad)) < 0.5, "cells start at their column's right")
    }

    @Test func dirAndTheDirectionAttributeOverrideTheText() throws {
        let lines = try lines("""
            <div dir="rtl">

            Hello from a right-to-left division.

            <p dir="ltr">مرحبا from a left-to-right paragraph.</p>

            </div>

            ^[مرحبا English after](direction: 'ltr')

            ^[Hello then Arabic](direction: 'rtl')
            """)
        #expect(lines.count == 4)
        #expect(abs(end(of: lines[0]) - Self.right) < 0.5)
        #expect(abs(lines[1].origin.x - Self.left) < 0.01)
        #expect(abs(lines[2].origin.x - Self.left) < 0.01)
        #expect(abs(end(of: lines[3]) - Self.right) < 0.5)
    }

    @Test func linesBesideAShapeOnTheRightEndAtItAndTakeTheirMarker() throws {
        let words = String(repeating: "كلمات عربية تلتف حول الشكل ", count: 30)
        let lines = try lines("---\nexclusions:\n  - {shape: rect, rect: [380, 60, 160, 100]}\n---\n- \(words)")
        let marker = try #require(lines.first { $0.string == "•" })
        let text = lines.filter { $0.string != "•" }
        let beside = text.filter { $0.origin.y < 160 }
        #expect(beside.count >= 3)
        for line in beside { #expect(end(of: line) <= 380 + 0.5, "'\(line.string)' runs into the shape") }
        #expect(abs(end(of: beside[0]) - end(of: beside[1])) < 0.5, "lines beside the shape start at its edge")
        #expect(marker.origin.x > end(of: beside[0]) && marker.origin.x < 380, "the marker moves with the first line")
        #expect(text.contains { $0.origin.y > 180 && end(of: $0) > 380 }, "below it, lines start at the column's right again")
    }

    /// Pango orders the glyphs of a line; the PDF's text, as pdftotext reads it, keeps the
    /// order the paragraph was written in.
    @Test func aMixedParagraphReadsInItsOwnOrderFromThePDF() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = folder.appendingPathComponent("note.md")
        let paragraph = "مرحبا بالعالم، هذا نص عربي مع English words في الوسط."
        try "\(paragraph)\n\n- العنصر الثاني مع Alice Smith\n".write(to: note, atomically: true, encoding: .utf8)
        let pdf = folder.appendingPathComponent("note.pdf")
        _ = try Renderer(options: RenderOptions()).render(input: note.path, to: pdf, format: .pdf)
        // pdftotext marks the direction of runs with embeddings; spaces at run ends move.
        let controls = Set<Unicode.Scalar>(["\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}"])
        func letters(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { !controls.contains($0) && !$0.properties.isWhitespace }))
        }
        let text = letters(try pdfText(pdf))
        #expect(text.contains(letters(paragraph)))
        #expect(text.contains(letters("• العنصر الثاني مع Alice Smith")))
    }
}
