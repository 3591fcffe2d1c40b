import LetterpressCore

/// A formula as TeX's parser leaves it: a list of atoms, each a nucleus with optional
/// scripts (TeXbook, chapter 17 and Appendix G). The layout turns it into a `MathBox`.
public struct MathList: Sendable, Equatable {
    /// The atoms, in reading order.
    public var atoms: [MathAtom]

    /// A list of `atoms`.
    public init(_ atoms: [MathAtom] = []) {
        self.atoms = atoms
    }
}

/// TeX's atom classes: they choose the spacing between neighbours (TeXbook, chapter 18).
public enum AtomClass: Sendable, Equatable {
    /// An ordinary symbol: `x`, `1`, `\alpha`.
    case ordinary
    /// A large operator: `\sum`, `\int`, `\lim`.
    case largeOperator
    /// A binary operator: `+`, `\times`.
    case binary
    /// A relation: `=`, `\le`, `\to`.
    case relation
    /// An opening delimiter: `(`, `\langle`.
    case opening
    /// A closing delimiter: `)`, `\rangle`.
    case closing
    /// Punctuation: `,`, `;`.
    case punctuation
    /// A subformula set apart, such as `\left(…\right)` or a fraction.
    case inner
}

/// TeX's four styles: display, text, script and scriptscript, each cramped or not.
public enum MathStyle: Sendable, Equatable, Comparable {
    case display
    case text
    case script
    case scriptScript
}

/// Where a big operator's scripts go: beside it, or above and below (`\limits`).
public enum LimitsPlacement: Sendable, Equatable {
    /// Above and below in display style, beside otherwise: `\sum`, `\lim`. The parser gives
    /// `\int` and `\log` `noLimits`, as plain TeX does.
    case automatic
    case limits
    case noLimits
}

/// A font variant of letters and digits, set through Unicode's mathematical alphanumerics.
public enum MathVariant: Sendable, Equatable {
    case normal
    case bold
    case italic
    case boldItalic
    case doubleStruck
    case script
    case boldScript
    case fraktur
    case boldFraktur
    case sansSerif
    case sansSerifBold
    case sansSerifItalic
    case monospace
}

/// One atom: a nucleus of some kind, with its class and its scripts.
public struct MathAtom: Sendable, Equatable {
    /// What the atom is.
    public var nucleus: Nucleus
    /// The class that spaces it from its neighbours.
    public var atomClass: AtomClass
    /// Its subscript, if any.
    public var `subscript`: MathList?
    /// Its superscript, if any.
    public var superscript: MathList?
    /// Where a large operator's scripts go.
    public var limits: LimitsPlacement
    /// The bytes of the formula's source the atom came from, for messages.
    public var source: Range<Int>?

    /// An atom of `nucleus` in `atomClass`.
    public init(_ nucleus: Nucleus, class atomClass: AtomClass, subscript: MathList? = nil, superscript: MathList? = nil,
                limits: LimitsPlacement = .automatic, source: Range<Int>? = nil) {
        self.nucleus = nucleus
        self.atomClass = atomClass
        self.`subscript` = `subscript`
        self.superscript = superscript
        self.limits = limits
        self.source = source
    }

