/// Thrown inside the parser when the formula cannot be read on: `Formula` catches it and keeps
/// the source as one error atom.
struct FatalProblem: Error {
    var range: Range<Int>
    var message: String
}
