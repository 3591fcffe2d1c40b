/// TeX's table of spaces between neighbouring atoms (TeXbook, chapter 18, and Appendix G,
/// rule 20), in mu (an eighteenth of an em).
enum InterAtomSpacing {
    // Rows are the left atom's class, columns the right's, in the order ord, op, bin, rel,
    // open, close, punct, inner. 1 is a thin space (3 mu), 2 medium (4 mu), 3 thick (5 mu);
    // negative means only in display and text style, as TeX's parenthesized entries.
    private static let table: [[Int]] = [
        [0, 1, -2, -3, 0, 0, 0, -1],
        [1, 1, 0, -3, 0, 0, 0, -1],
        [-2, -2, 0, 0, -2, 0, 0, -2],
        [-3, -3, 0, 0, -3, 0, 0, -3],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, -2, -3, 0, 0, 0, -1],
        [-1, -1, 0, -1, -1, -1, -1, -1],
        [-1, 1, -2, -3, -1, 0, -1, -1],
    ]

    private static let muPerKind = [0.0, 3, 4, 5]

    /// The space between an atom of class `left` and one of class `right` in `style`, in mu.
    static func mu(between left: AtomClass, and right: AtomClass, in style: MathStyle) -> Double {
        let entry = table[index(left)][index(right)]
        if entry < 0 && style > .text { return 0 }
        return muPerKind[abs(entry)]
    }

    private static func index(_ atomClass: AtomClass) -> Int {
        switch atomClass {
        case .ordinary: return 0
        case .largeOperator: return 1
        case .binary: return 2
        case .relation: return 3
        case .opening: return 4
        case .closing: return 5
        case .punctuation: return 6
        case .inner: return 7
        }
    }

    /// The classes the atoms take for spacing, with TeX's rules 5 and 6: a binary operator
    /// with nothing before it that it could operate on (the list's start, an operator, a
    /// relation, an opening or punctuation), or before a relation, closing or punctuation,
    /// or at the list's end, is ordinary. `nil` stands for what is no atom (spaces, style
    /// changes), which the rules skip.
    static func classes(of atoms: [MathAtom]) -> [AtomClass?] {
        var classes: [AtomClass?] = atoms.map { atom in
            switch atom.nucleus {
            case .space, .style: return nil
            default: return atom.atomClass
            }
        }
        var previous: Int?
        for index in classes.indices {
            guard let current = classes[index] else { continue }
            let before = previous.flatMap { classes[$0] }
            if current == .binary, before == nil || [.binary, .largeOperator, .relation, .opening, .punctuation].contains(before!) {
                classes[index] = .ordinary
            } else if [.relation, .closing, .punctuation].contains(current), let previous, before == .binary {
                classes[previous] = .ordinary
            }
            previous = index
        }
        if let previous, classes[previous] == .binary { classes[previous] = .ordinary }
        return classes
    }
}