    /// What an atom holds.
    public indirect enum Nucleus: Sendable, Equatable {
        /// Characters of the math font, already mapped to their variant (`\mathbf{x}` is
        /// U+1D431): a letter, a digit, a symbol or an operator name's letters.
        case symbol(String)
        /// Text set upright in the math font's text letters (`\text{…}`, `\mbox`), with
        /// formulas inside it (`\text{if $x>0$}`).
        case text([TextPiece])
        /// A group in braces: its own list, laid out as one ordinary atom.
        case group(MathList)
        /// `\frac`, `\binom`, `\over`, `\atop`, `\choose` and their `d`/`t`/`c` forms.
        case fraction(Fraction)
        /// `\sqrt` and `\sqrt[n]`.
        case radical(radicand: MathList, degree: MathList?)
        /// `\left … \middle … \right`: delimiters that grow to the content's size.
        case fenced(Fenced)
        /// A delimiter of a fixed size: `\big(` is level 1 up to `\Bigg(` at 4.
        case sizedDelimiter(String, level: Int)
        /// An accent above (`\hat`, `\widehat`) or below the base.
        case accent(Accent)
        /// A stretchy symbol over or under the base, with an optional label beyond it
        /// (`\overbrace{…}^{…}`, `\overrightarrow`), and `\overset`, `\underset`, `\stackrel`.
        case underOver(UnderOver)
        /// `\overline`.
        case overline(MathList)
        /// `\underline`.
        case underline(MathList)
        /// Horizontal space in ems of the current font size (`\,` is 3/18); negative for `\!`.
        /// Absolute units are converted at 10 points an em (`\hspace{5pt}` is half an em), as
        /// TeX's ten-point fonts have them.
        case space(ems: Double)
        /// From here to the list's end in another style (`\displaystyle`, `\scriptstyle`).
        case style(MathStyle)
        /// A list in a colour (`\color`, `\textcolor`).
        case colored(Color, MathList)
        /// A list with a frame around it (`\boxed`, `\fbox`).
        case boxed(MathList)
        /// A list struck through (`\cancel`, `\bcancel`, `\xcancel`, `\sout`).
        case cancelled(MathList, Cancel)
        /// A list that takes room but is not drawn (`\phantom`, `\hphantom`, `\vphantom`).
        case phantom(MathList, Phantom)
        /// A list with a relation slash through it (`\not`).
        case negated(MathList)
        /// Rows and columns: matrices, `cases`, `aligned` and the display environments.
        case array(MathArray)
        /// `\ref{label}` (`parenthesized` false) or `\eqref{label}`: an equation's number,
        /// which the document assigns; a link to it in the PDF.
        case reference(label: String, parenthesized: Bool)
        /// Source the parser could not read, drawn as written in the error colour.
        case error(String)
    }

    /// A piece of `\text{…}`: text, or a formula inside it.
    public enum TextPiece: Sendable, Equatable {
        case text(String, MathVariant)
        case math(MathList)
    }

    /// `\frac{a}{b}` and its relatives.
    public struct Fraction: Sendable, Equatable {
        public var numerator: MathList
        public var denominator: MathList
        /// Whether a bar is drawn between them (false for `\binom`, `\atop`).
        public var hasRule: Bool
        /// The delimiters around it (`(` and `)` for `\binom`), if any.
        public var left: String?
        public var right: String?
        /// The style it forces (`display` for `\dfrac`, `text` for `\tfrac`), if any.
        public var style: MathStyle?
        /// `\cfrac`: the numerator is set at full size with a strut, as continued fractions are.
        public var isContinued: Bool

        public init(numerator: MathList, denominator: MathList, hasRule: Bool = true, left: String? = nil,
                    right: String? = nil, style: MathStyle? = nil, isContinued: Bool = false) {
            self.numerator = numerator
            self.denominator = denominator
            self.hasRule = hasRule
            self.left = left
            self.right = right
            self.style = style
            self.isContinued = isContinued
        }
    }

    /// `\left( … \middle| … \right)`: `nil` for a `.` delimiter (none drawn).
    public struct Fenced: Sendable, Equatable {
        public var left: String?
        /// The parts between `\middle` delimiters, and the delimiters between them.
        public var parts: [MathList]
        public var middles: [String?]
        public var right: String?

        public init(left: String?, parts: [MathList], middles: [String?] = [], right: String?) {
            self.left = left
            self.parts = parts
            self.middles = middles
            self.right = right
        }
    }

    /// An accent over or under its base.
    public struct Accent: Sendable, Equatable {
        public var base: MathList
        /// The accent's character: U+0302 for `\hat`, U+2192 for `\vec`.
        public var mark: String
        /// Whether it stretches over the base (`\widehat`, `\overrightarrow`).
        public var isWide: Bool
        /// Whether it goes under the base (`\underrightarrow`, `\utilde`).
        public var isBelow: Bool

        public init(base: MathList, mark: String, isWide: Bool = false, isBelow: Bool = false) {
            self.base = base
            self.mark = mark
            self.isWide = isWide
            self.isBelow = isBelow
        }
    }

