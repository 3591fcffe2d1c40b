/// The tables of commands the parser handles by family: what each one means, so the parser's
/// functions stay short and the list of supported commands (for did-you-mean) is complete.
enum MathCommands {
    /// An accent's character, whether it stretches, whether it goes below.
    struct AccentMark {
        var mark: String
        var isWide = false
        var isBelow = false
    }

    static let accents: [String: AccentMark] = [
        "hat": AccentMark(mark: "\u{302}"), "bar": AccentMark(mark: "\u{304}"), "vec": AccentMark(mark: "\u{2192}"),
        "dot": AccentMark(mark: "\u{307}"), "ddot": AccentMark(mark: "\u{308}"), "dddot": AccentMark(mark: "\u{20DB}"),
        "ddddot": AccentMark(mark: "\u{20DC}"), "tilde": AccentMark(mark: "\u{303}"), "check": AccentMark(mark: "\u{30C}"),
        "breve": AccentMark(mark: "\u{306}"), "acute": AccentMark(mark: "\u{301}"), "grave": AccentMark(mark: "\u{300}"),
        "mathring": AccentMark(mark: "\u{30A}"),
        "widehat": AccentMark(mark: "\u{302}", isWide: true), "widetilde": AccentMark(mark: "\u{303}", isWide: true),
        "widecheck": AccentMark(mark: "\u{30C}", isWide: true),
        "overrightarrow": AccentMark(mark: "\u{2192}", isWide: true), "overleftarrow": AccentMark(mark: "\u{2190}", isWide: true),
        "overleftrightarrow": AccentMark(mark: "\u{2194}", isWide: true), "Overrightarrow": AccentMark(mark: "\u{21D2}", isWide: true),
        "overrightharpoon": AccentMark(mark: "\u{21C0}", isWide: true), "overleftharpoon": AccentMark(mark: "\u{21BC}", isWide: true),
        "underrightarrow": AccentMark(mark: "\u{2192}", isWide: true, isBelow: true),
        "underleftarrow": AccentMark(mark: "\u{2190}", isWide: true, isBelow: true),
        "underleftrightarrow": AccentMark(mark: "\u{2194}", isWide: true, isBelow: true),
        "utilde": AccentMark(mark: "\u{303}", isWide: true, isBelow: true),
    ]

    /// `\overbrace` and its relatives: the stretchy character and whether it goes over.
    static let braces: [String: (mark: String, isOver: Bool)] = [
        "overbrace": ("\u{23DE}", true), "underbrace": ("\u{23DF}", false), "overbracket": ("\u{23B4}", true),
        "underbracket": ("\u{23B5}", false), "overparen": ("\u{23DC}", true), "underparen": ("\u{23DD}", false),
        "overgroup": ("\u{23E0}", true), "undergroup": ("\u{23E1}", false),
    ]

    /// `\xrightarrow[below]{above}` and its relatives: arrows that stretch under their labels.
    static let extensibleArrows: [String: String] = [
        "xrightarrow": "→", "xleftarrow": "←", "xleftrightarrow": "↔", "xRightarrow": "⇒", "xLeftarrow": "⇐",
        "xLeftrightarrow": "⇔", "xmapsto": "↦", "xhookrightarrow": "↪", "xhookleftarrow": "↩", "xlongequal": "=",
        "xtwoheadrightarrow": "↠", "xtwoheadleftarrow": "↞", "xrightharpoonup": "⇀", "xrightharpoondown": "⇁",
        "xleftharpoonup": "↼", "xleftharpoondown": "↽", "xrightleftharpoons": "⇌", "xleftrightharpoons": "⇋",
        "xtofrom": "⇄",
    ]

    /// Font commands that take an argument. `\mathnormal` is TeX's default and handled apart.
    static let fonts: [String: MathVariant] = [
        "mathbf": .bold, "mathit": .italic, "mathrm": .normal, "mathsf": .sansSerif, "mathtt": .monospace,
        "mathbb": .doubleStruck, "mathcal": .script, "mathscr": .script, "mathfrak": .fraktur, "boldsymbol": .boldItalic,
        "bm": .boldItalic, "pmb": .boldItalic, "Bbb": .doubleStruck, "bold": .bold, "frak": .fraktur,
        "mathup": .normal, "mathbfit": .boldItalic, "mathsfit": .sansSerifItalic,
    ]

