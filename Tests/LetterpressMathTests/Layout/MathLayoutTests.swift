import LetterpressCore
import Testing
@testable import LetterpressMath

/// Positions checked against the font's own MATH constants, in DejaVu Math TeX Gyre and
/// Latin Modern Math.
@Suite struct MathLayoutTests {
    typealias S = MathTestSupport
    let tolerance = 1e-9

    @Test(arguments: S.fonts)
    func fractionBarIsOnTheAxisWithTheNumeratorClearOfIt(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        for style in [MathStyle.display, .text] {
            let box = layout.layout(S.list(S.fraction(S.symbols("𝑥"), S.symbols("𝑦"))), style: style)
            let bar = try #require(box.rules.first)
            let axis = font.constant(.axisHeight, size: S.size)
            let thickness = font.constant(.fractionRuleThickness, size: S.size)
            #expect(abs(bar.height - thickness) < tolerance)
            #expect(abs((bar.y + bar.height / 2) + axis) < tolerance)
            let numerator = try #require(box.glyph(showing: "𝑥"))
            let denominator = try #require(box.glyph(showing: "𝑦"))
            let display = style == .display
            let gapMin = font.constant(display ? .fractionNumDisplayStyleGapMin : .fractionNumeratorGapMin, size: S.size)
            let denominatorGapMin = font.constant(display ? .fractionDenomDisplayStyleGapMin : .fractionDenominatorGapMin, size: S.size)
            let shiftUp = font.constant(display ? .fractionNumeratorDisplayStyleShiftUp : .fractionNumeratorShiftUp, size: S.size)
            let shiftDown = font.constant(display ? .fractionDenominatorDisplayStyleShiftDown : .fractionDenominatorShiftDown, size: S.size)
            #expect(bar.y - font.ink(of: numerator).bottom >= gapMin - tolerance)
            #expect(font.ink(of: denominator).top - bar.maxY >= denominatorGapMin - tolerance)
            #expect(-numerator.glyph.y >= shiftUp - tolerance)
            #expect(denominator.glyph.y >= shiftDown - tolerance)
            // Numerator and denominator are one style smaller than the fraction.
            #expect(numerator.size == (display ? S.size : layout.fontSize(.script)))
        }
    }

    @Test(arguments: S.fonts)
    func binomialHasNoBarAndGrowingParentheses(file: String) throws {
        let layout = try S.layout(file)
        var fraction = MathAtom.Fraction(numerator: S.symbols("𝑛"), denominator: S.symbols("𝑘"), hasRule: false)
        fraction.left = "("
        fraction.right = ")"
        let box = layout.layout(S.list(MathAtom(.fraction(fraction), class: .inner)), style: .display)
        #expect(box.rules.isEmpty)
        let numerator = try #require(box.glyph(showing: "𝑛"))
        let denominator = try #require(box.glyph(showing: "𝑘"))
        let gap = layout.font.ink(of: denominator).top - layout.font.ink(of: numerator).bottom
        #expect(gap >= layout.font.constant(.stackDisplayStyleGapMin, size: S.size) - 1e-6)
        let paren = try #require(box.glyph(showing: "("))
        #expect(paren.glyph.id != layout.font.glyph(for: "("))
    }

