import Foundation

/// Every anchor of a document, gathered before its first block is built (blocks go to styling
/// as they are made), so that a link to a heading further on is checked where it is written.
///
/// An anchor is set on the text it names as the `anchor` attribute (`LetterpressAttributes
/// .AnchorAttribute`): headings' from their text (`heading`), footnotes' from their label.
/// Anything else that names a place (HTML's `<a name>` or `id`) is given with `add` in the
/// same first pass, then set on the place's first character.
package struct DocumentAnchors {
    private(set) var names: Set<String> = []
    private var slugger = Slugger()

    /// The anchor of a heading whose text is `text`, unique in the document.
    mutating func heading(_ text: String) -> String {
        let name = slugger.slug(text)
        names.insert(name)
        return name
    }

    /// An anchor the document names itself; a heading made later never takes it.
    mutating func add(_ name: String) {
        slugger.reserve(name)
        names.insert(name)
    }

    /// The link attribute for a link to `destination` (`#fragment`): `#` and the anchor named
    /// as written, or percent-decoded, or without GitHub's `user-content-` prefix, or in lower
    /// case (GitHub's own anchors are); `#` and `#top` (unless an anchor is so named) are the
    /// document's top, as in a browser (see `LinkTarget`). Nil when nothing has that name.
    func link(to destination: String) -> String? {
        let written = String(destination.dropFirst())
        let decoded = written.removingPercentEncoding ?? written
        for name in [written, decoded, String(decoded.trimmingPrefix("user-content-")), decoded.lowercased()] where names.contains(name) {
            return "#" + name
        }
        return decoded.isEmpty || decoded.lowercased() == "top" ? "#" : nil
    }

    /// Footnotes' labels, in the order of their numbers.
    private var footnoteLabels: [String] = []
    /// How many references to each footnote, by number, were made so far.
    private var footnoteReferences: [Int: Int] = [:]

    /// The next footnote's label (`[^label]`), the number of the footnote when unknown. Its
    /// anchors are named as cmark-gfm names them in HTML: `fn-label` for the note,
    /// `fnref-label` for its first reference.
    mutating func addFootnote(label: String?) {
        let label = label ?? String(footnoteLabels.count + 1)
        footnoteLabels.append(label)
        names.insert(Self.footnote(label))
        names.insert(Self.footnoteReference(label, occurrence: 1))
    }

    /// The label of footnote `number`.
    func footnoteLabel(_ number: Int) -> String {
        footnoteLabels.indices.contains(number - 1) ? footnoteLabels[number - 1] : String(number)
    }

    /// The link to footnote `number` and the anchor of this reference to it: `fnref-label`,
    /// then `fnref-label-2`, … as cmark-gfm names them.
    mutating func reference(toFootnote number: Int) -> (link: String, anchor: String) {
        let occurrence = footnoteReferences[number, default: 0] + 1
        footnoteReferences[number] = occurrence
        let label = footnoteLabel(number)
        return ("#" + Self.footnote(label), Self.footnoteReference(label, occurrence: occurrence))
    }

    /// The anchor of the footnote labelled `label`.
    package static func footnote(_ label: String) -> String { "fn-" + label }

    /// The anchor of the `occurrence`th reference (from 1) to the footnote labelled `label`.
    package static func footnoteReference(_ label: String, occurrence: Int) -> String {
        occurrence == 1 ? "fnref-" + label : "fnref-\(label)-\(occurrence)"
    }
}