    /// The old font switches, in force to the end of their group.
    static let fontSwitches: [String: MathVariant] = [
        "bf": .bold, "rm": .normal, "it": .italic, "cal": .script, "sf": .sansSerif, "tt": .monospace,
        // Plain TeX's math italic, which also slants capital Greek (`\mit\Omega`).
        "mit": .italic,
    ]

    /// Commands that set their argument as text.
    static let texts: [String: MathVariant] = [
        "text": .normal, "textrm": .normal, "textnormal": .normal, "textup": .normal, "textmd": .normal,
        "textbf": .bold, "textit": .italic, "textsl": .italic, "emph": .italic, "textsf": .sansSerif,
        "texttt": .monospace, "mbox": .normal, "hbox": .normal,
    ]

    /// Fixed spaces, in ems (18 mu to the em).
    static let spaces: [String: Double] = [
        ",": 3 / 18, "thinspace": 3 / 18, ":": 4 / 18, ">": 4 / 18, "medspace": 4 / 18, ";": 5 / 18,
        "thickspace": 5 / 18, "!": -3 / 18, "negthinspace": -3 / 18, "negmedspace": -4 / 18,
        "negthickspace": -5 / 18, "quad": 1, "qquad": 2, "enspace": 0.5, "enskip": 0.5, " ": 1 / 3,
        "\n": 1 / 3, "\t": 1 / 3, "space": 1 / 3, "nobreakspace": 1 / 3,
    ]

    /// `\big` and its relatives: the size level and the class.
    static let sizes: [String: (level: Int, atomClass: AtomClass)] = {
        var sizes: [String: (level: Int, atomClass: AtomClass)] = [:]
        for (level, name) in ["big", "Big", "bigg", "Bigg"].enumerated() {
            sizes[name] = (level + 1, .ordinary)
            sizes[name + "l"] = (level + 1, .opening)
            sizes[name + "r"] = (level + 1, .closing)
            sizes[name + "m"] = (level + 1, .relation)
        }
        return sizes
    }()

    /// Operator names set in upright letters, and where their scripts go: above and below in
    /// display for the lim-like, beside for the log-like (plain TeX's `\nolimits`).
    static let operatorNames: [String: (text: String, limits: LimitsPlacement)] = {
        var names: [String: (text: String, limits: LimitsPlacement)] = [:]
        for name in ["det", "gcd", "inf", "lim", "max", "min", "Pr", "sup"] {
            names[name] = (name, .automatic)
        }
        for (name, text) in ["liminf": "lim inf", "limsup": "lim sup", "injlim": "inj lim", "projlim": "proj lim",
                             "argmax": "arg max", "argmin": "arg min"] {
            names[name] = (text, .automatic)
        }
        for name in ["arcsin", "arccos", "arctan", "arctg", "arcctg", "arg", "ch", "cos", "cosec", "cosh", "cot",
                     "cotg", "coth", "csc", "ctg", "cth", "deg", "dim", "exp", "hom", "ker", "lg", "ln", "log",
                     "sec", "sin", "sinh", "sh", "tan", "tanh", "tg", "th", "sgn", "tr", "Tr", "rank", "diag"] {
            names[name] = (name, .noLimits)
        }
        return names
    }()

    /// `\mathop` and its relatives: an argument in a class.
    static let classes: [String: AtomClass] = [
        "mathord": .ordinary, "mathop": .largeOperator, "mathbin": .binary, "mathrel": .relation,
        "mathopen": .opening, "mathclose": .closing, "mathpunct": .punctuation, "mathinner": .inner,
    ]

    static let styles: [String: MathStyle] = [
        "displaystyle": .display, "textstyle": .text, "scriptstyle": .script, "scriptscriptstyle": .scriptScript,
    ]

    static let cancels: [String: MathAtom.Cancel] = [
        "cancel": .forward, "bcancel": .backward, "xcancel": .cross, "sout": .horizontal,
    ]

    static let phantoms: [String: MathAtom.Phantom] = ["phantom": .both, "hphantom": .width, "vphantom": .height]

