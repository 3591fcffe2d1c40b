/// A face in a font file: the file's path and, in a collection (`.ttc`), the face's index.
package struct FontFileReference: Sendable, Hashable {
    /// The font file's path.
    package var file: String
    /// The face's index in the file, 0 for a file of one face.
    package var index: Int

    package init(file: String, index: Int = 0) {
        self.file = file
        self.index = index
    }
}
