import LetterpressCore

/// The constructs of one kind a pass left out of a note (Liquid tags, shortcodes): said once,
/// at the first, with how many there were.
struct DroppedConstructs {
    /// What one is (`Liquid tag`), and the tool that runs them.
    let noun: String
    let tool: String
    private(set) var count = 0
    private var first: (example: String, location: SourceLocation)?

    init(_ noun: String, tool: String) {
        self.noun = noun
        self.tool = tool
    }

    mutating func add(_ example: Substring, line: Int, column: Int) {
        count += 1
        if first == nil { first = (String(example), SourceLocation(line: line, column: column)) }
    }

    /// The one warning, or none when nothing was dropped.
    func warning(file: String) -> Warning? {
        guard let first else { return nil }
        let what = count == 1 ? "\(noun) is left out (only \(tool) can run it)" : "\(count) \(noun)s are left out (only \(tool) can run them), the first here"
        return Warning(code: .unsupportedSyntax, file: file, location: first.location, message: "\(Excerpt.quoted(first.example)): \(what)")
    }
}
