/// What a `\begin{…}` environment makes: the shape of its array, and whether it numbers its
/// equations and must be the whole formula.
struct MathEnvironment {
    var layout: MathArray.Layout
    var columns: [MathArray.ColumnAlignment]
    var left: String?
    var right: String?
    var style: MathStyle
    /// The display environments that number their rows (`align`, not `align*`).
    var isNumbered = false
    /// The top-level display environments, which must be the whole formula.
    var isDisplayOnly = false
    /// What it reads after `\begin{name}`: `array`'s column spec, `alignedat`'s column count.
    var argument = Argument.none

    enum Argument {
        case none
        case columnSpec
        case count
        /// `pmatrix*[r]`: an optional column alignment.
        case optionalAlignment
    }

    /// The environment called `name`, if there is one.
    static func named(_ name: String) -> MathEnvironment? {
        if let environment = all[name] { return environment }
        guard name.hasSuffix("*"), var starred = all[String(name.dropLast())] else { return nil }
        if starred.isDisplayOnly {
            starred.isNumbered = false
        } else if starred.layout == .matrix, starred.argument == .none, starred.style == .text {
            starred.argument = .optionalAlignment
        } else {
            return nil
        }
        return starred
    }

    /// Every name, for did-you-mean.
    static var names: [String] { Array(all.keys) + ["CD"] }

    private static let all: [String: MathEnvironment] = {
        let matrix = MathEnvironment(layout: .matrix, columns: [.center], style: .text)
        func delimited(_ left: String, _ right: String) -> MathEnvironment {
            var environment = matrix
            environment.left = left
            environment.right = right
            return environment
        }
        var environments: [String: MathEnvironment] = [
            "matrix": matrix, "pmatrix": delimited("(", ")"), "bmatrix": delimited("[", "]"),
            "Bmatrix": delimited("{", "}"), "vmatrix": delimited("|", "|"), "Vmatrix": delimited("‖", "‖"),
            "smallmatrix": MathEnvironment(layout: .matrix, columns: [.center], style: .script),
            "array": MathEnvironment(layout: .matrix, columns: [.center], style: .text, argument: .columnSpec),
            "darray": MathEnvironment(layout: .matrix, columns: [.center], style: .display, argument: .columnSpec),
            "subarray": MathEnvironment(layout: .matrix, columns: [.center], style: .script, argument: .columnSpec),
            "cases": MathEnvironment(layout: .cases, columns: [.left, .left], left: "{", style: .text),
            "dcases": MathEnvironment(layout: .cases, columns: [.left, .left], left: "{", style: .display),
            "rcases": MathEnvironment(layout: .cases, columns: [.left, .left], right: "}", style: .text),
            "drcases": MathEnvironment(layout: .cases, columns: [.left, .left], right: "}", style: .display),
            "aligned": MathEnvironment(layout: .aligned, columns: [.right, .left], style: .display),
            "alignedat": MathEnvironment(layout: .aligned, columns: [.right, .left], style: .display, argument: .count),
            "split": MathEnvironment(layout: .aligned, columns: [.right, .left], style: .display),
            "gathered": MathEnvironment(layout: .gathered, columns: [.center], style: .display),
        ]
        let display: [(String, MathArray.Layout, [MathArray.ColumnAlignment], Argument)] = [
            ("equation", .gathered, [.center], .none), ("align", .aligned, [.right, .left], .none),
            ("flalign", .aligned, [.right, .left], .none), ("alignat", .aligned, [.right, .left], .count),
            ("gather", .gathered, [.center], .none), ("multline", .multline, [.center], .none),
        ]
        for (name, layout, columns, argument) in display {
            environments[name] = MathEnvironment(layout: layout, columns: columns, style: .display, isNumbered: true,
                                                 isDisplayOnly: true, argument: argument)
        }
        return environments
    }()
}
