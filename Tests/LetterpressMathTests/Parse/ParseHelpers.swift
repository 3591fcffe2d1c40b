@testable import LetterpressMath

/// `source` parsed with no macros.
func parse(_ source: String, display: Bool = false) -> Formula {
    var macros = MathMacros()
    return Formula(parsing: source, display: display, macros: &macros)
}

/// The dump of `source`'s body.
func dump(_ source: String, display: Bool = false) -> String {
    MathDump.dump(parse(source, display: display).body)
}

/// The messages of `source`'s problems.
func messages(_ source: String, display: Bool = false) -> [String] {
    parse(source, display: display).problems.map(\.message)
}
