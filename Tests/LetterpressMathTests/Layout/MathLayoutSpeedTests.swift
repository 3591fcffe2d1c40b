import LetterpressCore
import Testing
@testable import LetterpressMath

/// What formulas cost to lay out: the issue wants 1,000 inline formulas to cost at most
/// twice as much as as many words. The figures are printed; the bounds only catch a layout
/// that went quadratic or lost its caches, even in a debug build on a busy machine.
@Suite struct MathLayoutSpeedTests {
    typealias S = MathTestSupport

    /// `x_i^2 + \alpha`, with the letter varied so the caches see several glyphs.
    static func inline(_ index: Int) -> MathList {
        let letters = ["𝑥", "𝑦", "𝑧", "𝑎", "𝑏"]
        return S.list(S.atom(letters[index % 5], sub: S.symbols("𝑖"), sup: S.symbols("2")), S.atom("+", .binary), S.atom("𝛼"))
    }

    /// `\sum_{i=1}^{n} \frac{1}{\sqrt{i}} = \left( \int_0^1 f(x)\,dx \right)^2`.
    static var display: MathList {
        let sum = S.atom("∑", .largeOperator, sub: S.list(S.atom("𝑖"), S.atom("=", .relation), S.atom("1")), sup: S.symbols("𝑛"))
        let fraction = S.fraction(S.symbols("1"), S.list(MathAtom(.radical(radicand: S.symbols("𝑖"), degree: nil), class: .ordinary)))
        let integral = S.atom("∫", .largeOperator, sub: S.symbols("0"), sup: S.symbols("1"), limits: .noLimits)
        let body = S.list(integral, S.atom("𝑓"), S.atom("(", .opening), S.atom("𝑥"), S.atom(")", .closing),
                          MathAtom(.space(ems: 3.0 / 18), class: .ordinary), S.atom("𝑑"), S.atom("𝑥"))
        let fenced = MathAtom(.fenced(.init(left: "(", parts: [body], right: ")")), class: .inner, superscript: S.symbols("2"))
        return S.list(sum, fraction, S.atom("=", .relation), fenced)
    }

    @Test func aThousandInlineFormulasAndAHundredDisplayOnes() throws {
        let layout = try S.layout(MathFontFiles.latinModern)
        let clock = ContinuousClock()
        let inlineLists = (0..<1000).map(Self.inline)
        var width = 0.0
        let inlineTime = clock.measure {
            for list in inlineLists { width += layout.breakablePieces(list).reduce(0) { $0 + $1.width } }
        }
        let displayList = Self.display
        let displayTime = clock.measure {
            for _ in 0..<100 { width += layout.layout(displayList, style: .display).width }
        }
        print("math layout: 1,000 inline formulas in \(inlineTime), 100 display formulas in \(displayTime)")
        #expect(width > 0)
        #expect(inlineTime < .seconds(5))
        #expect(displayTime < .seconds(5))
    }
}
