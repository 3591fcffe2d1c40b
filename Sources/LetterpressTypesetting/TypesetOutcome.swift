import Foundation
import LetterpressCore

/// What typesetting a document made besides its pages, which went out one by one.
package struct TypesetOutcome {
    package var pageCount: Int
    package var warnings: [Warning]
    package var timings: Timings
    /// Characters of the pages that no installed font has.
    package var missingCharacters: Set<Unicode.Scalar> = []
}