    /// A stretchy mark and a label over or under a base.
    public struct UnderOver: Sendable, Equatable {
        public var base: MathList
        /// The stretchy character (U+23DE for `\overbrace`), or nil for `\overset`.
        public var over: String?
        public var under: String?
        /// What is set beyond the mark, in script style: `\overbrace{…}^{label}`, or
        /// `\overset{label}{…}`'s label.
        public var overLabel: MathList?
        public var underLabel: MathList?

        public init(base: MathList, over: String? = nil, under: String? = nil, overLabel: MathList? = nil, underLabel: MathList? = nil) {
            self.base = base
            self.over = over
            self.under = under
            self.overLabel = overLabel
            self.underLabel = underLabel
        }
    }

    /// Which strokes `\cancel` and its relatives draw.
    public enum Cancel: Sendable, Equatable {
        /// `\cancel`: bottom left to top right.
        case forward
        /// `\bcancel`: top left to bottom right.
        case backward
        /// `\xcancel`: both.
        case cross
        /// `\sout`: a horizontal line.
        case horizontal
    }

    /// Which of a phantom's dimensions count.
    public enum Phantom: Sendable, Equatable {
        case both
        /// `\hphantom`: its width only.
        case width
        /// `\vphantom`: its height and depth only.
        case height
    }
}

/// Rows and columns of lists: `matrix` and its delimited forms, `cases`, `array`, and the
/// aligned environments (`align`, `aligned`, `gather`, `split`, …).
public struct MathArray: Sendable, Equatable {
    /// The cells, row by row; rows may be shorter than the widest.
    public var rows: [[MathList]]
    /// Each column's alignment; the last repeats for columns beyond.
    public var columns: [ColumnAlignment]
    /// Vertical rules before each column boundary (`array`'s `|`): index 0 is left of the
    /// first column.
    public var verticalRules: Set<Int>
    /// Horizontal rules (`\hline`) above each row index; `rows.count` is below the last.
    public var horizontalRules: Set<Int>
    /// The delimiters around it (`(` `)` for `pmatrix`, `{` and nothing for `cases`).
    public var left: String?
    public var right: String?
    /// How columns pair and are spaced.
    public var layout: Layout
    /// The style of the cells: text for `matrix` and `cases`, display for `dcases` and the
    /// aligned environments, script for `smallmatrix` and `subarray`.
    public var style: MathStyle
    /// Extra space between rows, in ems (`\\[4pt]`), per row boundary after row index.
    public var rowGaps: [Int: Double]
    /// Each row's equation number, for the numbered display environments; empty otherwise.
    public var tags: [EquationTag?]

    public init(rows: [[MathList]], columns: [ColumnAlignment], verticalRules: Set<Int> = [], horizontalRules: Set<Int> = [],
                left: String? = nil, right: String? = nil, layout: Layout = .matrix, style: MathStyle = .text,
                rowGaps: [Int: Double] = [:], tags: [EquationTag?] = []) {
        self.rows = rows
        self.columns = columns
        self.verticalRules = verticalRules
        self.horizontalRules = horizontalRules
        self.left = left
        self.right = right
        self.layout = layout
        self.style = style
        self.rowGaps = rowGaps
        self.tags = tags
    }

    public enum ColumnAlignment: Sendable, Equatable {
        case left
        case center
        case right
    }

    /// How an array's columns are spaced.
    public enum Layout: Sendable, Equatable {
        /// Columns a quad apart, as `matrix` and `array`.
        case matrix
        /// Columns in right/left pairs around the `&`, pairs spaced apart, as `align` and `aligned`.
        case aligned
        /// One centred column, as `gather` and `gathered`.
        case gathered
        /// `multline`: the first row left, the last right, the others centred.
        case multline
        /// `cases`: the value and its condition, left aligned, a quad apart.
        case cases
    }
}

/// The number a display equation, or one row of an aligned environment, is shown with.
public struct EquationTag: Sendable, Equatable {
    /// What is shown in parentheses at the right margin: the automatic number assigned by
    /// the document (`nil` until it is), or the text of a `\tag{…}`.
    public var text: String?
    /// Whether it is `\tag*{…}`, shown without parentheses.
    public var isStarred: Bool
    /// The name a `\label{…}` gives it, for `\ref` and `\eqref`.
    public var label: String?

    public init(text: String? = nil, isStarred: Bool = false, label: String? = nil) {
        self.text = text
        self.isStarred = isStarred
        self.label = label
    }
}
