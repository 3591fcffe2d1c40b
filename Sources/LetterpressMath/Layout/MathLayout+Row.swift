extension MathLayout {
    /// A laid-out atom of a row at its place.
    struct RowEntry {
        var box: MathBox
        var x: Double
        /// Whether a line may break after it: a binary operator or relation followed by
        /// something other than a relation or punctuation.
        var breaksAfter = false
    }

    /// A list as one box: its atoms side by side with TeX's spacing between them.
    func layoutList(_ list: MathList, _ context: LayoutContext) -> MathBox {
        if context.depth > Self.maximumDepth { return flatBox(list, context) }
        let row = rowEntries(list, context)
        return assemble(row.entries[...], from: 0, width: row.width)
    }

    /// A list as a fragment: a single glyph keeps its kerning and italic correction, for
    /// the scripts and accents that attach to it.
    func layoutFragment(_ list: MathList, _ context: LayoutContext) -> MathFragment {
        if list.atoms.count == 1, list.atoms[0].subscript == nil, list.atoms[0].superscript == nil,
           case .symbol = list.atoms[0].nucleus, context.depth <= Self.maximumDepth {
            return layoutNucleus(list.atoms[0], class: list.atoms[0].atomClass, context.nested)
        }
        return MathFragment(box: layoutList(list, context))
    }

    /// The atoms of `list` laid out and placed (TeX's rules 5 to 20): classes settled, each
    /// atom with its scripts, spaces between by the table.
    func rowEntries(_ list: MathList, _ start: LayoutContext) -> (entries: [RowEntry], width: Double) {
        var context = start.nested
        let atoms = joiningFallbackSymbols(list.atoms)
        let classes = InterAtomSpacing.classes(of: atoms)
        var entries: [RowEntry] = []
        entries.reserveCapacity(atoms.count)
        var x = 0.0
        var previous: AtomClass?
        for (atom, atomClass) in zip(atoms, classes) {
            switch atom.nucleus {
            case let .style(style):
                // As in TeX, a style change keeps the cramping it is made in.
                context.style = style
                continue
            case let .space(ems):
                x += ems.isFinite ? ems * em(context) : 0
                continue
            default:
                break
            }
            guard let atomClass else { continue }
            if let previous {
                x += InterAtomSpacing.mu(between: previous, and: atomClass, in: context.style) * em(context) / 18
            }
            let box = layoutAtom(atom, class: atomClass, context)
            entries.append(RowEntry(box: box, x: x, breaksAfter: atomClass == .binary || atomClass == .relation))
            x += box.width
            previous = atomClass
        }
        markBreaks(&entries, classes: classes.compactMap { $0 })
        return (entries, x)
    }

    /// TeX breaks after a binary operator or a relation, but not inside a run of relations
    /// (`:=`), before punctuation, nor after the last atom.
    private func markBreaks(_ entries: inout [RowEntry], classes: [AtomClass]) {
        for index in entries.indices where entries[index].breaksAfter {
            let next = index + 1 < classes.count ? classes[index + 1] : nil
            entries[index].breaksAfter = next != nil && next != .relation && next != .punctuation
        }
    }

    /// The entries as one box, its origin at `from`.
    func assemble(_ entries: ArraySlice<RowEntry>, from startX: Double, width: Double) -> MathBox {
        var box = MathBox(width: width)
        for entry in entries {
            box.place(entry.box, x: entry.x - startX, y: 0)
        }
        return box
    }

    /// One atom: its nucleus, then its scripts beside it or, for a large operator with
    /// limits, above and below it.
    func layoutAtom(_ atom: MathAtom, class atomClass: AtomClass, _ context: LayoutContext) -> MathBox {
        let nucleus = layoutNucleus(atom, class: atomClass, context)
        let isOperator = atomClass == .largeOperator
        guard atom.subscript != nil || atom.superscript != nil else {
            // TeX's rule 17: a character's italic correction is part of its width.
            var box = nucleus.box
            box.width += nucleus.italicCorrection
            return box
        }
        if isOperator && usesLimits(atom.limits, context) {
            return attachLimits(nucleus, over: atom.superscript, under: atom.subscript, context)
        }
        return attachScripts(nucleus, superscript: atom.superscript, subscript: atom.subscript, isOperator: isOperator, context)
    }

    /// Whether a large operator's scripts go above and below it in this style.
    private func usesLimits(_ limits: LimitsPlacement, _ context: LayoutContext) -> Bool {
        switch limits {
        case .automatic: return context.style == .display
        case .limits: return true
        case .noLimits: return false
        }
    }

    /// What an atom's nucleus is, laid out.
    func layoutNucleus(_ atom: MathAtom, class atomClass: AtomClass, _ context: LayoutContext) -> MathFragment {
        switch atom.nucleus {
        case let .symbol(text):
            return atomClass == .largeOperator ? layoutOperator(text, context) : layoutSymbol(text, context)
        case let .text(pieces):
            return MathFragment(box: layoutText(pieces, context))
        case let .group(list):
            return MathFragment(box: layoutList(list, context))
        case let .fraction(fraction):
            return MathFragment(box: layoutFraction(fraction, context))
        case let .radical(radicand, degree):
            return MathFragment(box: layoutRadical(radicand, degree: degree, context))
        case let .fenced(fenced):
            return MathFragment(box: layoutFenced(fenced, context))
        case let .sizedDelimiter(delimiter, level):
            return MathFragment(box: layoutSizedDelimiter(delimiter, level: level, context))
        case let .accent(accent):
            return layoutAccent(accent, context)
        case let .underOver(underOver):
            return MathFragment(box: layoutUnderOver(underOver, context))
        case let .overline(list):
            return MathFragment(box: layoutOverline(list, context))
        case let .underline(list):
            return MathFragment(box: layoutUnderline(list, context))
        case let .colored(color, list):
            var inner = context
            inner.color = color
            return MathFragment(box: layoutList(list, inner))
        case let .boxed(list):
            return MathFragment(box: layoutBoxed(list, context))
        case let .cancelled(list, cancel):
            return MathFragment(box: layoutCancelled(list, cancel, context))
        case let .phantom(list, phantom):
            return MathFragment(box: layoutPhantom(list, phantom, context))
        case let .negated(list):
            return MathFragment(box: layoutNegated(list, context))
        case let .array(array):
            return MathFragment(box: layoutArray(array, context))
        case let .reference(label, parenthesized):
            return MathFragment(box: layoutReference(label, parenthesized: parenthesized, context))
        case let .error(source):
            return MathFragment(box: textBox(source, color: errorColor, context))
        case .space, .style:
            return MathFragment(box: MathBox())
        }
    }
}
