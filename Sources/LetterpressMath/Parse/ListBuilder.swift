import LetterpressCore

/// The atoms of a list as the parser reads them, with what acts on the whole list: the
/// `\color` switches and an `\over`.
struct ListBuilder {
    var atoms: [MathAtom] = []
    /// Where each `\color` switch came, and its colour (nil for one that could not be read).
    var colors: [(index: Int, color: Color?)] = []
    /// `\over` and its relatives: the fraction, how many atoms came before it, where it is.
    var infix: (fraction: MathAtom.Fraction, split: Int, range: Range<Int>)?

    /// The list: coloured, with TeX's classes, and made a fraction if an `\over` was read.
    func finished() -> MathList {
        let atoms = Self.colored(atoms, switches: colors)
        guard let infix else { return MathList(Self.reclassified(atoms)) }
        var fraction = infix.fraction
        fraction.numerator = MathList(Self.reclassified(Array(atoms[..<infix.split])))
        fraction.denominator = MathList(Self.reclassified(Array(atoms[infix.split...])))
        return MathList([MathAtom(.fraction(fraction), class: .inner, source: infix.range)])
    }

    /// `atoms` with TeX's rules 5 and 6 applied (see `MathParser`'s comment).
    static func reclassified(_ atoms: [MathAtom]) -> [MathAtom] {
        var atoms = atoms
        var previous: Int?
        for index in atoms.indices where !isSpacing(atoms[index]) {
            if atoms[index].atomClass == .binary {
                let before = previous.map { atoms[$0].atomClass }
                if before == nil || [.binary, .largeOperator, .relation, .opening, .punctuation].contains(before) {
                    setClass(.ordinary, of: &atoms[index])
                }
            } else if [.relation, .closing, .punctuation].contains(atoms[index].atomClass),
                      let previous, atoms[previous].atomClass == .binary {
                setClass(.ordinary, of: &atoms[previous])
            }
            previous = index
        }
        if let previous, atoms[previous].atomClass == .binary { setClass(.ordinary, of: &atoms[previous]) }
        return atoms
    }

    private static func isSpacing(_ atom: MathAtom) -> Bool {
        switch atom.nucleus {
        case .space, .style: return true
        default: return false
        }
    }

    /// Sets an atom's class, and the class of the one atom a colour wraps, which the layout may read.
    private static func setClass(_ atomClass: AtomClass, of atom: inout MathAtom) {
        atom.atomClass = atomClass
        if case .colored(let color, var list) = atom.nucleus, list.atoms.count == 1 {
            list.atoms[0].atomClass = atomClass
            atom.nucleus = .colored(color, list)
        }
    }

    /// Each atom from a `\color` switch on wrapped in its colour alone, keeping its class, so a
    /// coloured `=` is still spaced as a relation.
    static func colored(_ atoms: [MathAtom], switches: [(index: Int, color: Color?)]) -> [MathAtom] {
        guard !switches.isEmpty else { return atoms }
        var atoms = atoms
        var current = 0
        var color: Color?
        for index in atoms.indices {
            while current < switches.count, switches[current].index <= index {
                color = switches[current].color
                current += 1
            }
            if let color, !isSpacing(atoms[index]) { atoms[index] = wrapped(atoms[index], in: color) }
        }
        return atoms
    }

    /// `atom` inside a coloured list of its own, its class outside.
    static func wrapped(_ atom: MathAtom, in color: Color) -> MathAtom {
        MathAtom(.colored(color, MathList([atom])), class: atom.atomClass, source: atom.source)
    }
}