    /// `\frac` and its relatives, as templates whose numerator and denominator the parser fills.
    static let fractions: [String: MathAtom.Fraction] = {
        let empty = MathList()
        return [
            "frac": MathAtom.Fraction(numerator: empty, denominator: empty),
            "dfrac": MathAtom.Fraction(numerator: empty, denominator: empty, style: .display),
            "tfrac": MathAtom.Fraction(numerator: empty, denominator: empty, style: .text),
            "cfrac": MathAtom.Fraction(numerator: empty, denominator: empty, style: .display, isContinued: true),
            "binom": MathAtom.Fraction(numerator: empty, denominator: empty, hasRule: false, left: "(", right: ")"),
            "dbinom": MathAtom.Fraction(numerator: empty, denominator: empty, hasRule: false, left: "(", right: ")", style: .display),
            "tbinom": MathAtom.Fraction(numerator: empty, denominator: empty, hasRule: false, left: "(", right: ")", style: .text),
        ]
    }()

    /// `\over` and its relatives, which make a fraction of everything before and after them.
    static let infixFractions: [String: MathAtom.Fraction] = {
        let empty = MathList()
        return [
            "over": MathAtom.Fraction(numerator: empty, denominator: empty),
            "atop": MathAtom.Fraction(numerator: empty, denominator: empty, hasRule: false),
            "choose": MathAtom.Fraction(numerator: empty, denominator: empty, hasRule: false, left: "(", right: ")"),
            "brace": MathAtom.Fraction(numerator: empty, denominator: empty, hasRule: false, left: "{", right: "}"),
            "brack": MathAtom.Fraction(numerator: empty, denominator: empty, hasRule: false, left: "[", right: "]"),
            // `\above 1pt`: its rule's thickness is read after it; only a zero one counts.
            "above": MathAtom.Fraction(numerator: empty, denominator: empty),
        ]
    }()

    /// Commands the parser reads itself, beyond the tables.
    static let structural: [String] = [
        "sqrt", "left", "middle", "right", "limits", "nolimits", "displaylimits", "operatorname", "overline",
        "underline", "overset", "underset", "stackrel", "color", "textcolor", "colorbox", "fcolorbox", "boxed", "fbox",
        "not", "pmod", "bmod", "mod", "pod", "hspace", "hskip", "kern", "mkern", "mskip", "ref", "eqref",
        "label", "tag", "nonumber", "notag", "begin", "end", "dots", "newcommand", "renewcommand", "providecommand",
        "def", "gdef", "let", "mathstrut", "strut", "substack", "\\", "cr", "hline", "hdashline", "mathnormal",
        "relax", "nobreak", "allowbreak", "smash", "mathrlap", "mathllap", "mathclap", "rlap", "llap", "clap",
    ]

    /// The families of commands in the tables, which the parser reads each in its own way.
    enum Family {
        case symbol, operatorName, space, style, fraction, accent, brace, arrow, font, text, size, atomClass, cancel, phantom
    }

    /// The family of a command in the tables; nil for the structural ones and unknown commands.
    static func family(of name: String) -> Family? {
        families[name]
    }

    private static let families: [String: Family] = {
        var families: [String: Family] = [:]
        let tables: [(Family, [String])] = [
            (.symbol, MathSymbols.commandNames), (.operatorName, Array(operatorNames.keys)), (.space, Array(spaces.keys)),
            (.style, Array(styles.keys)), (.fraction, Array(fractions.keys)), (.accent, Array(accents.keys)),
            (.brace, Array(braces.keys)), (.arrow, Array(extensibleArrows.keys)), (.font, Array(fonts.keys)),
            (.text, Array(texts.keys)), (.size, Array(sizes.keys)), (.atomClass, Array(classes.keys)),
            (.cancel, Array(cancels.keys)), (.phantom, Array(phantoms.keys)),
        ]
        for (family, names) in tables {
            for name in names where families[name] == nil { families[name] = family }
        }
        return families
    }()

    /// Every command name the parser understands, for did-you-mean and `\newcommand`'s check.
    static let all: Set<String> = {
        var names = Set(MathSymbols.commandNames)
        names.formUnion(structural)
        names.formUnion(MathParser.notationCommands)
        for table in [Array(accents.keys), Array(braces.keys), Array(extensibleArrows.keys), Array(fonts.keys),
                      Array(fontSwitches.keys), Array(texts.keys), Array(spaces.keys), Array(sizes.keys),
                      Array(operatorNames.keys), Array(classes.keys), Array(styles.keys), Array(cancels.keys),
                      Array(phantoms.keys), Array(fractions.keys), Array(infixFractions.keys)] {
            names.formUnion(table)
        }
        return names
    }()

    /// `all`, sorted, for suggestions that do not depend on a set's order.
    static let sortedNames = all.sorted()
}
