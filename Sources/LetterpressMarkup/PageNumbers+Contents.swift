import LetterpressCore


extension PageNumbers {
    /// Whether a note whose body is `body` shows page numbers of its anchors: a `toc:`, a
    /// `[TOC]` line or a `{page:#…}` (checked by their text: a false alarm costs layouts, never
    /// different pages).
    package static func areShown(in body: String, frontMatter: FrontMatter) -> Bool {
        if frontMatter.toc != nil { return true }
        let found = ContentsLine.scan(body)
        return found.contentsLine || found.pageReference
    }
}
