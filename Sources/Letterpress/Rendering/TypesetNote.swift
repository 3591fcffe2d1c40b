import Foundation

/// A note typeset in memory: its pages, and the metadata a PDF of them holds.
public struct TypesetNote {
    public var document: TypesetDocument
    public var metadata: DocumentMetadata
    /// The characters no installed font has, in code point order.
    public var missingCharacters: [MissingCharacter] = []
}
