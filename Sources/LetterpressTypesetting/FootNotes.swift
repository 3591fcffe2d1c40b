import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Footnotes laid out for the foot of their pages (`footnotes: page`), and the way to the
/// notes a box refers to: the anchors of references (`fnref-label`, `fnref-label-2`…), which
/// `LineItems` puts in whatever line holds a reference (paragraphs, headings, list items,
/// quotes, table cells), so the paginator needs no other record of where they are.
struct FootNotes {
    /// A note's boxes, stacked from its top, and the notes its own text refers to.
    struct Note {
        var boxes: [Slice.Box]
        var height: Double
        var references: [Int]
    }

    private(set) var notes: [Int: Note] = [:]
    /// The note each label names.
    private var numbers: [String: Int] = [:]
    /// Above the rule, and between the rule and the first note.
    private let gap: Double
    /// Between two notes.
    private let spacing: Double
    private let rule: PageItem

    /// Lays out `footnotes` with `collector`. One taller than `tallest` is left for the end of
    /// the document (`leftForTheEnd`), with the notes its text refers to, which must follow it.
    init(_ footnotes: [StyledFootnote], collector: inout Collector, column: Column, tallest: Double) {
        let styles = collector.styles
        gap = styles.body.spaceAfter
        spacing = styles.footnotes.spaceAfter
        rule = .line(from: Point(x: column.x, y: 0.25), to: Point(x: column.x + column.width * 0.3, y: 0.25), styles.rule.color, width: 0.5)
        for footnote in footnotes { numbers[footnote.label] = footnote.number }
        for footnote in footnotes {
            let boxes = collector.footnoteBoxes(footnote, column: column)
            let height = boxes.enumerated().reduce(0) { $0 + ($1.offset == 0 ? 0 : $1.element.gapBefore) + $1.element.height }
            notes[footnote.number] = Note(boxes: boxes, height: height, references: [])
        }
        let references = notes.mapValues { $0.boxes.flatMap(referenced) }
        for (number, found) in references { notes[number]?.references = found.filter { $0 != number } }
        var leaving = notes.filter { $0.value.height > tallest }.keys.sorted().map { (number: $0, citedFrom: Int?.none) }
        while let (number, citedFrom) = leaving.popLast() {
            guard let note = notes.removeValue(forKey: number) else { continue }
            leftForTheEnd.append((number, citedFrom))
            leaving += note.references.map { ($0, number) }
        }
        leftForTheEnd.sort { $0.number < $1.number }
    }

    /// The notes set at the end of the document: too tall for a page's foot, or cited from
    /// one that is.
    private(set) var leftForTheEnd: [(number: Int, citedFrom: Int?)] = []

    /// The notes whose references `box` holds, in their order, each once.
    func referenced(in box: Slice.Box) -> [Int] {
        var found: [Int] = []
        for case let .destination(name, _) in box.items {
            guard let number = number(ofReference: name), notes[number] != nil, !found.contains(number) else { continue }
            found.append(number)
        }
        return found
    }

    /// The note a reference's anchor names: `fnref-` and the note's label, then `-N` from the
    /// second reference on.
    private func number(ofReference name: String) -> Int? {
        guard name.hasPrefix("fnref-") else { return nil }
        let label = name.dropFirst(6)
        if let number = numbers[String(label)] { return number }
        guard let dash = label.lastIndex(of: "-"), Int(label[label.index(after: dash)...]) != nil else { return nil }
        return numbers[String(label[..<dash])]
    }

    /// The height the notes `numbers` take at a page's foot, with the rule above them.
    func height(of numbers: [Int]) -> Double {
        guard !numbers.isEmpty else { return 0 }
        let notes = numbers.compactMap { self.notes[$0]?.height }.reduce(0, +)
        return 2 * gap + 0.5 + notes + spacing * Double(numbers.count - 1)
    }

    /// The rule and the boxes of the notes `numbers`, placed so that the last ends at `bottom`.
    func placed(_ numbers: [Int], bottom: Double) -> (rule: PageItem, boxes: [(box: Slice.Box, y: Double)]) {
        let top = bottom - height(of: numbers)
        var y = top + 2 * gap + 0.5
        var boxes: [(box: Slice.Box, y: Double)] = []
        for (index, number) in numbers.enumerated() {
            guard let note = notes[number] else { continue }
            if index > 0 { y += spacing }
            for (offset, box) in note.boxes.enumerated() {
                if offset > 0 { y += box.gapBefore }
                boxes.append((box, y))
                y += box.height
            }
        }
        return (rule.offsetBy(dy: top + gap), boxes)
    }
}
