import Testing
@testable import LetterpressMath

@Suite struct SymbolTests {
    @Test func latinLettersAreMathItalicAndDigitsUpright() {
        #expect(dump("ax2") == "ord 𝑎 ord 𝑥 ord 2")
        #expect(dump("AZ") == "ord 𝐴 ord 𝑍")
    }

    @Test func italicHIsThePlanckConstantCharacter() {
        #expect(dump("h") == "ord ℎ")
    }

    @Test func greekLowercaseIsItalicUppercaseUpright() {
        #expect(dump("\\alpha\\omega\\Gamma\\Omega") == "ord 𝛼 ord 𝜔 ord Γ ord Ω")
        #expect(dump("\\epsilon\\varepsilon\\phi\\varphi") == "ord 𝜖 ord 𝜀 ord 𝜙 ord 𝜑")
        #expect(dump("\\varGamma") == "ord 𝛤")
    }

    @Test func operatorsTakeTeXClasses() {
        #expect(dump("a+b-c=d<e,f;g") == "ord 𝑎 bin + ord 𝑏 bin − ord 𝑐 rel = ord 𝑑 rel < ord 𝑒 punct , ord 𝑓 punct ; ord 𝑔")
        #expect(dump("(a]") == "open ( ord 𝑎 close ]")
        #expect(dump("a\\times b\\le c\\to d") == "ord 𝑎 bin × ord 𝑏 rel ≤ ord 𝑐 rel → ord 𝑑")
        #expect(dump("x!") == "ord 𝑥 close !")
    }

    @Test func negatedRelationsAndArrows() {
        #expect(dump("\\neq\\nleq\\nsubseteq\\notin") == "rel ≠ rel ≰ rel ⊈ rel ∉")
        #expect(dump("\\longrightarrow\\Longleftrightarrow\\mapsto\\implies") == "rel ⟶ rel ⟺ rel ↦ rel ⟹")
    }

    @Test func miscellaneousSymbols() {
        #expect(dump("\\infty\\nabla\\forall\\exists\\emptyset\\varnothing\\hbar\\ell\\Re\\Im\\aleph\\prime")
            == "ord ∞ ord ∇ ord ∀ ord ∃ ord ∅ ord ∅ ord ℏ ord ℓ ord ℜ ord ℑ ord ℵ ord ′")
        #expect(dump("\\partial") == "ord 𝜕")
        #expect(dump("x\\dagger y") == "ord 𝑥 bin † ord 𝑦")
    }

    @Test func delimitersOpenAndClose() {
        #expect(dump("\\langle\\lvert\\lVert\\lceil\\lfloor\\{") == "open ⟨ open | open ‖ open ⌈ open ⌊ open {")
        #expect(dump("\\rangle\\rvert\\rVert\\rceil\\rfloor\\}") == "close ⟩ close | close ‖ close ⌉ close ⌋ close }")
        #expect(dump("\\|") == "ord ‖")
    }

    @Test func dotsByContext() {
        #expect(dump("\\ldots\\cdots\\vdots\\ddots") == "inner … inner ⋯ ord ⋮ inner ⋱")
        #expect(dump("a+\\dots+b") == "ord 𝑎 bin + inner ⋯ bin + ord 𝑏")
        #expect(dump("a,\\dots,b") == "ord 𝑎 punct , inner … punct , ord 𝑏")
    }

    @Test func escapedCharacters() {
        #expect(dump("\\#\\%\\&\\_\\$") == "ord # ord % ord & ord _ ord $")
    }

    @Test func unicodeTypedDirectlyTakesItsClass() {
        #expect(dump("α ≤ ∑") == "ord 𝛼 rel ≤ op ∑")
        #expect(dump("a ∈ B × C") == "ord 𝑎 rel ∈ ord 𝐵 bin × ord 𝐶")
        #expect(dump("∫") == "op ∫ nolimits")
        #expect(dump("a − b") == "ord 𝑎 bin − ord 𝑏")
    }

    @Test func lettersOfOtherScriptsAreText() {
        #expect(dump("x_{最大}") == "ord 𝑥_{ord text(\"最\") ord text(\"大\")}")
        #expect(dump("ж ℝ ϑ") == "ord text(\"ж\") ord ℝ ord 𝜗")
        #expect(parse("x_{最大}").plainText == "x_(最大)")
    }

    @Test func bigOperators() {
        #expect(dump("\\sum\\prod\\coprod\\bigcup\\bigcap\\bigoplus\\bigotimes\\bigodot\\biguplus\\bigsqcup\\bigvee\\bigwedge")
            == "op ∑ op ∏ op ∐ op ⋃ op ⋂ op ⨁ op ⨂ op ⨀ op ⨄ op ⨆ op ⋁ op ⋀")
        #expect(dump("\\int\\iint\\iiint\\oint\\oiint") == "op ∫ nolimits op ∬ nolimits op ∭ nolimits op ∮ nolimits op ∯ nolimits")
    }

    @Test func binaryOperatorsBecomeOrdinaryWhereTeXSaysSo() {
        #expect(dump("-x") == "ord − ord 𝑥")
        #expect(dump("a=-b") == "ord 𝑎 rel = ord − ord 𝑏")
        #expect(dump("(+a)") == "open ( ord + ord 𝑎 close )")
        #expect(dump("a+") == "ord 𝑎 ord +")
        #expect(dump("a+=b") == "ord 𝑎 ord + rel = ord 𝑏")
        #expect(dump("\\sum -x") == "op ∑ ord − ord 𝑥")
        #expect(dump("a\\,+b") == "ord 𝑎 ord space(0.167) bin + ord 𝑏")
    }
}