    @Test(arguments: S.fonts)
    func superscriptAndSubscriptShifts(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        let sup = layout.layout(S.list(S.atom("𝑥", sup: S.symbols("2"))), style: .text)
        let two = try #require(sup.glyph(showing: "2"))
        #expect(-two.glyph.y >= font.constant(.superscriptShiftUp, size: S.size) - tolerance)
        #expect(two.size == S.size * font.constant(.scriptPercentScaleDown) / 100)
        #expect(two.glyph.id == font.alternate(for: "2", feature: "ssty", value: 1))
        let x = try #require(sup.glyph(showing: "𝑥"))
        let xMetrics = font.metrics(x.glyph.id)
        let scale = font.scale(size: S.size)
        #expect(abs(two.glyph.x - (xMetrics.advance + xMetrics.italicCorrection) * scale) < tolerance)
        #expect(abs(sup.width - (two.glyph.x + font.metrics(two.glyph.id).advance * font.scale(size: two.size)
            + font.constant(.spaceAfterScript, size: S.size))) < tolerance)

        let sub = layout.layout(S.list(S.atom("𝑥", sub: S.symbols("𝑖"))), style: .text)
        let i = try #require(sub.glyph(showing: "𝑖"))
        #expect(i.glyph.y >= font.constant(.subscriptShiftDown, size: S.size) - tolerance)
        #expect(font.ink(of: i).top >= -font.constant(.subscriptTopMax, size: S.size) - tolerance)

        let both = layout.layout(S.list(S.atom("𝑥", sub: S.symbols("𝑖"), sup: S.symbols("2"))), style: .text)
        let upper = try #require(both.glyph(showing: "2"))
        let lower = try #require(both.glyph(showing: "𝑖"))
        let gap = (lower.glyph.y - font.metrics(lower.glyph.id).ascent * font.scale(size: lower.size))
            - (upper.glyph.y + font.metrics(upper.glyph.id).descent * font.scale(size: upper.size))
        #expect(gap >= font.constant(.subSuperscriptGapMin, size: S.size) - tolerance)
    }

    @Test func aScriptsItalicCorrectionIsPartOfItsWidth() throws {
        let layout = try S.layout(MathFontFiles.latinModern)
        let font = layout.font
        let box = layout.layout(S.list(S.atom("𝑥", sup: S.symbols("𝑓"))), style: .text)
        let f = try #require(box.glyph(showing: "𝑓"))
        let metrics = font.metrics(f.glyph.id)
        #expect(metrics.italicCorrection > 0)
        let end = f.glyph.x + (metrics.advance + metrics.italicCorrection) * font.scale(size: f.size)
        #expect(abs(box.width - end - font.constant(.spaceAfterScript, size: S.size)) < tolerance)
    }

    @Test func crampedStyleRaisesSuperscriptsLess() throws {
        let layout = try S.layout(MathFontFiles.latinModern)
        let power = S.list(S.atom("𝑥", sup: S.symbols("2")))
        let box = layout.layout(S.list(S.fraction(power, power)), style: .display)
        let twos = box.drawnGlyphs.filter { $0.glyph.text == "2" }
        let x = box.drawnGlyphs.filter { $0.glyph.text == "𝑥" }
        try #require(twos.count == 2 && x.count == 2)
        let numeratorRise = x[0].glyph.y - twos[0].glyph.y
        let denominatorRise = x[1].glyph.y - twos[1].glyph.y
        #expect(abs(numeratorRise - layout.font.constant(.superscriptShiftUp, size: S.size)) < tolerance)
        #expect(abs(denominatorRise - layout.font.constant(.superscriptShiftUpCramped, size: S.size)) < tolerance)
    }

    @Test(arguments: S.fonts)
    func radicalKeepsItsGapAndBar(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        for style in [MathStyle.display, .text] {
            let box = layout.layout(S.list(MathAtom(.radical(radicand: S.symbols("𝑥"), degree: nil), class: .ordinary)), style: style)
            let bar = try #require(box.rules.first)
            #expect(abs(bar.height - font.constant(.radicalRuleThickness, size: S.size)) < tolerance)
            let x = try #require(box.glyph(showing: "𝑥"))
            let gap = font.constant(style == .display ? .radicalDisplayStyleVerticalGap : .radicalVerticalGap, size: S.size)
            let xHeight = font.metrics(x.glyph.id).ascent * font.scale(size: S.size)
            #expect(x.glyph.y - xHeight - bar.maxY >= gap - tolerance)
            let sign = try #require(box.glyph(showing: "\u{221A}"))
            #expect(abs(font.ink(of: sign).top - bar.y) < 0.05)
            #expect(box.height >= -bar.y + font.constant(.radicalExtraAscender, size: S.size) - tolerance)
        }
    }

    @Test(arguments: S.fonts)
    func radicalGrowsThroughVariantsAndItsDegreeIsRaised(file: String) throws {
        let layout = try S.layout(file)
        let tall = S.list(S.fraction(S.list(S.fraction(S.symbols("1"), S.symbols("2"))), S.symbols("3")))
        let box = layout.layout(S.list(MathAtom(.radical(radicand: tall, degree: S.symbols("3")), class: .ordinary)), style: .display)
        let small = layout.layout(S.list(MathAtom(.radical(radicand: S.symbols("𝑥"), degree: nil), class: .ordinary)), style: .display)
        let sign = try #require(box.glyph(showing: "\u{221A}"))
        let smallSign = try #require(small.glyph(showing: "\u{221A}"))
        #expect(sign.glyph.id != smallSign.glyph.id)
        let degree = try #require(box.drawnGlyphs.last { $0.glyph.text == "3" && $0.size < S.size })
        #expect(degree.size == layout.fontSize(.scriptScript))
        #expect(degree.glyph.x < sign.glyph.x + layout.font.metrics(sign.glyph.id).advance * layout.font.scale(size: S.size))
        #expect(degree.glyph.y < 0)
    }

    @Test(arguments: S.fonts)
    func limitsGoAboveAndBelowInDisplayAndBesideInText(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        let sum = S.list(S.atom("∑", .largeOperator, sub: S.symbols("𝑖"), sup: S.symbols("𝑛")))
        let display = layout.layout(sum, style: .display)
        let sigma = try #require(display.glyph(showing: "∑"))
        let over = try #require(display.glyph(showing: "𝑛"))
        let under = try #require(display.glyph(showing: "𝑖"))
        let sigmaInk = font.ink(of: sigma)
        #expect(font.ink(of: over).bottom <= sigmaInk.top - font.constant(.upperLimitGapMin, size: S.size) + 0.2)
        #expect(font.ink(of: under).top >= sigmaInk.bottom + font.constant(.lowerLimitGapMin, size: S.size) - 0.2)
        #expect(under.glyph.y - sigmaInk.bottom >= font.constant(.lowerLimitBaselineDropMin, size: S.size) - 0.2)
        #expect(over.glyph.x > sigma.glyph.x && over.glyph.x < sigma.glyph.x + sigmaInk.right - sigmaInk.left)
        // The display variant is taller than the text glyph, and centred on the axis.
        let text = layout.layout(sum, style: .text)
        let textSigma = try #require(text.glyph(showing: "∑"))
        #expect(sigma.glyph.id != textSigma.glyph.id)
        let axis = font.constant(.axisHeight, size: S.size)
        #expect(abs((sigmaInk.top + sigmaInk.bottom) / 2 + axis) < 0.5)
        let beside = try #require(text.glyph(showing: "𝑛"))
        #expect(beside.glyph.x >= font.ink(of: textSigma).right - 0.5)
        #expect(beside.glyph.y < 0)
        // \limits in text style puts them above again; \nolimits in display beside.
        let forced = layout.layout(S.list(S.atom("∑", .largeOperator, sub: S.symbols("𝑖"), limits: .limits)), style: .text)
        #expect(try #require(forced.glyph(showing: "𝑖")).glyph.x < font.ink(of: try #require(forced.glyph(showing: "∑"))).right)
    }

    @Test(arguments: S.fonts)
    func integralTakesItsDisplayVariantAndScriptsFollowItsSlant(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        let integral = S.list(S.atom("∫", .largeOperator, sub: S.symbols("0"), sup: S.symbols("1"), limits: .noLimits))
        let box = layout.layout(integral, style: .display)
        let sign = try #require(box.glyph(showing: "∫"))
        let nominal = try #require(font.glyph(for: "∫"))
        #expect(sign.glyph.id != nominal)
        let metrics = font.metrics(sign.glyph.id)
        #expect(metrics.ascent + metrics.descent >= font.constant(.displayOperatorMinHeight) * 0.95)
        let upper = try #require(box.glyph(showing: "1"))
        let lower = try #require(box.glyph(showing: "0"))
        // The subscript is set left of the superscript by the italic correction.
        #expect(abs((upper.glyph.x - lower.glyph.x) - metrics.italicCorrection * font.scale(size: S.size)) < tolerance)
    }

    @Test func operatorNamesAreUprightLettersWithLimitsBelowInDisplay() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        let lim = S.list(S.atom("lim", .largeOperator, sub: S.list(S.atom("𝑥"), S.atom("→", .relation), S.atom("0"))))
        let box = layout.layout(lim, style: .display)
        let l = try #require(box.glyph(showing: "l"))
        #expect(l.glyph.id == layout.font.glyph(for: "l"))
        #expect(l.glyph.y == 0)
        #expect(try #require(box.glyph(showing: "𝑥")).glyph.y > 0)
    }

    @Test(arguments: S.fonts)
    func delimitersGrowWithTheirContent(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        func parenHeight(_ content: MathList) throws -> Double {
            let box = layout.layout(S.list(MathAtom(.fenced(.init(left: "(", parts: [content], right: ")")), class: .inner)), style: .display)
            let parens = box.drawnGlyphs.filter { $0.glyph.text == "(" || $0.glyph.text.isEmpty }
            let top = parens.map { font.ink(of: $0).top }.min() ?? 0
            let bottom = parens.map { font.ink(of: $0).bottom }.max() ?? 0
            return bottom - top
        }
        let small = try parenHeight(S.symbols("𝑥"))
        let tall = try parenHeight(S.list(S.fraction(S.symbols("𝑎"), S.symbols("𝑏"))))
        #expect(tall > small)
        // A tower of fractions outgrows the biggest variant: the assembly builds it.
        var tower = S.symbols("𝑥")
        for _ in 0..<12 { tower = S.list(S.fraction(tower, S.symbols("1"))) }
        let box = layout.layout(S.list(MathAtom(.fenced(.init(left: "(", parts: [tower], right: ")")), class: .inner)), style: .display)
        let pieces = box.drawnGlyphs.filter { $0.glyph.text.isEmpty }
        #expect(pieces.count >= 2)
        let paren = try #require(font.glyph(for: "("))
        let biggest = try #require(font.variants(paren, vertical: true).last).advance * font.scale(size: S.size)
        let towerHeight = try parenHeight(tower)
        #expect(towerHeight > biggest)
        // The delimiter covers the content: TeX's 901/1000 of it, or 5 pt short at most.
        let reach = max(box.height, box.depth)
        #expect(towerHeight >= min(2 * reach * 0.901, 2 * reach - 5) - 1)
    }

    @Test(arguments: S.fonts)
    func bigDelimitersHaveFixedGrowingSizes(file: String) throws {
        let layout = try S.layout(file)
        let heights = try (1...4).map { level -> Double in
            let box = layout.layout(S.list(MathAtom(.sizedDelimiter("(", level: level), class: .opening)), style: .text)
            return try #require(box.height + box.depth as Double?)
        }
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 })
        // Each the variant nearest its size: \big about 1.2 em, \Bigg about 3.
        #expect(abs(heights[0] - 1.2 * S.size) < 0.3 * S.size)
        #expect(abs(heights[3] - 3 * S.size) < 0.5 * S.size)
    }

    @Test(arguments: S.fonts)
    func accentIsCentredOnTheAttachmentPoint(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        let box = layout.layout(S.list(MathAtom(.accent(.init(base: S.symbols("𝑥"), mark: "\u{0302}")), class: .ordinary)), style: .text)
        let x = try #require(box.glyph(showing: "𝑥"))
        let hat = try #require(box.glyph(showing: "\u{0302}"))
        let scale = font.scale(size: S.size)
        let baseAttachment = x.glyph.x + font.metrics(x.glyph.id).topAccentAttachment * scale
        let hatInk = font.ink(of: hat)
        #expect(abs((hatInk.left + hatInk.right) / 2 - baseAttachment) < 1e-6)
        // A base no taller than AccentBaseHeight leaves the accent where the font drew it.
        #expect(hat.glyph.y == 0)
        #expect(box.width == font.metrics(x.glyph.id).advance * scale)
        // A tall base raises it by what it has above AccentBaseHeight.
        let tall = layout.layout(S.list(MathAtom(.accent(.init(base: S.symbols("𝐴"), mark: "\u{0302}")), class: .ordinary)), style: .text)
        let a = try #require(tall.glyph(showing: "𝐴"))
        let raised = try #require(tall.glyph(showing: "\u{0302}"))
        let expected = font.metrics(a.glyph.id).ascent * scale - font.constant(.accentBaseHeight, size: S.size)
        #expect(abs(-raised.glyph.y - expected) < tolerance)
        // Taller than FlattenedAccentBaseHeight, it takes the flattened accent where the font has one.
        if font.metrics(a.glyph.id).ascent > font.constant(.flattenedAccentBaseHeight) {
            #expect(raised.glyph.id == font.alternate(for: "\u{0302}", feature: "flac", value: 1))
        }
    }

    @Test(arguments: S.fonts)
    func wideAccentsAndBracesStretchOverTheirBase(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        let base = S.symbols("𝑎𝑏𝑐𝑑𝑒")
        let hat = layout.layout(S.list(MathAtom(.accent(.init(base: base, mark: "\u{0302}", isWide: true)), class: .ordinary)), style: .text)
        let narrow = layout.layout(S.list(MathAtom(.accent(.init(base: S.symbols("𝑎"), mark: "\u{0302}", isWide: true)), class: .ordinary)), style: .text)
        #expect(try #require(hat.glyph(showing: "\u{0302}")).glyph.id != (try #require(narrow.glyph(showing: "\u{0302}"))).glyph.id)

        let brace = layout.layout(S.list(MathAtom(.underOver(.init(base: base, over: "\u{23DE}", overLabel: S.symbols("5"))), class: .ordinary)), style: .display)
        let baseWidth = layout.layout(base, style: .display).width
        let braceGlyphs = brace.drawnGlyphs.filter { $0.glyph.text == "\u{23DE}" || $0.glyph.text.isEmpty }
        let left = braceGlyphs.map { font.ink(of: $0).left }.min() ?? 0
        let right = braceGlyphs.map { font.ink(of: $0).right }.max() ?? 0
        #expect(right - left >= baseWidth * 0.9)
        let label = try #require(brace.glyph(showing: "5"))
        #expect(label.size == layout.fontSize(.script))
        #expect(font.ink(of: label).bottom < braceGlyphs.map { font.ink(of: $0).top }.min() ?? 0)
    }

    @Test(arguments: S.fonts)
    func wideHatAndTildeFromTeXGrowOverTheirBaseAndAreCentredOnIt(file: String) throws {
        let layout = try S.layout(file)
        func inkWidth(_ tex: String, _ mark: String) throws -> Double {
            let box = layout.layout(parse(tex).body, style: .text)
            let ink = layout.font.ink(of: try #require(box.glyph(showing: mark)))
            // A wide mark (a horizontal variant, with an advance) is centred on its base.
            if tex.hasPrefix("\\wide") { #expect(abs((ink.left + ink.right) / 2 - box.width / 2) < 0.01 * S.size) }
            return ink.right - ink.left
        }
        #expect(try inkWidth("\\widehat{xyz}", "\u{302}") > 2 * inkWidth("\\hat{x}", "\u{302}"))
        #expect(try inkWidth("\\widetilde{xyz}", "\u{303}") > 2 * inkWidth("\\tilde{x}", "\u{303}"))
    }

    @Test(arguments: S.fonts)
    func extensibleArrowsGrowUnderTheirLabelsOnTheAxis(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        let label = S.symbols("𝑓𝑔ℎ𝑘𝑙𝑚")
        let atom = MathAtom(.underOver(.init(base: MathList(), over: "→", overLabel: label, underLabel: S.symbols("1"))), class: .relation)
        let box = layout.layout(S.list(atom), style: .text)
        let arrows = box.drawnGlyphs.filter { $0.glyph.text == "→" || $0.glyph.text.isEmpty }
        let left = arrows.map { font.ink(of: $0).left }.min() ?? 0
        let right = arrows.map { font.ink(of: $0).right }.max() ?? 0
        let labelWidth = layout.layout(label, style: .script).width
        #expect(right - left >= labelWidth)
        let top = arrows.map { font.ink(of: $0).top }.min() ?? 0
        let f = try #require(box.glyph(showing: "𝑓"))
        #expect(top - font.ink(of: f).bottom >= font.constant(.stretchStackGapBelowMin, size: S.size) - 0.01)
        let one = try #require(box.glyph(showing: "1"))
        #expect(one.glyph.y > 0)
        // The arrow stays where the font draws it, about the axis.
        #expect(arrows.allSatisfy { $0.glyph.y == 0 })
    }

    @Test(arguments: S.fonts)
    func vecIsTheCombiningArrowAccent(file: String) throws {
        let layout = try S.layout(file)
        let box = layout.layout(S.list(MathAtom(.accent(.init(base: S.symbols("𝑣"), mark: "→")), class: .ordinary)), style: .text)
        let arrow = try #require(box.glyph(showing: "\u{20D7}"))
        #expect(arrow.glyph.id == layout.font.glyph(for: "\u{20D7}"))
        // As wide as the letter alone, its italic correction kept.
        #expect(box.width == layout.layout(S.symbols("𝑣"), style: .text).width)
    }

    @Test(arguments: S.fonts)
    func overlineAndUnderlineBars(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        let over = layout.layout(S.list(MathAtom(.overline(S.symbols("𝑥")), class: .ordinary)), style: .text)
        let bar = try #require(over.rules.first)
        let x = try #require(over.glyph(showing: "𝑥"))
        #expect(abs(bar.height - font.constant(.overbarRuleThickness, size: S.size)) < tolerance)
        #expect(abs(font.ink(of: x).top - bar.maxY - font.constant(.overbarVerticalGap, size: S.size)) < 1e-6)
        #expect(abs(over.height - (-bar.y + font.constant(.overbarExtraAscender, size: S.size))) < tolerance)
        let under = layout.layout(S.list(MathAtom(.underline(S.symbols("𝑦")), class: .ordinary)), style: .text)
        let underBar = try #require(under.rules.first)
        let y = try #require(under.glyph(showing: "𝑦"))
        #expect(abs(underBar.y - font.ink(of: y).bottom - font.constant(.underbarVerticalGap, size: S.size)) < 1e-6)
    }

    @Test(arguments: S.fonts)
    func binaryOperatorsTakeAMediumSpaceAndRelationsAThickOne(file: String) throws {
        let layout = try S.layout(file)
        let font = layout.font
        let scale = font.scale(size: S.size)
        func space(_ op: String, _ atomClass: AtomClass) throws -> Double {
            let box = layout.layout(S.list(S.atom("𝑎"), S.atom(op, atomClass), S.atom("𝑏")), style: .text)
            let a = try #require(box.glyph(showing: "𝑎"))
            let o = try #require(box.glyph(showing: op))
            let metrics = font.metrics(a.glyph.id)
            return o.glyph.x - (a.glyph.x + (metrics.advance + metrics.italicCorrection) * scale)
        }
        #expect(abs(try space("+", .binary) - 4.0 / 18 * S.size) < tolerance)
        #expect(abs(try space("=", .relation) - 5.0 / 18 * S.size) < tolerance)
        // In script style TeX puts no space around either.
        let script = layout.layout(S.list(S.atom("𝑎"), S.atom("+", .binary), S.atom("𝑏")), style: .script)
        let a = try #require(script.glyph(showing: "𝑎"))
        let plus = try #require(script.glyph(showing: "+"))
        let metrics = font.metrics(a.glyph.id)
        #expect(abs(plus.glyph.x - (metrics.advance + metrics.italicCorrection) * font.scale(size: a.size)) < tolerance)
    }

    @Test func binaryOperatorsWithNothingToOperateOnAreOrdinary() {
        let minusX: [MathAtom] = [S.atom("−", .binary), S.atom("𝑥")]
        #expect(InterAtomSpacing.classes(of: minusX) == [.ordinary, .ordinary])
        let equalsMinus: [MathAtom] = [S.atom("𝑥"), S.atom("=", .relation), S.atom("−", .binary), S.atom("𝑦")]
        #expect(InterAtomSpacing.classes(of: equalsMinus) == [.ordinary, .relation, .ordinary, .ordinary])
        let plusEquals: [MathAtom] = [S.atom("𝑥"), S.atom("+", .binary), S.atom("=", .relation)]
        #expect(InterAtomSpacing.classes(of: plusEquals) == [.ordinary, .ordinary, .relation])
        let trailing: [MathAtom] = [S.atom("𝑥"), S.atom("+", .binary)]
        #expect(InterAtomSpacing.classes(of: trailing) == [.ordinary, .ordinary])
        let spaced: [MathAtom] = [S.atom("𝑥"), MathAtom(.space(ems: 1), class: .ordinary), S.atom("+", .binary), S.atom("𝑦")]
        #expect(InterAtomSpacing.classes(of: spaced) == [.ordinary, nil, .binary, .ordinary])
    }

    @Test(arguments: S.fonts)
    func breakablePiecesAddUpToTheWholeFormula(file: String) throws {
        let layout = try S.layout(file)
        let list = S.list(S.atom("𝑎", sup: S.symbols("2")), S.atom("+", .binary), S.atom("𝑏"), S.atom("=", .relation),
                          S.atom("𝑐"), S.atom("−", .binary), MathAtom(.space(ems: 3.0 / 18), class: .ordinary),
                          S.fraction(S.symbols("1"), S.symbols("2")), S.atom("=", .relation), S.atom("=", .relation), S.atom("𝑑"))
        let whole = layout.layout(list, style: .text)
        let pieces = layout.breakablePieces(list)
        #expect(pieces.map { $0.drawnGlyphs.map(\.glyph.text).joined() } == ["𝑎2+", "𝑏=", "𝑐−", "12==", "𝑑"])
        #expect(abs(pieces.reduce(0) { $0 + $1.width } - whole.width) < 1e-9)
        // Set side by side, the pieces draw what the whole does.
        var x = 0.0
        var glyphs: [MathGlyph] = []
        for piece in pieces {
            glyphs += piece.drawnGlyphs.map { MathGlyph(id: $0.glyph.id, x: $0.glyph.x + x, y: $0.glyph.y, text: $0.glyph.text) }
            x += piece.width
        }
        let wholeGlyphs = whole.drawnGlyphs.map(\.glyph)
        #expect(glyphs.count == wholeGlyphs.count)
        for (piece, original) in zip(glyphs, wholeGlyphs) {
            #expect(piece.id == original.id && abs(piece.x - original.x) < 1e-9 && piece.y == original.y)
        }
        #expect(layout.breakablePieces(S.symbols("𝑥")).count == 1)
        #expect(layout.breakablePieces(MathList()).count == 1)
    }

    @Test(arguments: S.fonts)
    func matrixColumnsAlignAndAreAQuadApart(file: String) throws {
        let layout = try S.layout(file)
        let array = MathArray(rows: [[S.symbols("1"), S.symbols("2")], [S.symbols("333"), S.symbols("4444")]],
                              columns: [.left, .right], left: "(", right: ")")
        let box = layout.layout(S.list(MathAtom(.array(array), class: .inner)), style: .text)
        let ones = box.drawnGlyphs.filter { $0.glyph.text == "1" }
        let threes = box.drawnGlyphs.filter { $0.glyph.text == "3" }
        let two = try #require(box.glyph(showing: "2"))
        let fours = box.drawnGlyphs.filter { $0.glyph.text == "4" }
        #expect(abs(ones[0].glyph.x - threes[0].glyph.x) < tolerance)
        let scale = layout.font.scale(size: S.size)
        let twoRight = two.glyph.x + layout.font.metrics(two.glyph.id).advance * scale
        let fourRight = fours[3].glyph.x + layout.font.metrics(fours[3].glyph.id).advance * scale
        #expect(abs(twoRight - fourRight) < tolerance)
        let threeRight = threes[2].glyph.x + layout.font.metrics(threes[2].glyph.id).advance * scale
        #expect(abs(fours[0].glyph.x - threeRight - S.size) < tolerance)
        // Rows of small cells are a baselineskip apart.
        #expect(abs(fours[0].glyph.y - two.glyph.y - 1.2 * S.size) < tolerance)
        // The array itself, rows with their struts, is centred on the axis.
        var bare = array
        bare.left = nil
        bare.right = nil
        let plain = layout.layout(S.list(MathAtom(.array(bare), class: .inner)), style: .text)
        let axis = layout.font.constant(.axisHeight, size: S.size)
        #expect(abs((plain.height - plain.depth) / 2 - axis) < tolerance)
    }

    @Test(arguments: S.fonts)
    func alignedPairsMeetAtTheAmpersandAndTaggedRowsAreRecorded(file: String) throws {
        let layout = try S.layout(file)
        let rows: [[MathList]] = [
            [S.symbols("𝑥"), S.list(S.atom("=", .relation), S.atom("1"))],
            [S.symbols("𝑦𝑦𝑦"), S.list(S.atom("=", .relation), S.atom("22"))],
            [S.symbols("𝑧"), S.list(S.atom("=", .relation), S.atom("3"))],
        ]
        let array = MathArray(rows: rows, columns: [], layout: .aligned, style: .display,
                              tags: [EquationTag(text: "1"), nil, EquationTag(text: "2", label: "z")])
        let box = layout.layout(S.list(MathAtom(.array(array), class: .ordinary)), style: .display)
        let equals = box.drawnGlyphs.filter { $0.glyph.text == "=" }
        #expect(equals.count == 3)
        #expect(equals.allSatisfy { abs($0.glyph.x - equals[0].glyph.x) < tolerance })
        let x = try #require(box.glyph(showing: "𝑥"))
        let z = try #require(box.glyph(showing: "𝑧"))
        #expect(box.taggedRows.count == 2)
        #expect(box.taggedRows.map(\.tag.text) == ["1", "2"])
        #expect(abs(box.taggedRows[0].baseline - x.glyph.y) < tolerance)
        #expect(abs(box.taggedRows[1].baseline - z.glyph.y) < tolerance)
        #expect(z.glyph.y - x.glyph.y >= 2 * 1.2 * S.size)
    }

    @Test func casesAlignLeftAndGatheredCentres() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        let cases = MathArray(rows: [[S.symbols("1"), S.symbols("𝑥")], [S.symbols("222"), S.symbols("𝑦")]],
                              columns: [], left: "{", layout: .cases)
        let box = layout.layout(S.list(MathAtom(.array(cases), class: .inner)), style: .text)
        let ones = box.drawnGlyphs.filter { $0.glyph.text == "1" }
        let twos = box.drawnGlyphs.filter { $0.glyph.text == "2" }
        #expect(abs(ones[0].glyph.x - twos[0].glyph.x) < tolerance)
        #expect(box.glyph(showing: "{") != nil)
        let gathered = MathArray(rows: [[S.symbols("1")], [S.symbols("222")]], columns: [], layout: .gathered)
        let centred = layout.layout(S.list(MathAtom(.array(gathered), class: .ordinary)), style: .text)
        let one = try #require(centred.glyph(showing: "1"))
        let firstTwo = try #require(centred.glyph(showing: "2"))
        #expect(one.glyph.x > firstTwo.glyph.x)
    }

    @Test func rulesOfAnArray() throws {
        let layout = try S.layout(MathFontFiles.dejaVu)
        let array = MathArray(rows: [[S.symbols("1"), S.symbols("2")], [S.symbols("3"), S.symbols("4")]], columns: [.center],
                              verticalRules: [1], horizontalRules: [0, 1, 2])
        let box = layout.layout(S.list(MathAtom(.array(array), class: .ordinary)), style: .text)
        #expect(box.rules.count == 4)
        let vertical = try #require(box.rules.first { $0.height > $0.width })
        let one = try #require(box.glyph(showing: "1"))
        let two = try #require(box.glyph(showing: "2"))
        #expect(vertical.x > one.glyph.x && vertical.x < two.glyph.x)
        let between = try #require(box.rules.filter { $0.width > $0.height }.sorted { $0.y < $1.y }.dropFirst().first)
        let three = try #require(box.glyph(showing: "3"))
        #expect(between.y > layout.font.ink(of: one).bottom && between.maxY < layout.font.ink(of: three).top)
    }
}
