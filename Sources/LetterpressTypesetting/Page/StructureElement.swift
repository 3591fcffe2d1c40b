import Foundation

/// One element of the document's structure (a paragraph, a list item, a table cell), which a
/// tagged PDF's structure tree keeps in reading order. `id` tells elements apart: the items of
/// a page name the path of elements they belong to, and an element goes on while the items
/// that follow name it.
package struct StructureElement: Sendable, Equatable {
    package var role: StructureRole
    package var id: Int
    /// What a figure or formula shows, for a reader that cannot see it: the image's alt text,
    /// the formula's TeX source.
    package var alt: String?

    package init(role: StructureRole, id: Int, alt: String? = nil) {
        self.role = role
        self.id = id
        self.alt = alt
    }
}
