import Foundation

/// What typesetting a document made besides its pages, which went out one by one.
struct TypesetOutcome {
    var pageCount: Int
    var warnings: [Warning]
    var timings: Timings
    /// Characters of the pages that no installed font has.
    var missingCharacters: Set<Unicode.Scalar> = []
}
