/// The characters of a math list in reading order, gathered without recursion, for lists
/// nested too deep to lay out.
enum FlatText {
    private enum Work {
        case list(MathList)
        case text(String)
    }

    /// Every symbol, text and error source in `list` and the lists inside it.
    static func characters(of list: MathList) -> String {
        var text = ""
        // A stack of what is still to read, next last, so depth costs heap, not stack.
        var pending: [Work] = [.list(list)]
        while let next = pending.popLast() {
            switch next {
            case let .text(string):
                text += string
            case let .list(list):
                for atom in list.atoms.reversed() {
                    pending.append(contentsOf: [atom.subscript, atom.superscript].compactMap { $0.map(Work.list) })
                    pending.append(contentsOf: parts(of: atom.nucleus).reversed())
                }
            }
        }
        return text
    }

    /// What a nucleus holds, in reading order.
    private static func parts(of nucleus: MathAtom.Nucleus) -> [Work] {
        switch nucleus {
        case let .symbol(symbol), let .error(symbol), let .sizedDelimiter(symbol, _):
            return [.text(symbol)]
        case let .text(pieces):
            return pieces.map { piece in
                switch piece {
                case let .text(string, _): return .text(string)
                case let .math(list): return .list(list)
                }
            }
        case let .group(list), let .overline(list), let .underline(list), let .colored(_, list), let .boxed(list),
             let .cancelled(list, _), let .phantom(list, _), let .negated(list):
            return [.list(list)]
        case let .fraction(fraction):
            return [.list(fraction.numerator), .text("/"), .list(fraction.denominator)]
        case let .radical(radicand, degree):
            return [degree, radicand].compactMap { $0.map(Work.list) }
        case let .fenced(fenced):
            return [.text(fenced.left ?? "")] + fenced.parts.map(Work.list) + [.text(fenced.right ?? "")]
        case let .accent(accent):
            return [.list(accent.base)]
        case let .underOver(underOver):
            return [underOver.overLabel, underOver.base, underOver.underLabel].compactMap { $0.map(Work.list) }
        case let .array(array):
            return array.rows.flatMap { $0 }.map(Work.list)
        case .space, .style, .reference:
            return []
        }
    }
}
