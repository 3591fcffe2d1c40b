import Foundation

/// The HTML blocks of a run of sibling Markdown blocks, and the Markdown blocks written between
/// them while one of their elements is open, as one tree.
struct HTMLRun {
    private var parser: HTMLParser?
    private var tree = HTMLTree()
    private var lastLine = 1

    /// Whether an element is open, so the blocks that follow belong to the run.
    var isOpen: Bool { tree.isOpen }

    /// Whether elements nested deeper than `HTMLTree.maximumDepth` had their text kept in the
    /// element around them.
    var wasTooDeep: Bool { tree.tooDeep }

    /// Whether the HTML nested so deep that its rest was taken as text (`HTMLParser.maximumDepth`).
    private(set) var wasTakenAsText = false

    /// Why the HTML was taken as text as written, when libxml2 could not be loaded; and the
    /// line of its first block.
    private(set) var unavailable: (reason: String, line: Int)?

    /// Adds an HTML block that starts on `line` of the document; `adjust` is given each
    /// element's attributes and line (`BlockConverter` puts variables in).
    mutating func feed(_ html: String, line: Int, adjusting adjust: (inout [String: String], Int) -> Void = { _, _ in }) {
        let parser = self.parser ?? HTMLParser()
        self.parser = parser
        tree.apply(parser.feed(html).map { $0.adjusted(firstLine: line, adjust) }, firstLine: line)
        wasTakenAsText = wasTakenAsText || parser.tooDeep
        if let reason = parser.unavailable, unavailable == nil { unavailable = (reason, line) }
        lastLine = line
    }

    mutating func insert(_ blocks: [Block]) {
        tree.insert(blocks)
    }

    /// What the run holds, every element closed; the run starts again empty.
    mutating func take() -> [HTMLNode] {
        if let parser { tree.apply(parser.finish(), firstLine: lastLine) }
        parser = nil
        return tree.take()
    }
}

/// The text-level elements that inline HTML (one tag at a time, between Markdown text) has
/// opened in a paragraph, and what they do to the text after them.
struct InlineHTML {
    private var parser: HTMLParser?
    private var open: [(name: String, format: HTMLInlineFormat?)] = []
    /// What the open elements do together.
    private(set) var format = HTMLInlineFormat()
    /// An anchor (`<a name>`, `id`) the next text starts.
    private var pendingAnchor: String?

    /// Why the tags are taken as text as written, when libxml2 could not be loaded.
    var unavailable: String? { parser?.unavailable }

    mutating func takeAnchor() -> String? {
        defer { pendingAnchor = nil }
        return pendingAnchor
    }

    /// What one tag (or comment) of inline HTML gives: a line break, an image, or nothing
    /// but a change of format.
    enum Piece {
        case lineBreak
        case image(HTMLElement)
        case text(String)
    }

    /// What the tags of `html`, on `line`, give; `adjust` is given each element's attributes
    /// and line first.
    mutating func feed(_ html: String, line: Int, adjusting adjust: (inout [String: String], Int) -> Void = { _, _ in }) -> [Piece] {
        let parser = self.parser ?? HTMLParser()
        self.parser = parser
        var pieces: [Piece] = []
        for event in parser.feed(html).map({ $0.adjusted(firstLine: line, adjust) }) {
            switch event {
            case let .start(name, attributes, _):
                let element = HTMLElement(name: name, attributes: attributes, line: line)
                if let anchor = HTMLVocabulary.anchor(name: name, attributes: attributes), pendingAnchor == nil { pendingAnchor = anchor }
                if name == "br" {
                    pieces.append(.lineBreak)
                } else if name == "q" {
                    pieces.append(.text("\u{201C}"))
                    open.append((name, nil))
                } else if name == "img" {
                    pieces.append(.image(element))
                } else if !HTMLVocabulary.isVoid(name), open.count < HTMLTree.maximumDepth {
                    open.append((name, HTMLVocabulary.format(of: element)))
                    updateFormat()
                }
            case let .end(name):
                if name == "q", open.contains(where: { $0.name == "q" }) { pieces.append(.text("\u{201D}")) }
                if let index = open.lastIndex(where: { $0.name == name }) {
                    open.removeSubrange(index...)
                    updateFormat()
                }
            case let .text(text):
                pieces.append(.text(text))
            case .comment:
                continue
            }
        }
        return pieces
    }

    private mutating func updateFormat() {
        format = open.reduce(HTMLInlineFormat()) { outer, element in element.format?.inside(outer) ?? outer }
    }
}

extension HTMLEvent {
    /// The event with an element's attributes passed through `adjust`, with its line in the
    /// document (the fed text starting on `firstLine`).
    func adjusted(firstLine: Int, _ adjust: (inout [String: String], Int) -> Void) -> HTMLEvent {
        guard case .start(let name, var attributes, let line) = self else { return self }
        adjust(&attributes, firstLine + line - 1)
        return .start(name: name, attributes: attributes, line: line)
    }
}
