import Foundation
import LetterpressCore

/// Turns the HTML elements of a Markdown document into blocks, with the meaning GitHub gives
/// each tag (see `HTMLVocabulary`): text is never lost, tags are never printed.
struct HTMLConverter {
    let file: String
    private(set) var warnings: [Warning] = []
    /// Where each image on the network was, shown as its alt text.
    private(set) var remoteImages: [SourceLocation] = []
    /// An anchor (`<a name>`, `id`) with no text after it in the HTML, for the next block.
    private(set) var leftoverAnchor: String?

    init(file: String) {
        self.file = file
    }

    /// The blocks of what one run of HTML (and the Markdown inside it) holds.
    mutating func blocks(_ nodes: [HTMLNode]) -> [Block] {
        var flow = Flow()
        add(nodes, format: HTMLInlineFormat(), to: &flow)
        leftoverAnchor = flow.pendingAnchor
        return flow.finish()
    }

    /// The blocks made so far and the paragraph being gathered.
    private struct Flow {
        var blocks: [Block] = []
        var runs = InlineRuns()
        /// Whether the paragraph is empty or ends in a space, so that white space at this point
        /// collapses into nothing (HTML's rule).
        var atSpace = true
        /// An anchor named where no text has come yet: the next text starts the place.
        var pendingAnchor: String?

        mutating func text(_ string: String, format: HTMLInlineFormat) {
            var collapsed = ""
            for character in string {
                if character == " " || character == "\n" || character == "\t" || character == "\r" || character == "\u{0C}" {
                    if !atSpace { collapsed.append(" ") }
                    atSpace = true
                } else {
                    collapsed.append(character)
                    atSpace = false
                }
            }
            append(collapsed, format: format)
        }

        mutating func lineBreak(format: HTMLInlineFormat) {
            append("\u{2028}", format: format)
            atSpace = true
        }

        mutating func append(_ string: String, format: HTMLInlineFormat) {
            guard !string.isEmpty else { return }
            runs.append(InlineRuns.Piece(text: string, intent: format.intent, link: format.link, anchor: pendingAnchor,
                                         attributes: format.attributes))
            pendingAnchor = nil
        }

        mutating func append(_ block: Block) {
            flush()
            if let anchor = pendingAnchor, let anchored = HTMLConverter.anchored([block], anchor) {
                blocks += anchored
                pendingAnchor = nil
            } else {
                blocks.append(block)
            }
        }

        /// An image in the line: U+FFFC stands for it. A paragraph of that image alone is a
        /// block image.
        mutating func image(_ image: ImageReference) {
            runs.append(InlineRuns.Piece(text: ImageReference.objectReplacement, link: image.link, anchor: pendingAnchor, image: image))
            pendingAnchor = nil
            atSpace = false
        }

        mutating func flush() {
            if let image = runs.onlyImage {
                blocks.append(.image(image))
            } else if runs.hasVisibleText {
                runs.trim()
                blocks.append(.paragraph(runs.attributedString))
            }
            runs = InlineRuns()
            atSpace = true
        }

        mutating func finish() -> [Block] {
            flush()
            return blocks
        }
    }

    private mutating func add(_ nodes: [HTMLNode], format: HTMLInlineFormat, to flow: inout Flow) {
        for node in nodes {
            switch node {
            case let .text(text): flow.text(text, format: format)
            case let .markdown(blocks): blocks.forEach { flow.append($0) }
            case .pageBreak: flow.append(.pageBreak)
            case let .element(element): add(element, format: format, to: &flow)
            }
        }
    }

    private mutating func blocks(of nodes: [HTMLNode], format: HTMLInlineFormat) -> [Block] {
        var flow = Flow()
        add(nodes, format: format, to: &flow)
        return flow.finish()
    }

