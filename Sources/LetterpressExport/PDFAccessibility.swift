import Foundation
import LetterpressCore

/// What a tagged PDF needs that Cairo 1.16 cannot write, appended to the PDF it has finished
/// as an incremental update (ISO 32000-1, 7.5.6), Cairo's bytes left as they are: the catalog
/// again with the text's language (`/Lang`), `/ViewerPreferences` that show the document's
/// title rather than its file name, and `/MarkInfo` where Cairo left it out; and each
/// figure's and formula's structure element again with its alternative text (`/Alt`), which
/// Cairo's tags cannot carry.
struct PDFAccessibility {
    let language: LanguageTag?
    /// Each figure's and formula's alternative text, in the structure tree's order.
    let alternates: [String?]

    /// Appends the update to the PDF open as `descriptor`.
    func update(_ descriptor: Int32, naming fileName: String) throws {
        guard let pdf = PDFObjectReader(descriptor), let root = PDFObjectReader.number(after: "/Root", in: pdf.trailer),
              let catalog = pdf.object(root) else {
            throw LetterpressError.outputFailed(file: fileName, reason: "Cairo's PDF could not be read back to tag it")
        }
        var changed = [(number: root, text: Self.adding(catalogEntries(catalog), to: catalog))]
        if alternates.contains(where: { $0?.isEmpty == false }), let tree = PDFObjectReader.number(after: "/StructTreeRoot", in: catalog),
           let treeRoot = pdf.object(tree) {
            changed += alternateTexts(in: pdf, from: PDFObjectReader.kids(in: treeRoot))
        }
        var update = ""
        var entries: [(number: Int, offset: Int)] = []
        for (number, text) in changed {
            entries.append((number, pdf.size + update.utf8.count))
            update += "\(number) 0 obj\n\(text)\nendobj\n"
        }
        let table = pdf.size + update.utf8.count
        update += "xref\n"
        for (number, offset) in entries.sorted(by: { $0.number < $1.number }) {
            update += "\(number) 1\n\(DecimalText.tenDigits(offset)) 00000 n \n"
        }
        let info = PDFObjectReader.number(after: "/Info", in: pdf.trailer).map { "   /Info \($0) 0 R\n" } ?? ""
        update += "trailer\n<< /Size \(pdf.objectCount)\n   /Root \(root) 0 R\n\(info)   /Prev \(pdf.crossReference)\n>>\n"
            + "startxref\n\(table)\n%%EOF\n"
        let failure = Array(update.utf8).withUnsafeBytes { Descriptor.writeAll($0, to: descriptor) }
        if let failure { throw LetterpressError.outputFailed(file: fileName, reason: String(cString: strerror(failure))) }
    }

    /// The catalog's entries Cairo leaves out.
    private func catalogEntries(_ catalog: String) -> String {
        var entries = ""
        if let language { entries += "   /Lang (\(language.description))\n" }
        entries += "   /ViewerPreferences << /DisplayDocTitle true >>\n"
        if catalog.contains("/StructTreeRoot") && !catalog.contains("/MarkInfo") { entries += "   /MarkInfo << /Marked true >>\n" }
        return entries
    }

    /// The figures and formulas below `kids` that have alternative text, each with it: the
    /// tree walked in order, as Cairo numbered and wrote it, without recursion.
    private func alternateTexts(in pdf: PDFObjectReader, from kids: [Int]) -> [(number: Int, text: String)] {
        var found: [(number: Int, text: String)] = []
        var texts = alternates.makeIterator()
        var waiting = Array(kids.reversed())
        var visited = 0
        while let number = waiting.popLast(), visited < pdf.objectCount {
            visited += 1
            guard let element = pdf.object(number), element.contains("/Type /StructElem") else { continue }
            if element.contains("/S /Figure\n") || element.contains("/S /Formula\n") {
                if let alt = texts.next() ?? nil, !alt.isEmpty {
                    found.append((number, Self.adding("   /Alt \(Self.textString(alt))\n", to: element)))
                }
            }
            // An element with content (`/Pg`) has no child elements: its kids are marked content and links.
            if !element.contains("/Pg ") { waiting += PDFObjectReader.kids(in: element).reversed() }
        }
        return found
    }

    /// `dictionary` with `entries` before its closing `>>`.
    private static func adding(_ entries: String, to dictionary: String) -> String {
        guard let end = dictionary.range(of: ">>", options: .backwards) else { return dictionary }
        return String(dictionary[..<end.lowerBound]) + entries + String(dictionary[end.lowerBound...])
    }

    /// `text` as a PDF text string: UTF-16BE with its byte order mark, in hexadecimal.
    static func textString(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes = Array("<FEFF".utf8)
        bytes.reserveCapacity(bytes.count + text.utf16.count * 4 + 1)
        for unit in text.utf16 {
            for shift in stride(from: 12, through: 0, by: -4) { bytes.append(digits[Int(unit >> UInt16(shift)) & 0xF]) }
        }
        bytes.append(UInt8(ascii: ">"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
