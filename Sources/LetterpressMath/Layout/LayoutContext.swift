import LetterpressCore

/// What an atom is laid out in: TeX's style and whether it is cramped (TeXbook, chapter 17),
/// the colour, and how deeply lists nest here.
struct LayoutContext {
    /// TeX's style: display, text, script or scriptscript.
    var style: MathStyle
    /// A cramped style raises superscripts less: denominators, subscripts, radicands and
    /// what is under a bar are cramped.
    var cramped: Bool
    /// The colour glyphs and rules are drawn in.
    var color: Color
    /// How many lists enclose this one; past `MathLayout.maximumDepth` lists are drawn flat.
    var depth: Int

    /// 0 in display and text style, 1 in script, 2 in scriptscript: the `ssty` level.
    var scriptLevel: Int {
        switch style {
        case .display, .text: return 0
        case .script: return 1
        case .scriptScript: return 2
        }
    }

    /// The context of a superscript: one script level smaller, cramped if this is.
    var superscript: LayoutContext {
        with(style: style <= .text ? .script : .scriptScript, cramped: cramped)
    }

    /// The context of a subscript: as a superscript's, and always cramped.
    var `subscript`: LayoutContext {
        with(style: style <= .text ? .script : .scriptScript, cramped: true)
    }

    /// The context of a numerator: display gives text, text gives script, and so on.
    var numerator: LayoutContext {
        with(style: Self.fractionStyle(of: style), cramped: cramped)
    }

    /// The context of a denominator: as a numerator's, and always cramped.
    var denominator: LayoutContext {
        with(style: Self.fractionStyle(of: style), cramped: true)
    }

    /// The same style, cramped.
    var crampedContext: LayoutContext {
        with(style: style, cramped: true)
    }

    /// This context one list deeper.
    var nested: LayoutContext {
        var context = self
        context.depth += 1
        return context
    }

    /// A context one list deeper in another style, of the same colour.
    func with(style: MathStyle, cramped: Bool) -> LayoutContext {
        LayoutContext(style: style, cramped: cramped, color: color, depth: depth + 1)
    }

    private static func fractionStyle(of style: MathStyle) -> MathStyle {
        switch style {
        case .display: return .text
        case .text: return .script
        case .script, .scriptScript: return .scriptScript
        }
    }
}