    private mutating func add(_ element: HTMLElement, format outer: HTMLInlineFormat, to flow: inout Flow) {
        let name = element.name
        guard !HTMLVocabulary.isDropped(name) else { return }
        var format = outer
        if let language = HTMLVocabulary.language(of: element) { format.language = language }
        if let anchor = HTMLVocabulary.anchor(name: name, attributes: element.attributes), flow.pendingAnchor == nil {
            flow.pendingAnchor = anchor
        }
        switch name {
        case "br":
            flow.lineBreak(format: format)
        case "img":
            if let image = image(element, link: format.link) { place(image, format: format, in: &flow) }
        case "picture":
            // The sources are other formats of the same picture: the `img` is the one to show.
            if let image = Self.firstElement(named: "img", in: element.children).flatMap({ image($0, link: format.link) }) {
                place(image, format: format, in: &flow)
            }
        case "hr":
            flow.append(.thematicBreak)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let level = Int(String(name.dropFirst()))!
            let inner = blocks(of: element.children, format: format).map { block -> Block in
                if case let .paragraph(text) = block { return .heading(level: level, text: text) }
                return block
            }
            append(inner, aligned: element, to: &flow)
        case "pre":
            var text = Self.plainText(element.children)
            if text.hasPrefix("\n") { text.removeFirst() }
            if text.hasSuffix("\n") { text.removeLast() }
            let language = element.attribute("lang") ?? Self.firstElement(named: "code", in: element.children)?
                .attribute("class")?.split(separator: " ").first { $0.hasPrefix("language-") }.map { String($0.dropFirst(9)) }
            flow.append(.code(CodeBlock(info: language, text: text)))
        case "ul", "ol":
            flow.append(directed(.list(list(element, format: format)), by: element))
        case "table":
            if let caption = Self.firstElement(named: "caption", in: element.children) {
                append(blocks(of: caption.children, format: format), aligned: element, to: &flow, default: .center)
            }
            if let table = table(element, format: format) { flow.append(directed(.table(table), by: element)) }
        case "blockquote":
            flow.append(directed(.blockQuote(blocks(of: element.children, format: format)), by: element))
        case "details":
            details(element, format: format, to: &flow)
        // Docusaurus' MDX components: `<Admonition type="tip" title="…">` is its `:::tip`, each
        // `<TabItem label="…">` of `<Tabs>` is shown under its label, as MkDocs' content tabs.
        case "admonition":
            let callout = Callout(AlertKind(type: element.attribute("type") ?? "note"), title: element.attribute("title"))
            flow.append(.alert(callout, blocks(of: element.children, format: format)))
        case "tabitem":
            let label = element.attribute("label") ?? element.attribute("value") ?? ""
            flow.append(.alert(Callout(.plain, title: label), blocks(of: element.children, format: format)))
        case "summary":
            append(blocks(of: element.children, format: HTMLInlineFormat(intent: .strong).inside(format)), aligned: element, to: &flow)
        case "dt":
            append(blocks(of: element.children, format: HTMLInlineFormat(intent: .strong).inside(format)), aligned: element, to: &flow)
        case "dd":
            flow.append(.division(Block.Division(alignment: HTMLVocabulary.alignment(of: element) ?? .none, indented: true,
                                                 blocks: blocks(of: element.children, format: format))))
        case "caption":
            break
        case "figure":
            figure(element, format: format, to: &flow)
        case "q":
            add([.text("\u{201C}")] + element.children + [.text("\u{201D}")], format: format, to: &flow)
        default:
            if let inline = HTMLVocabulary.format(of: element) {
                add(element.children, format: inline.inside(format), to: &flow)
            } else if HTMLVocabulary.isBlock(name) {
                append(blocks(of: element.children, format: format), aligned: element, to: &flow)
            } else {
                add(element.children, format: format, to: &flow)
            }
        }
    }

    /// An image in the line, or a floating block, or, on the network, its alt text.
    private mutating func place(_ image: ImageReference, format: HTMLInlineFormat, in flow: inout Flow) {
        if image.isRemote {
            remoteImages.append(image.location)
            flow.text(image.alt, format: format)
        } else if image.float != nil {
            flow.append(.image(image))
        } else {
            flow.image(image)
        }
    }

    /// `blocks` where `element` stands, in a division when it asks for an alignment or a direction.
    private func append(_ blocks: [Block], aligned element: HTMLElement, to flow: inout Flow,
                        default alignment: ColumnAlignment? = nil) {
        flow.flush()
        let alignment = HTMLVocabulary.alignment(of: element) ?? alignment
        let direction = HTMLVocabulary.direction(of: element)
        guard alignment != nil || direction != nil, !blocks.isEmpty else {
            blocks.forEach { flow.append($0) }
            return
        }
        flow.append(.division(Block.Division(alignment: alignment ?? .none, direction: direction, blocks: blocks)))
    }

