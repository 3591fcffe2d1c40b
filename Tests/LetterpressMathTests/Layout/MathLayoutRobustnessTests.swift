import LetterpressCore
import Testing
@testable import LetterpressMath

/// Whatever the list, the layout ends, draws what it can and says what it could not.
@Suite struct MathLayoutRobustnessTests {
    typealias S = MathTestSupport

    @Test func aCharacterTheFontLacksTakesNotdefsRoomAndIsReported() throws {
        let layout = try S.layout(MathFontFiles.latinModern)
        let box = layout.layout(S.list(S.atom("𝑥"), S.atom("\u{E000}"), S.atom("𝑦")), style: .text)
        #expect(box.missingCharacters == ["\u{E000}"])
        #expect(box.glyph(showing: "\u{E000}") == nil)
        let without = layout.layout(S.list(S.atom("𝑥"), S.atom("𝑦")), style: .text)
        #expect(abs(box.width - without.width - layout.font.notdefAdvance * layout.font.scale(size: S.size)) < 1e-9)
        let text = layout.layout(S.list(MathAtom(.text([.text("a\u{E001}b", .normal)]), class: .ordinary)), style: .text)
        #expect(text.missingCharacters == ["\u{E001}"])
        #expect(text.drawnGlyphs.map(\.glyph.text) == ["a", "b"])
    }

