import LetterpressCore
import Synchronization
import Testing
@testable import LetterpressMath

/// Characters the math font lacks, set in the fallback font the caller names.
@Suite struct MathFallbackTests {
    typealias S = MathTestSupport
    static let microHei = FontFileReference(file: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", index: 0)

    /// WenQuanYi Micro Hei for CJK, nothing for any other character; it counts its calls.
    final class CJKFallback: MathFallbackFonts {
        let calls = Mutex(0)

        func font(for scalar: Unicode.Scalar) -> FontFileReference? {
            calls.withLock { $0 += 1 }
            let isCJK = (0x3000...0x9FFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
            return isCJK ? MathFallbackTests.microHei : nil
        }
    }

    func layout(_ file: String, fallback: (any MathFallbackFonts)?) throws -> MathLayout {
        MathLayout(font: try MathFont.opened(file: file), size: S.size, color: .black, errorColor: S.errorColor, fallback: fallback)
    }

    func runs(_ box: MathBox) -> [MathGlyphRun] {
        box.items.compactMap { item in
            if case let .glyphs(run) = item { return run }
            return nil
        }
    }

    @Test(arguments: S.fonts)
    func chineseTextIsOneRunOfTheFallbackFont(file: String) throws {
        let box = try layout(file, fallback: CJKFallback()).layout(parse("\\text{好瓜}").body, style: .text)
        #expect(box.missingCharacters.isEmpty)
        let run = try #require(runs(box).only)
        #expect(run.font == Self.microHei)
        #expect(run.glyphs.map(\.text) == ["好", "瓜"])
        #expect(run.glyphs.allSatisfy { $0.id != 0 })
        // Ideographs are an em wide.
        #expect(abs(run.glyphs[1].x - run.glyphs[0].x - S.size) < 0.05 * S.size)
        #expect(abs(box.width - 2 * S.size) < 0.1 * S.size)
        // The box reaches as high and deep as the ideographs' ink.
        let font = try #require(TextFont.opened(Self.microHei))
        let scale = font.scale(size: S.size)
        #expect(abs(box.height - run.glyphs.map { font.metrics($0.id).ascent * scale }.max()!) < 1e-9)
        #expect(box.height > 0.6 * S.size && box.depth > 0)
    }

    @Test(arguments: S.fonts)
    func withoutAFallbackTheCharactersAreMissing(file: String) throws {
        let box = try layout(file, fallback: nil).layout(parse("\\text{好瓜}").body, style: .text)
        #expect(box.missingCharacters == ["好", "瓜"])
        #expect(runs(box).allSatisfy { $0.font == nil })
    }

    @Test func aFormulaTheMathFontCoversNeverAsksTheFallback() throws {
        let fallback = CJKFallback()
        let layout = try layout(MathFontFiles.dejaVu, fallback: fallback)
        let formula = "\\frac{a+b}{\\sqrt{x^2}} \\le \\sum_{i=1}^n \\text{if } x>0, \\mathbb{R} \\widehat{xyz} \\left(\\alpha\\right)"
        let box = layout.layout(parse(formula, display: true).body, style: .display)
        #expect(box.missingCharacters.isEmpty)
        #expect(fallback.calls.withLock { $0 } == 0)
        #expect(runs(box).allSatisfy { $0.font == nil })
    }

    @Test(arguments: S.fonts)
    func mixedTextSplitsRunsWhereTheFontChanges(file: String) throws {
        let box = try layout(file, fallback: CJKFallback()).layout(parse("\\text{若 x，则}").body, style: .text)
        #expect(box.missingCharacters.isEmpty)
        let runs = runs(box)
        #expect(runs.map(\.font) == [Self.microHei, nil, Self.microHei])
        #expect(runs.map { $0.glyphs.map(\.text).joined() } == ["若", " x", "，则"])
        // Each run starts where the one before ends.
        let first = try #require(runs.first?.glyphs.first)
        #expect(first.x == 0)
        #expect(runs[1].glyphs[0].x > first.x + 0.9 * S.size)
    }

    @Test(arguments: S.fonts)
    func chineseTypedInAFormulaIsUprightAtScriptSize(file: String) throws {
        let layout = try layout(file, fallback: CJKFallback())
        let box = layout.layout(parse("x_{最大} + P(好瓜|x)").body, style: .text)
        #expect(box.missingCharacters.isEmpty)
        let fallbackRuns = runs(box).filter { $0.font == Self.microHei }
        #expect(fallbackRuns.map { $0.glyphs.map(\.text) } == [["最", "大"], ["好", "瓜"]])
        #expect(fallbackRuns.map(\.size) == [layout.fontSize(.script), S.size])
        #expect(fallbackRuns[0].glyphs[0].y > 0)
    }

    @Test func consecutiveCharactersOfOneFallbackFontAreShapedAsOneSymbol() throws {
        let layout = try layout(MathFontFiles.dejaVu, fallback: CJKFallback())
        let parsed = parse("x最大^2好").body.atoms
        let atoms = layout.joiningFallbackSymbols(parsed)
        // The parser makes each a piece of text; scripts end a row of joined characters: 好 stays apart.
        #expect(atoms.map(\.nucleus) == [.symbol("𝑥"), .text([.text("最大", .normal)]), .text([.text("好", .normal)])])
        #expect(atoms[1].superscript == parsed[2].superscript)
        #expect(atoms[1].source == parsed[1].source!.lowerBound..<parsed[2].source!.upperBound)
    }

    @Test(arguments: S.fonts)
    func aCharacterNoFontHasStaysMissing(file: String) throws {
        let box = try layout(file, fallback: CJKFallback()).layout(parse("\\text{好\u{10FFFD}} \u{10FFFD}").body, style: .text)
        #expect(box.missingCharacters == ["\u{10FFFD}"])
        #expect(runs(box).contains { $0.font == Self.microHei && $0.glyphs.map(\.text) == ["好"] })
    }
}

extension Array {
    /// The one element, nil when there are none or several.
    fileprivate var only: Element? {
        count == 1 ? first : nil
    }
}