    /// `block` in a division when `element` has a `dir`: a list's, a table's or a quote's
    /// `align` is not for the block itself, so only the direction counts.
    private func directed(_ block: Block, by element: HTMLElement) -> Block {
        guard let direction = HTMLVocabulary.direction(of: element) else { return block }
        return .division(Block.Division(alignment: .none, direction: direction, blocks: [block]))
    }

    /// Paper cannot fold: the summary is a bold line after a disclosure triangle, and the
    /// content follows, indented so that it shows where the details end.
    private mutating func details(_ element: HTMLElement, format: HTMLInlineFormat, to flow: inout Flow) {
        flow.flush()
        var rest = element.children
        var title = HTMLElement(name: "summary", attributes: [:], line: element.line)
        if let index = rest.firstIndex(where: { if case let .element(child) = $0 { return child.name == "summary" } else { return false } }),
           case let .element(summary) = rest.remove(at: index) {
            title.attributes = summary.attributes
            title.children = summary.children
        } else {
            // A browser's own label for details without a summary.
            title.children = [.text("Details")]
        }
        title.children.insert(.text("\u{25BE}\u{00A0}"), at: 0)
        add(title, format: format, to: &flow)
        let content = blocks(of: rest, format: format)
        if !content.isEmpty { flow.append(.division(Block.Division(alignment: .none, indented: true, blocks: content))) }
        flow.flush()
    }

    /// A figure's image takes its caption, which stays with it on the page.
    private mutating func figure(_ element: HTMLElement, format: HTMLInlineFormat, to flow: inout Flow) {
        let images = element.children.filter { if case let .element(child) = $0 { return child.name == "img" || child.name == "picture" } else { return false } }
        guard images.count == 1, let caption = Self.firstElement(named: "figcaption", in: element.children),
              let img = Self.firstElement(named: "img", in: element.children), var image = image(img, link: format.link), image.float == nil else {
            append(blocks(of: element.children, format: format), aligned: element, to: &flow)
            return
        }
        image.title = Self.plainText(caption.children).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let others = element.children.filter { node in
            if case let .element(child) = node { return !["img", "picture", "figcaption"].contains(child.name) }
            return true
        }
        append(blocks(of: others, format: format) + [.image(image)], aligned: element, to: &flow)
    }

    private mutating func list(_ element: HTMLElement, format: HTMLInlineFormat) -> Block.List {
        var items: [Block.List.Item] = []
        var loose = false
        for node in element.children {
            switch node {
            case let .element(item) where item.name == "li":
                loose = loose || Self.firstElement(named: "p", in: item.children) != nil
                items.append(Block.List.Item(task: nil, blocks: blocks(of: item.children, format: format)))
            case let .text(text) where text.allSatisfy(\.isWhitespace):
                continue
            default:
                // Content outside an `li` still shows, as an item of its own.
                let blocks = blocks(of: [node], format: format)
                if !blocks.isEmpty { items.append(Block.List.Item(task: nil, blocks: blocks)) }
            }
        }
        let start = element.attribute("start").flatMap { Int($0) }.map { min(max($0, 0), 999_999_999) } ?? 1
        return Block.List(ordered: element.name == "ol", start: start, tight: !loose, items: items)
    }

    // MARK: Tables

    private struct Cell {
        var text: AttributedString
        var columns: Int
        var rows: Int
        var isHeader: Bool
        var alignment: ColumnAlignment?
    }