    @Test func listsNestedAThousandDeepAreDrawnFlatInsteadOfOverflowingTheStack() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        var group = S.symbols("𝑥")
        var power = S.symbols("𝑥")
        var fraction = S.symbols("𝑥")
        var root = S.symbols("𝑥")
        for _ in 0..<1000 {
            group = S.list(MathAtom(.group(group), class: .ordinary))
            power = S.list(S.atom("𝑥", sup: power))
            fraction = S.list(S.fraction(fraction, S.symbols("1")))
            root = S.list(MathAtom(.radical(radicand: root, degree: nil), class: .ordinary))
        }
        for list in [group, power, fraction, root] {
            let box = layout.layout(list, style: .display)
            #expect(box.width > 0)
            #expect(box.drawnGlyphs.contains { $0.color == S.errorColor })
            #expect(!layout.breakablePieces(list).isEmpty)
        }
    }

    @Test func everyKindOfNucleusLaysOutEvenEmpty() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        let empty = MathList()
        let nuclei: [MathAtom.Nucleus] = [
            .symbol(""), .text([]), .group(empty), .fraction(.init(numerator: empty, denominator: empty)),
            .radical(radicand: empty, degree: empty), .fenced(.init(left: nil, parts: [], right: nil)),
            .fenced(.init(left: "(", parts: [empty, empty], middles: ["|"], right: "\u{E000}")),
            .sizedDelimiter("(", level: 0), .sizedDelimiter("", level: 9), .accent(.init(base: empty, mark: "")),
            .accent(.init(base: empty, mark: "\u{0302}", isWide: true, isBelow: true)),
            .underOver(.init(base: empty, over: "\u{23DE}", under: "\u{23DF}", overLabel: empty, underLabel: empty)),
            .overline(empty), .underline(empty), .space(ems: .nan), .space(ems: -.infinity), .style(.scriptScript),
            .colored(.white, empty), .boxed(empty), .cancelled(empty, .cross), .phantom(empty, .height), .negated(empty),
            .array(MathArray(rows: [], columns: [])), .array(MathArray(rows: [[], [empty]], columns: [], verticalRules: [0, 5, 9],
                                                                    horizontalRules: [0, 7], rowGaps: [0: .infinity], tags: [nil, nil, EquationTag()])),
            .reference(label: "", parenthesized: true), .error(""),
        ]
        for nucleus in nuclei {
            for style in [MathStyle.display, .text, .script, .scriptScript] {
                let box = layout.layout(S.list(MathAtom(nucleus, class: .ordinary, subscript: empty, superscript: empty)), style: style)
                #expect(box.width.isFinite && box.height.isFinite && box.depth.isFinite, "\(nucleus)")
            }
        }
    }

    @Test func anAssembledDelimiterIsOneUnbrokenShape() throws {
        for file in S.fonts {
            let layout = try S.layout(file)
            var tower = S.symbols("𝑥")
            for _ in 0..<20 { tower = S.list(S.fraction(tower, S.symbols("1"))) }
            let box = layout.layout(S.list(MathAtom(.fenced(.init(left: "(", parts: [tower], right: nil)), class: .inner)), style: .display)
            let pieces = box.drawnGlyphs.filter { $0.glyph.text == "(" || $0.glyph.text.isEmpty }
                .map { layout.font.ink(of: $0) }.sorted { $0.top < $1.top }
            #expect(pieces.count >= 3)
            for (upper, lower) in zip(pieces, pieces.dropFirst()) {
                #expect(lower.top <= upper.bottom + 0.01)
            }
            let axis = layout.font.constant(.axisHeight, size: S.size)
            #expect(abs((pieces.first!.top + pieces.last!.bottom) / 2 + axis) < 0.5)
        }
    }

    @Test func referencesShowTheirNumberAndLink() throws {
        let layout = try S.layout(MathFontFiles.dejaVu, references: ["euler": "3"])
        let known = layout.layout(S.list(MathAtom(.reference(label: "euler", parenthesized: true), class: .ordinary)), style: .text)
        #expect(known.drawnGlyphs.map(\.glyph.text) == ["(", "3", ")"])
        #expect(known.drawnGlyphs.allSatisfy { $0.color == .black })
        #expect(known.items.contains { if case .link(label: "euler", _) = $0 { return true } else { return false } })
        let unknown = layout.layout(S.list(MathAtom(.reference(label: "nope", parenthesized: false), class: .ordinary)), style: .text)
        #expect(unknown.drawnGlyphs.map(\.glyph.text) == ["?", "?"])
        #expect(unknown.drawnGlyphs.allSatisfy { $0.color == S.errorColor })
    }

    @Test func errorsAreTheirSourceInTheErrorColour() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        let box = layout.layout(S.list(S.atom("𝑥"), MathAtom(.error("\\foo"), class: .ordinary)), style: .text)
        let error = box.drawnGlyphs.filter { $0.color == S.errorColor }
        #expect(error.map(\.glyph.text).joined() == "\\foo")
        #expect(box.glyph(showing: "𝑥")?.color == .black)
    }

    @Test func oneRunPerStretchOfOneSizeAndColour() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        let red = Color(red: 1, green: 0, blue: 0)
        let list = S.list(S.atom("𝑥"), S.atom("+", .binary), S.atom("𝑦", sup: S.symbols("2")), S.atom("−", .binary),
                          MathAtom(.colored(red, S.symbols("𝑧𝑧")), class: .ordinary))
        let box = layout.layout(list, style: .text)
        let runs = box.items.compactMap { item -> MathGlyphRun? in
            if case let .glyphs(run) = item { return run }
            return nil
        }
        // 𝑥+𝑦 · ² · − · 𝑧𝑧: the superscript and the colour start new runs.
        #expect(runs.map(\.glyphs.count) == [3, 1, 1, 2])
        #expect(runs.map(\.color) == [.black, .black, .black, red])
        #expect(runs[1].size < runs[0].size)
    }

    @Test func textPiecesAreShapedUprightWithFormulasInside() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        let text = MathAtom(.text([.text("if ", .normal), .math(S.symbols("𝑥")), .text("ok", .bold)]), class: .ordinary)
        let box = layout.layout(S.list(text), style: .text)
        #expect(box.drawnGlyphs.map(\.glyph.text) == ["i", "f", " ", "𝑥", "𝐨", "𝐤"] || box.drawnGlyphs.map(\.glyph.text) == ["if", " ", "𝑥", "𝐨", "𝐤"])
        let f = try #require(box.drawnGlyphs.first)
        #expect(f.glyph.id == layout.font.glyph(for: "i") || f.glyph.text == "if")
    }

    @Test func boxedCancelledPhantomAndNegated() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        let x = S.symbols("𝑥")
        let plain = layout.layout(x, style: .text)
        let boxed = layout.layout(S.list(MathAtom(.boxed(x), class: .ordinary)), style: .text)
        #expect(abs(boxed.width - plain.width - 2 * 0.34 * S.size) < 1e-9)
        #expect(boxed.items.contains { if case .frame = $0 { return true } else { return false } })
        let cancelled = layout.layout(S.list(MathAtom(.cancelled(x, .cross), class: .ordinary)), style: .text)
        #expect(cancelled.items.filter { if case .line = $0 { return true } else { return false } }.count == 2)
        let phantom = layout.layout(S.list(MathAtom(.phantom(x, .width), class: .ordinary)), style: .text)
        #expect(phantom.items.isEmpty && phantom.width == plain.width && phantom.height == 0)
        let negated = layout.layout(S.list(MathAtom(.negated(S.list(S.atom("=", .relation))), class: .relation)), style: .text)
        #expect(negated.glyph(showing: "\u{0338}") != nil)
    }

    @Test func anyFontSizeGivesFiniteBoxes() throws {
        let font = try MathFont.opened(file: MathFontFiles.dejaVu)
        for size in [0.0, -3, .nan, .infinity, 1e-6, 5000] {
            let layout = MathLayout(font: font, size: size, color: .black, errorColor: S.errorColor)
            let box = layout.layout(S.list(S.fraction(S.symbols("1"), S.symbols("2"))), style: .display)
            #expect(box.width.isFinite && box.width >= 0)
        }
    }
}

@Suite struct MathLayoutConcurrencyTests {
    typealias S = MathTestSupport

    @Test func oneFontServesManyThreadsAtOnce() async throws {
        // A font no other test has warmed, so the threads fill its caches together.
        let file = MathFontFiles.pagella
        let list = MathLayoutSpeedTests.display
        let boxes = try await withThrowingTaskGroup(of: MathBox.self) { group in
            for _ in 0..<8 {
                group.addTask { try S.layout(file).layout(list, style: .display) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(boxes.count == 8)
        #expect(boxes.allSatisfy { $0 == boxes[0] })
        #expect(try S.layout(file).layout(list, style: .display) == boxes[0])
    }
}
