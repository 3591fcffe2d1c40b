import Testing
@testable import LetterpressMath

@Suite struct MathListTests {
    @Test func atomsKeepTheirScripts() {
        let x = MathAtom(.symbol("𝑥"), class: .ordinary, superscript: MathList([MathAtom(.symbol("2"), class: .ordinary)]))
        let list = MathList([x])
        #expect(list.atoms.first?.superscript?.atoms.count == 1)
        #expect(list.atoms.first?.subscript == nil)
    }
}
