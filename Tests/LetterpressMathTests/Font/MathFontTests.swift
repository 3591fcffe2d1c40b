import Testing
@testable import LetterpressMath

@Suite struct MathFontTests {
    @Test func eachFileIsOpenedOncePerProcess() throws {
        let first = try MathFont.opened(file: MathFontFiles.dejaVu)
        let second = try MathFont.opened(file: MathFontFiles.dejaVu)
        #expect(first === second)
    }

    @Test(arguments: MathFontFiles.all)
    func everyInstalledMathFontHasItsConstants(file: String) throws {
        let font = try MathFont.opened(file: file)
        #expect(font.constant(.axisHeight) > 0)
        #expect(font.constant(.fractionRuleThickness) > 0)
        #expect(font.constant(.scriptPercentScaleDown) > 0 && font.constant(.scriptPercentScaleDown) < 100)
        #expect(font.constant(.axisHeight, size: 10) == font.constant(.axisHeight) * 10 / font.unitsPerEm)
        #expect(font.constant(.scriptPercentScaleDown, size: 10) == font.constant(.scriptPercentScaleDown))
    }

    @Test func aFontWithoutMathTableIsRefusedByName() {
        // DejaVu Sans has a small MATH table; its monospaced sibling has none.
        let file = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        #expect(throws: MathFontError.noMathTable(file: file)) { try MathFont.opened(file: file) }
        #expect(MathFontError.noMathTable(file: file).description
            == "'\(file)' has no OpenType MATH table: a math font such as Latin Modern Math or a TeX Gyre Math font is needed")
    }

    @Test func anUnreadableFileIsRefused() {
        #expect(throws: MathFontError.unreadable(file: "/nonexistent/math.otf")) {
            try MathFont.opened(file: "/nonexistent/math.otf")
        }
        // A file that is there but no font, and a face past the file's last.
        let notAFont = #filePath
        #expect(throws: MathFontError.unreadable(file: notAFont)) { try MathFont.opened(file: notAFont) }
        #expect(throws: MathFontError.unreadable(file: MathFontFiles.dejaVu)) { try MathFont.opened(file: MathFontFiles.dejaVu, index: 3) }
    }

    @Test(arguments: MathTestSupport.fonts)
    func variantsAndAssembliesOfAParenthesis(file: String) throws {
        let font = try MathFont.opened(file: file)
        let paren = try #require(font.glyph(for: "("))
        let variants = font.variants(paren, vertical: true)
        #expect(variants.count > 2)
        #expect(zip(variants, variants.dropFirst()).allSatisfy { $0.advance < $1.advance })
        let assembly = try #require(font.assembly(paren, vertical: true))
        #expect(assembly.parts.contains { $0.isExtender })
        #expect(font.minConnectorOverlap(vertical: true) >= 0)
        #expect(font.variants(paren, vertical: false).isEmpty)
    }

    @Test(arguments: MathTestSupport.fonts)
    func scriptStyleAlternatesDifferFromTheLetter(file: String) throws {
        let font = try MathFont.opened(file: file)
        let plain = font.glyph(for: "2")
        let script = font.alternate(for: "2", feature: "ssty", value: 1)
        let scriptScript = font.alternate(for: "2", feature: "ssty", value: 2)
        #expect(plain != script)
        #expect(script != scriptScript)
        #expect(font.alternate(for: "+", feature: "ssty", value: 1) == font.glyph(for: "+"))
    }

    @Test func italicCorrectionAndExtendedShapes() throws {
        let font = try MathFont.opened(file: MathFontFiles.latinModern)
        let integral = try #require(font.glyph(for: "∫"))
        #expect(font.metrics(integral).italicCorrection > 0)
        #expect(font.metrics(integral).isExtendedShape)
        #expect(!font.metrics(try #require(font.glyph(for: "𝑥"))).isExtendedShape)
    }

    @Test(arguments: MathTestSupport.fonts)
    func fontsWithoutMathKerningGiveNone(file: String) throws {
        // None of the installed math fonts has a MathKernInfo table (checked over their
        // first 6,000 glyphs), so kerning must read as none rather than as garbage.
        let font = try MathFont.opened(file: file)
        let glyph = try #require(font.glyph(for: "𝑉"))
        for corner in MathKernCorner.allCases {
            #expect(font.kernings(glyph, corner: corner).isEmpty)
            #expect(font.kerning(glyph, corner: corner, height: 300) == 0)
        }
    }

    @Test func textIsShapedWithTheFontsOwnGlyphs() throws {
        let font = try MathFont.opened(file: MathFontFiles.dejaVu)
        let shaped = font.shape("if x")
        #expect(shaped.count >= 3)
        #expect(shaped.allSatisfy { $0.glyph != 0 })
        #expect(shaped.last?.cluster == 3)
    }
}