    /// A real table, laid out like a Markdown one: a cell spanning columns is one cell over
    /// them; one spanning rows is followed by empty cells below it.
    private mutating func table(_ element: HTMLElement, format: HTMLInlineFormat) -> Block.Table? {
        var rows: [(cells: [Cell], inHead: Bool)] = []
        func addRows(_ nodes: [HTMLNode], inHead: Bool) {
            for case let .element(child) in nodes {
                switch child.name {
                case "tr": rows.append((cells(of: child, format: format), inHead))
                case "thead": addRows(child.children, inHead: true)
                case "tbody", "tfoot": addRows(child.children, inHead: false)
                default: break
                }
            }
        }
        addRows(element.children, inHead: false)
        guard !rows.isEmpty else { return nil }
        var grid: [[AttributedString]] = []
        var spanGrid: [[Int]] = []
        var alignments: [ColumnAlignment?] = []
        // Rows still to be spanned in each column by a cell above.
        var spanned: [Int] = []
        for row in rows {
            var cells: [AttributedString] = []
            var spans: [Int] = []
            func skipSpanned() {
                while cells.count < spanned.count, spanned[cells.count] > 0 {
                    spanned[cells.count] -= 1
                    cells.append(AttributedString())
                    spans.append(1)
                }
            }
            for cell in row.cells {
                skipSpanned()
                let column = cells.count
                cells.append(cell.text)
                cells += Array(repeating: AttributedString(), count: cell.columns - 1)
                spans += [cell.columns] + Array(repeating: 0, count: cell.columns - 1)
                if spanned.count < cells.count { spanned += Array(repeating: 0, count: cells.count - spanned.count) }
                if alignments.count < cells.count { alignments += Array(repeating: nil, count: cells.count - alignments.count) }
                for index in column..<cells.count {
                    spanned[index] = cell.rows - 1
                    alignments[index] = alignments[index] ?? cell.alignment
                }
            }
            skipSpanned()
            grid.append(cells)
            spanGrid.append(spans)
        }
        let columns = min(grid.map(\.count).max() ?? 0, CmarkConverter.maximumTableColumns)
        guard columns > 0 else { return nil }
        if grid.contains(where: { $0.count > columns }) {
            warnings.append(Warning(code: .tableColumnsDropped, file: file, location: SourceLocation(line: element.line, column: 1),
                                    message: "table has \(grid.map(\.count).max() ?? 0) columns; only the first \(columns) are shown"))
        }
        grid = grid.map { row in Array(row.prefix(columns)) + Array(repeating: AttributedString(), count: max(0, columns - row.count)) }
        // Spans cut at the last column shown, rows filled with cells of their own.
        spanGrid = spanGrid.map { row in
            var row = Array(row.prefix(columns)) + Array(repeating: 1, count: max(0, columns - row.count))
            for index in row.indices where row[index] > 1 { row[index] = min(row[index], columns - index) }
            return row
        }
        let first = rows[0]
        let hasHeader = first.inHead || first.cells.allSatisfy(\.isHeader)
        var table = Block.Table(alignments: (0..<columns).map { $0 < alignments.count ? alignments[$0] ?? .none : .none },
                                header: hasHeader ? grid[0] : [], rows: Array(grid.dropFirst(hasHeader ? 1 : 0)))
        if spanGrid.joined().contains(where: { $0 != 1 }) {
            table.spans = hasHeader ? spanGrid : [Array(repeating: 1, count: columns)] + spanGrid
        }
        return table
    }

    private mutating func cells(of row: HTMLElement, format: HTMLInlineFormat) -> [Cell] {
        row.children.compactMap { node -> Cell? in
            guard case let .element(cell) = node, cell.name == "td" || cell.name == "th" else { return nil }
            let blocks = blocks(of: cell.children, format: format)
            return Cell(text: Self.cellText(blocks),
                        columns: cell.attribute("colspan").flatMap { Int($0) }.map { min(max($0, 1), CmarkConverter.maximumTableColumns) } ?? 1,
                        rows: cell.attribute("rowspan").flatMap { Int($0) }.map { min(max($0, 1), 1000) } ?? 1,
                        isHeader: cell.name == "th", alignment: HTMLVocabulary.alignment(of: cell))
        }
    }

