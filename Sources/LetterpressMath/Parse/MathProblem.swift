/// Something wrong in a formula's source, where it is and what it is.
public struct MathProblem: Sendable, Equatable {
    /// The UTF-8 byte offsets in the formula's source that the problem is about.
    public var range: Range<Int>
    /// What is wrong, naming the command, with a suggestion where one is close.
    public var message: String
    /// Whether the formula could not be read at all: its body is then one error atom holding
    /// the whole source, drawn as written in the error colour.
    public var isFatal: Bool

    /// A problem at `range`.
    public init(range: Range<Int>, message: String, isFatal: Bool = false) {
        self.range = range
        self.message = message
        self.isFatal = isFatal
    }
}
