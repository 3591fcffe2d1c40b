import Foundation

/// An HTML element as the parser closed it, with what is inside it.
struct HTMLElement: Equatable {
    var name: String
    var attributes: [String: String]
    /// The line of the document it starts on.
    var line: Int
    var children: [HTMLNode] = []

    func attribute(_ name: String) -> String? {
        attributes[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
}

/// What an element holds: elements, text, and the Markdown written between HTML blocks.
enum HTMLNode: Equatable {
    case element(HTMLElement)
    case text(String)
    /// Markdown blocks a document wrote inside an element (`<details>`, blank line, Markdown,
    /// blank line, `</details>`).
    case markdown([Block])
    /// `<!-- pagebreak -->`.
    case pageBreak
}

/// Builds elements from the parser's events across the HTML blocks of a run of Markdown
/// blocks: while an element such as `<div align="center">` is open, the Markdown blocks that
/// follow go inside it, as a browser shows GitHub's output.
struct HTMLTree {
    private var stack: [HTMLElement]
    /// Elements opened deeper than `maximumDepth`, by name, whose ends must not close the ones kept.
    private var ignoredOpen: [String: Int] = [:]
    /// Elements nest at most this deep; deeper ones keep their text in the element around them.
    static let maximumDepth = 64
    private(set) var tooDeep = false

    init() {
        stack = [HTMLElement(name: "", attributes: [:], line: 0)]
    }

    /// Whether an element is open, so the Markdown that follows goes inside it.
    var isOpen: Bool { stack.count > 1 }

    /// Adds the events of one piece of HTML that starts on `firstLine` of the document.
    mutating func apply(_ events: [HTMLEvent], firstLine: Int) {
        for event in events {
            switch event {
            case let .start(name, attributes, line):
                guard stack.count <= Self.maximumDepth else {
                    tooDeep = true
                    if !HTMLVocabulary.isVoid(name) { ignoredOpen[name, default: 0] += 1 }
                    continue
                }
                stack.append(HTMLElement(name: name, attributes: attributes, line: firstLine + line - 1))
                if HTMLVocabulary.isVoid(name) { close(upTo: stack.count - 1) }
            case let .end(name):
                if let count = ignoredOpen[name], count > 0 {
                    ignoredOpen[name] = count - 1
                } else if let index = stack.lastIndex(where: { $0.name == name }), index > 0, !HTMLVocabulary.isVoid(name) {
                    close(upTo: index)
                }
            case let .text(text):
                append(.text(text))
            case let .comment(comment):
                if comment.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "pagebreak" { append(.pageBreak) }
            }
        }
    }

    /// Puts Markdown blocks where the HTML stands. A paragraph or text-level element left open
    /// (`<p align="center">` with no `</p>`) ends first, as the next block would end it in a
    /// browser; containers such as `<div>` and `<details>` stay open around the blocks.
    mutating func insert(_ blocks: [Block]) {
        while stack.count > 1, !HTMLVocabulary.holdsBlocks(stack[stack.count - 1].name) {
            close(upTo: stack.count - 1)
        }
        append(.markdown(blocks))
    }

    /// What the run holds, every element closed; the tree is empty afterwards.
    mutating func take() -> [HTMLNode] {
        close(upTo: 1)
        defer { stack[0].children = [] }
        return stack[0].children
    }

    private mutating func append(_ node: HTMLNode) {
        stack[stack.count - 1].children.append(node)
    }

    /// Closes the elements from `index` to the innermost.
    private mutating func close(upTo index: Int) {
        while stack.count > max(index, 1) {
            let element = stack.removeLast()
            stack[stack.count - 1].children.append(.element(element))
        }
    }
}