    /// A cell holds text: its blocks become lines, a list's items bulleted, an image its alt text.
    static func cellText(_ blocks: [Block]) -> AttributedString {
        var text = AttributedString()
        func line(_ piece: AttributedString) {
            if !text.characters.isEmpty { text.append(AttributedString("\u{2028}")) }
            text.append(piece)
        }
        for block in blocks {
            switch block {
            case let .paragraph(piece), let .heading(_, piece): line(piece)
            case let .code(code):
                var piece = AttributedString(code.text.replacingOccurrences(of: "\n", with: "\u{2028}"))
                piece[LetterpressAttributes.InlineIntentAttribute.self] = .code
                line(piece)
            case let .image(image):
                var piece = AttributedString(ImageReference.objectReplacement)
                piece[LetterpressAttributes.ImageAttribute.self] = image
                piece[LetterpressAttributes.LinkAttribute.self] = image.link
                line(piece)
            case let .list(list):
                for item in list.items { line(AttributedString("\u{2022} ") + cellText(item.blocks)) }
            case let .blockQuote(inner), let .alert(_, inner): line(cellText(inner))
            case let .division(division): line(cellText(division.blocks))
            case let .table(table):
                for row in [table.header] + table.rows where !row.isEmpty {
                    line(row.dropFirst().reduce(row[0]) { $0 + AttributedString(" \u{2502} ") + $1 })
                }
            case let .math(math):
                var piece = AttributedString(math.tex)
                piece[LetterpressAttributes.MathAttribute.self] = math
                line(piece)
            case let .definitionList(list):
                for item in list.items {
                    item.terms.forEach(line)
                    for definition in item.definitions { line(AttributedString("\u{2003}") + cellText(definition)) }
                }
            case .thematicBreak, .pageBreak, .contents: continue
            }
        }
        return text
    }

    // MARK: Images

    /// `<img src alt width height align title>`: HTML widths are CSS pixels, 0.75 pt each.
    mutating func image(_ element: HTMLElement, link: String?) -> ImageReference? {
        guard let source = element.attribute("src"), !source.isEmpty else { return nil }
        var reference = ImageReference(source: source, alt: element.attribute("alt") ?? "", title: element.attribute("title") ?? "",
                                       location: SourceLocation(line: element.line, column: 1))
        reference.width = HTMLVocabulary.length(HTMLVocabulary.cssProperty("width", of: element) ?? element.attribute("width"))
        if case let .points(points)? = HTMLVocabulary.length(HTMLVocabulary.cssProperty("height", of: element) ?? element.attribute("height")) {
            reference.height = points
        }
        switch element.attribute("align")?.lowercased() {
        case "left": reference.float = .left
        case "right": reference.float = .right
        default: break
        }
        reference.link = link
        return reference
    }

    // MARK: Helpers

    /// `blocks` with `anchor` on the first character of their first text; nil when the first
    /// block has none (an image, a rule, code).
    static func anchored(_ blocks: [Block], _ anchor: String) -> [Block]? {
        guard var first = blocks.first else { return nil }
        func mark(_ text: AttributedString) -> AttributedString? {
            guard let end = text.characters.indices.first.map({ text.characters.index(after: $0) }) else { return nil }
            var text = text
            text[text.startIndex..<end][LetterpressAttributes.AnchorAttribute.self] = anchor
            return text
        }
        switch first {
        case let .paragraph(text):
            guard let marked = mark(text) else { return nil }
            first = .paragraph(marked)
        case let .heading(level, text):
            guard let marked = mark(text) else { return nil }
            first = .heading(level: level, text: marked)
        case let .blockQuote(inner):
            guard let marked = anchored(inner, anchor) else { return nil }
            first = .blockQuote(marked)
        case let .alert(callout, inner):
            guard let marked = anchored(inner, anchor) else { return nil }
            first = .alert(callout, marked)
        case var .division(division):
            guard let marked = anchored(division.blocks, anchor) else { return nil }
            division.blocks = marked
            first = .division(division)
        case var .list(list):
            guard let item = list.items.first, let marked = anchored(item.blocks, anchor) else { return nil }
            list.items[0].blocks = marked
            first = .list(list)
        case .code, .thematicBreak, .table, .image, .pageBreak, .contents, .math, .definitionList:
            return nil
        }
        return [first] + blocks.dropFirst()
    }

    static func firstElement(named name: String, in nodes: [HTMLNode]) -> HTMLElement? {
        for case let .element(element) in nodes {
            if element.name == name { return element }
            if let found = firstElement(named: name, in: element.children) { return found }
        }
        return nil
    }

    /// The text of nodes as written, for `<pre>`.
    static func plainText(_ nodes: [HTMLNode]) -> String {
        var text = ""
        for node in nodes {
            switch node {
            case let .text(piece): text += piece
            case let .element(element) where element.name == "br": text += "\n"
            case let .element(element) where !HTMLVocabulary.isDropped(element.name): text += plainText(element.children)
            case let .markdown(blocks): text += String(cellText(blocks).characters).replacingOccurrences(of: "\u{2028}", with: "\n")
            default: continue
            }
        }
        return text
    }
}
