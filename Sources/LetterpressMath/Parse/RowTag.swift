/// What `\tag`, `\label` and `\nonumber` said in one equation, or one row of an aligned
/// environment, while it was read.
struct RowTag {
    var text: String?
    var isStarred = false
    var label: String?
    var hasNoNumber = false

    /// The row's tag: a `\tag`'s text, or the automatic number when `numbered` and no
    /// `\nonumber` says otherwise.
    func tag(numbered: Bool) -> EquationTag? {
        if let text { return EquationTag(text: text, isStarred: isStarred, label: label) }
        guard numbered, !hasNoNumber else { return nil }
        return EquationTag(label: label)
    }
}
