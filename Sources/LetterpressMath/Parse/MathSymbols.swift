/// The symbol commands KaTeX supports, by TeX class, and the class of a character typed
/// directly (`α ≤ ∑`). Greek letters keep their plain Unicode here; `MathAlphabet` sets them
/// in italic or a font's variant.
enum MathSymbols {
    /// A command's character and class.
    static func symbol(for command: String) -> (text: String, atomClass: AtomClass)? {
        if let text = greek[command] ?? ordinary[command] { return (text, .ordinary) }
        if let text = relations[command] { return (text, .relation) }
        if let text = binaries[command] { return (text, .binary) }
        if let text = largeOperators[command] { return (text, .largeOperator) }
        if let text = openings[command] { return (text, .opening) }
        if let text = closings[command] { return (text, .closing) }
        if let text = punctuation[command] { return (text, .punctuation) }
        if let text = inner[command] { return (text, .inner) }
        return nil
    }

    /// Every symbol command's name.
    static var commandNames: [String] {
        [greek, ordinary, relations, binaries, largeOperators, openings, closings, punctuation, inner].flatMap(\.keys)
    }

    /// The class TeX gives a character typed in a formula (plain TeX's `\mathcode`s, and the
    /// symbol tables' for Unicode input).
    static func atomClass(of scalar: Unicode.Scalar) -> AtomClass {
        if let atomClass = asciiClasses[scalar] { return atomClass }
        return characterClasses[scalar] ?? .ordinary
    }

