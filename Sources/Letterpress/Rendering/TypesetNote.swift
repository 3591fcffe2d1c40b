import Foundation

/// A note typeset in memory: its pages, and the metadata a PDF of them holds.
package struct TypesetNote {
    package var document: TypesetDocument
    package var metadata: DocumentMetadata
    /// The characters no installed font has, in code point order.
    package var missingCharacters: [MissingCharacter] = []
}