    /// The character set for a typed ASCII one: `-` is a minus sign, `*` an asterisk operator.
    static func mathCharacter(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "-": return "\u{2212}"
        case "*": return "\u{2217}"
        default: return scalar
        }
    }

    /// Big operators whose scripts stay beside them even in display style (plain TeX's
    /// `\nolimits` on the integrals).
    static let sideScripted: Set<String> = ["int", "iint", "iiint", "iiiint", "oint", "oiint", "oiiint", "smallint",
                                            "intop"]

    private static let asciiClasses: [Unicode.Scalar: AtomClass] = [
        "+": .binary, "-": .binary, "*": .binary,
        "=": .relation, "<": .relation, ">": .relation, ":": .relation,
        ",": .punctuation, ";": .punctuation,
        "(": .opening, "[": .opening, ")": .closing, "]": .closing, "!": .closing, "?": .closing,
    ]

    private static let characterClasses: [Unicode.Scalar: AtomClass] = {
        var classes: [Unicode.Scalar: AtomClass] = [:]
        for (table, atomClass) in [(relations, AtomClass.relation), (binaries, .binary), (largeOperators, .largeOperator),
                                   (openings, .opening), (closings, .closing), (punctuation, .punctuation)] {
            for text in table.values where text.unicodeScalars.count == 1 {
                let scalar = text.unicodeScalars.first!
                classes[scalar] = classes[scalar] ?? atomClass
            }
        }
        // Typed bars are ordinary, as `|` is; only `\lvert` and friends open or close.
        classes["|"] = nil
        classes["‖"] = nil
        classes["∣"] = .relation
        classes["∥"] = .relation
        classes["−"] = .binary
        classes["⋯"] = .inner
        classes["…"] = .inner
        return classes
    }()

    static let greek: [String: String] = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
        "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "varkappa": "ϰ", "lambda": "λ",
        "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
        "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ",
        "psi": "ψ", "omega": "ω", "digamma": "ϝ", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ",
        "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
        "Alpha": "Α", "Beta": "Β", "Epsilon": "Ε", "Zeta": "Ζ", "Eta": "Η", "Iota": "Ι", "Kappa": "Κ",
        "Mu": "Μ", "Nu": "Ν", "Omicron": "Ο", "Rho": "Ρ", "Tau": "Τ", "Chi": "Χ",
        "varGamma": "𝛤", "varDelta": "𝛥", "varTheta": "𝛩", "varLambda": "𝛬", "varXi": "𝛯", "varPi": "𝛱",
        "varSigma": "𝛴", "varUpsilon": "𝛶", "varPhi": "𝛷", "varPsi": "𝛹", "varOmega": "𝛺",
    ]

    static let ordinary: [String: String] = [
        "aleph": "ℵ", "beth": "ℶ", "gimel": "ℷ", "daleth": "ℸ",
        "infty": "∞", "partial": "∂", "nabla": "∇", "forall": "∀", "exists": "∃", "exist": "∃", "nexists": "∄",
        "emptyset": "∅", "varnothing": "∅", "hbar": "ℏ", "hslash": "ℏ", "ell": "ℓ", "wp": "℘", "Re": "ℜ",
        "Im": "ℑ", "imath": "𝚤", "jmath": "𝚥", "prime": "′", "backprime": "‵", "angle": "∠",
        "measuredangle": "∡", "sphericalangle": "∢", "top": "⊤", "bot": "⊥", "neg": "¬", "lnot": "¬",
        "flat": "♭", "natural": "♮", "sharp": "♯", "clubsuit": "♣", "diamondsuit": "♢", "heartsuit": "♡",
        "spadesuit": "♠", "triangle": "△", "Box": "□", "square": "□", "blacksquare": "■", "lozenge": "◊",
        "blacklozenge": "⧫", "bigstar": "★", "surd": "√", "checkmark": "✓", "maltese": "✠", "degree": "°",
        "mho": "℧", "Finv": "Ⅎ", "Game": "⅁", "eth": "ð", "complement": "∁", "diagdown": "╲",
        "diagup": "╱", "vartriangle": "△", "triangledown": "▽", "blacktriangle": "▲",
        "blacktriangledown": "▼", "circledS": "Ⓢ", "dag": "†", "ddag": "‡", "S": "§", "P": "¶",
        "copyright": "©", "pounds": "£", "yen": "¥", "euro": "€", "textdollar": "$", "$": "$", "#": "#",
        "%": "%", "&": "&", "_": "_", "vert": "|", "Vert": "‖", "|": "‖", "backslash": "\\",
        "vdots": "⋮", "And": "&", "infin": "∞", "Bbbk": "𝕜", "varkappa": "ϰ", "minuso": "⦵",
        "Diamond": "◊", "clubs": "♣", "diamonds": "♢", "hearts": "♡", "spades": "♠", "sect": "§",
        "textbackslash": "\\", "yogh": "ȝ", "bull": "•",
    ]

    static let binaries: [String: String] = [
        "pm": "±", "mp": "∓", "times": "×", "div": "÷", "cdot": "⋅", "ast": "∗", "star": "⋆", "circ": "∘",
        "bullet": "∙", "setminus": "∖", "smallsetminus": "∖", "cap": "∩", "cup": "∪", "uplus": "⊎",
        "sqcap": "⊓", "sqcup": "⊔", "vee": "∨", "lor": "∨", "wedge": "∧", "land": "∧", "oplus": "⊕",
        "ominus": "⊖", "otimes": "⊗", "oslash": "⊘", "odot": "⊙", "bigcirc": "◯", "amalg": "⨿", "wr": "≀",
        "diamond": "⋄", "triangleleft": "◃", "triangleright": "▹", "bigtriangleup": "△",
        "bigtriangledown": "▽", "lhd": "⊲", "rhd": "⊳", "unlhd": "⊴", "unrhd": "⊵", "dotplus": "∔",
        "divideontimes": "⋇", "ltimes": "⋉", "rtimes": "⋊", "leftthreetimes": "⋋", "rightthreetimes": "⋌",
        "curlywedge": "⋏", "curlyvee": "⋎", "doublecap": "⋒", "Cap": "⋒", "doublecup": "⋓", "Cup": "⋓",
        "barwedge": "⌅", "veebar": "⊻", "doublebarwedge": "⩞", "boxplus": "⊞", "boxminus": "⊟",
        "boxtimes": "⊠", "boxdot": "⊡", "circleddash": "⊝", "circledast": "⊛", "circledcirc": "⊚",
        "centerdot": "⋅", "intercal": "⊺", "gtrdot": "⋗", "lessdot": "⋖", "dagger": "†", "ddagger": "‡",
        "mathplus": "+",
    ]

    static let relations: [String: String] = [
        "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "equiv": "≡", "approx": "≈",
        "approxeq": "≊", "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫",
        "lll": "⋘", "llless": "⋘", "ggg": "⋙", "gggtr": "⋙", "subset": "⊂", "supset": "⊃",
        "subseteq": "⊆", "supseteq": "⊇", "sub": "⊂", "sube": "⊆", "supe": "⊇", "subsetneq": "⊊", "supsetneq": "⊋", "sqsubset": "⊏",
        "sqsupset": "⊐", "sqsubseteq": "⊑", "sqsupseteq": "⊒", "in": "∈", "isin": "∈", "ni": "∋",
        "owns": "∋", "notin": "∉", "notni": "∌", "vdash": "⊢", "dashv": "⊣", "models": "⊨", "vDash": "⊨",
        "Vdash": "⊩", "Vvdash": "⊪", "mid": "∣", "parallel": "∥", "perp": "⊥", "smile": "⌣", "frown": "⌢",
        "bowtie": "⋈", "Join": "⋈", "asymp": "≍", "doteq": "≐", "doteqdot": "≑", "Doteq": "≑", "prec": "≺",
        "succ": "≻", "preceq": "⪯", "succeq": "⪰", "precsim": "≾", "succsim": "≿", "precapprox": "⪷",
        "succapprox": "⪸", "preccurlyeq": "≼", "succcurlyeq": "≽", "curlyeqprec": "⋞", "curlyeqsucc": "⋟",
        "coloneqq": "≔", "Coloneqq": "⩴", "eqqcolon": "≕", "coloneq": "≔", "Eqqcolon": "=∷",
        "dblcolon": "∷", "vcentcolon": ":", "ratio": "∶", "lesssim": "≲", "gtrsim": "≳", "lessapprox": "⪅",
        "gtrapprox": "⪆", "lessgtr": "≶", "gtrless": "≷", "lesseqgtr": "⋚", "gtreqless": "⋛",
        "lesseqqgtr": "⪋", "gtreqqless": "⪌", "leqq": "≦", "geqq": "≧", "leqslant": "⩽", "geqslant": "⩾",
        "eqslantless": "⪕", "eqslantgtr": "⪖", "triangleq": "≜", "circeq": "≗", "bumpeq": "≏",
        "Bumpeq": "≎", "thicksim": "∼", "thickapprox": "≈", "backsim": "∽", "backsimeq": "⋍", "eqsim": "≂",
        "risingdotseq": "≓", "fallingdotseq": "≒", "between": "≬", "pitchfork": "⋔", "shortmid": "∣",
        "shortparallel": "∥", "therefore": "∴", "because": "∵", "vartriangleleft": "⊲",
        "vartriangleright": "⊳", "trianglelefteq": "⊴", "trianglerighteq": "⊵", "blacktriangleleft": "◀",
        "blacktriangleright": "▶", "Subset": "⋐", "Supset": "⋑", "subseteqq": "⫅", "supseteqq": "⫆",
        "varpropto": "∝", "smallsmile": "⌣", "smallfrown": "⌢", "multimap": "⊸", "eqcirc": "≖",
        "backepsilon": "∍", "lesseqslant": "⩽", "gtrsimeq": "≳", "origof": "⊶", "imageof": "⊷",
        "nleq": "≰", "ngeq": "≱", "nless": "≮", "ngtr": "≯", "nsubseteq": "⊈", "nsupseteq": "⊉",
        "nsubset": "⊄", "nsupset": "⊅", "nmid": "∤", "nparallel": "∦", "nsim": "≁", "ncong": "≇",
        "nprec": "⊀", "nsucc": "⊁", "npreceq": "⋠", "nsucceq": "⋡", "nvdash": "⊬", "nvDash": "⊭",
        "nVdash": "⊮", "nVDash": "⊯", "ntriangleleft": "⋪", "ntriangleright": "⋫", "ntrianglelefteq": "⋬",
        "ntrianglerighteq": "⋭", "lneq": "⪇", "gneq": "⪈", "lneqq": "≨", "gneqq": "≩", "lvertneqq": "≨",
        "gvertneqq": "≩", "lnsim": "⋦", "gnsim": "⋧", "lnapprox": "⪉", "gnapprox": "⪊", "precneqq": "⪵",
        "succneqq": "⪶", "precnsim": "⋨", "succnsim": "⋩", "precnapprox": "⪹", "succnapprox": "⪺",
        "subsetneqq": "⫋", "supsetneqq": "⫌", "varsubsetneq": "⊊", "varsupsetneq": "⊋",
        "varsubsetneqq": "⫋", "varsupsetneqq": "⫌", "nleqq": "≰", "ngeqq": "≱", "nleqslant": "⪇",
        "ngeqslant": "⪈", "nshortmid": "∤", "nshortparallel": "∦", "nsubseteqq": "⊈", "nsupseteqq": "⊉",
        "nequiv": "≢", "napprox": "≉", "nsimeq": "≄",
        "leftarrow": "←", "gets": "←", "rightarrow": "→", "to": "→", "leftrightarrow": "↔",
        "Leftarrow": "⇐", "Rightarrow": "⇒", "Leftrightarrow": "⇔", "longleftarrow": "⟵",
        "longrightarrow": "⟶", "longleftrightarrow": "⟷", "Longleftarrow": "⟸", "Longrightarrow": "⟹",
        "Longleftrightarrow": "⟺", "iff": "⟺", "implies": "⟹", "impliedby": "⟸", "mapsto": "↦",
        "longmapsto": "⟼", "hookleftarrow": "↩", "hookrightarrow": "↪", "uparrow": "↑", "downarrow": "↓",
        "updownarrow": "↕", "Uparrow": "⇑", "Downarrow": "⇓", "Updownarrow": "⇕", "nearrow": "↗",
        "searrow": "↘", "swarrow": "↙", "nwarrow": "↖", "leftharpoonup": "↼", "leftharpoondown": "↽",
        "rightharpoonup": "⇀", "rightharpoondown": "⇁", "rightleftharpoons": "⇌", "leftrightharpoons": "⇋",
        "upharpoonleft": "↿", "upharpoonright": "↾", "downharpoonleft": "⇃", "downharpoonright": "⇂",
        "restriction": "↾", "leadsto": "⇝", "rightsquigarrow": "⇝", "leftrightsquigarrow": "↭",
        "leftleftarrows": "⇇", "rightrightarrows": "⇉", "leftrightarrows": "⇆", "rightleftarrows": "⇄",
        "upuparrows": "⇈", "downdownarrows": "⇊", "Lleftarrow": "⇚", "Rrightarrow": "⇛",
        "twoheadleftarrow": "↞", "twoheadrightarrow": "↠", "leftarrowtail": "↢", "rightarrowtail": "↣",
        "looparrowleft": "↫", "looparrowright": "↬", "curvearrowleft": "↶", "curvearrowright": "↷",
        "circlearrowleft": "↺", "circlearrowright": "↻", "Lsh": "↰", "Rsh": "↱", "nleftarrow": "↚",
        "nrightarrow": "↛", "nLeftarrow": "⇍", "nRightarrow": "⇏", "nleftrightarrow": "↮",
        "nLeftrightarrow": "⇎", "dashleftarrow": "⇠", "dashrightarrow": "⇢", "leftrightarrowtriangle": "⇿",
        "Larr": "⇐", "Rarr": "⇒", "larr": "←", "rarr": "→", "harr": "↔", "Harr": "⇔", "lrarr": "↔",
        "uarr": "↑", "darr": "↓", "Uarr": "⇑", "Darr": "⇓",
    ]

    static let largeOperators: [String: String] = [
        "sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬", "iiint": "∭", "iiiint": "⨌",
        "oint": "∮", "oiint": "∯", "oiiint": "∰", "intop": "∫", "smallint": "∫", "bigcup": "⋃",
        "bigcap": "⋂", "bigoplus": "⨁", "bigotimes": "⨂", "bigodot": "⨀", "biguplus": "⨄",
        "bigsqcup": "⨆", "bigvee": "⋁", "bigwedge": "⋀",
    ]

    static let openings: [String: String] = [
        "langle": "⟨", "lvert": "|", "lVert": "‖", "lceil": "⌈", "lfloor": "⌊", "lgroup": "⟮",
        "lmoustache": "⎰", "{": "{", "lbrace": "{", "lbrack": "[", "lparen": "(", "ulcorner": "⌜",
        "llcorner": "⌞", "lang": "⟨", "llbracket": "⟦",
    ]

    static let closings: [String: String] = [
        "rangle": "⟩", "rvert": "|", "rVert": "‖", "rceil": "⌉", "rfloor": "⌋", "rgroup": "⟯",
        "rmoustache": "⎱", "}": "}", "rbrace": "}", "rbrack": "]", "rparen": ")", "urcorner": "⌝",
        "lrcorner": "⌟", "rang": "⟩", "rrbracket": "⟧",
    ]

    static let punctuation: [String: String] = [
        "colon": ":", "cdotp": "⋅", "ldotp": ".",
    ]

    static let inner: [String: String] = [
        "ldots": "…", "cdots": "⋯", "ddots": "⋱", "iddots": "⋰", "dotsc": "…", "dotsb": "⋯", "dotsm": "⋯",
        "dotsi": "⋯", "dotso": "…", "mathellipsis": "…", "ellipsis": "…",
    ]

    /// The relations `\not` turns into one character, as Unicode has them.
    static let negations: [String: String] = [
        "=": "≠", "<": "≮", ">": "≯", "≤": "≰", "≥": "≱", "∈": "∉", "∋": "∌", "≡": "≢", "∼": "≁",
        "≃": "≄", "≅": "≇", "≈": "≉", "⊂": "⊄", "⊃": "⊅", "⊆": "⊈", "⊇": "⊉", "∣": "∤", "∥": "∦",
        "≺": "⊀", "≻": "⊁", "⪯": "⋠", "⪰": "⋡", "⊢": "⊬", "⊨": "⊭", "⊩": "⊮", "←": "↚", "→": "↛",
        "↔": "↮", "⇐": "⇍", "⇒": "⇏", "⇔": "⇎", "∃": "∄", "⊲": "⋪", "⊳": "⋫", "⊴": "⋬", "⊵": "⋭",
        "⊑": "⋢", "⊒": "⋣", "≍": "≭", "≲": "≴", "≳": "≵", "≶": "≸", "≷": "≹",
    ]
}
