import Foundation
import LetterpressCore

/// One pass over a note's lines before cmark reads them, for what Obsidian adds to Markdown:
/// `[[wikilinks]]`, `![[embeds]]`, `==highlights==`, `%%comments%%`, `#tags` and `^block-ids`.
///
/// Each becomes Markdown the converter knows on the same lines: a link (to a heading's anchor,
/// or a `DialectLink` to another note or a tag), an image whose title sets its width,
/// `<mark>`, nothing. Nothing inside code is read. Columns after a rewritten construct on its
/// line move; line numbers hold.
struct ObsidianSource {
    private let file: String
    private let reads: Set<DialectConstruct>
    /// The note's own name, which `[[name#Heading]]` may name as `[[#Heading]]` does.
    private let noteName: String
    private var lines: SourceLines
    private var replaced: [Int: String] = [:]
    private var warnings: [Warning] = []
    /// Where the comment open at the current place started.
    private var openComment: SourceLocation?
    /// The line from which `%%` is no longer read: a comment that never closes is text.
    private var commentsEndAt = Int.max
    /// A highlight opened on an earlier line of the paragraph, which a later line closes.
    private var highlightOpen = false
    /// The notes embedded, which are shown as references to them.
    private var embeddedNotes = 0
    private var firstEmbeddedNote: SourceLocation?

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "avif", "tif", "tiff"]

    /// `body` with the constructs `dialect` reads rewritten, and the warnings; `body` itself
    /// when it has none.
    static func prepared(_ body: String, file: String, dialect: MarkupDialect) -> (String, [Warning]) {
        let constructs: [DialectConstruct] = [.wikilinks, .embeds, .highlights, .comments, .tags, .blockIDs]
        let reads = Set(constructs.filter { dialect.reads($0) })
        guard !reads.isEmpty, mayHaveConstructs(body, tags: reads.contains(.tags)) else { return (body, []) }
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var pass = ObsidianSource(file: file, reads: reads, noteName: name, lines: SourceLines(body))
        pass.run()
        if let start = pass.openComment {
            // Obsidian hides the rest of the note; a comment left open by mistake should not.
            pass = ObsidianSource(file: file, reads: reads, noteName: name, lines: pass.lines, commentsEndAt: start.line)
            pass.run()
            pass.warnings.append(Warning(code: .unclosedMarkup, file: file, location: start, message: "this '%%' comment is never closed, so it is shown as written"))
        }
        guard !pass.replaced.isEmpty else { return (body, pass.warnings) }
        return (pass.lines.joined(replacing: pass.replaced), pass.warnings)
    }

    /// Whether `body` holds `[[`, `==`, `%%`, ` ^` or (with tags) `#`.
    static func mayHaveConstructs(_ body: String, tags: Bool) -> Bool {
        body.withBytes { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                switch (previous, byte) {
                case (UInt8(ascii: "["), UInt8(ascii: "[")), (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "%"), UInt8(ascii: "%")),
                     (UInt8(ascii: " "), UInt8(ascii: "^")), (UInt8(ascii: "\n"), UInt8(ascii: "^")):
                    return true
                case (_, UInt8(ascii: "#")) where tags:
                    return true
                default:
                    previous = byte
                }
            }
            return false
        }
    }

    private init(file: String, reads: Set<DialectConstruct>, noteName: String, lines: SourceLines, commentsEndAt: Int = .max) {
        self.file = file
        self.reads = reads
        self.noteName = noteName
        self.lines = lines
        self.commentsEndAt = commentsEndAt
    }

    private mutating func run() {
        for index in lines.lines.indices {
            let original = lines.lines[index].text
            var text = original
            if openComment != nil {
                guard let close = text.range(of: "%%") else { replaced[index] = ""; continue }
                text = text[close.upperBound...]
                openComment = nil
            } else if lines.isCode[index] {
                highlightOpen = false
                continue
            }
            if text.allSatisfy(\.isWhitespace) { highlightOpen = false }
            if reads.contains(.blockIDs) { text = Self.withoutBlockID(text) }
            let output = SourceLines.outsideCode(text) { rewritten($0, line: index + 1, in: original) }
            if output != original { replaced[index] = output }
        }
        if embeddedNotes > 0 {
            let more = embeddedNotes > 1 ? " (\(embeddedNotes) in the note, the first here)" : ""
            warnings.append(Warning(code: .noteNotEmbedded, file: file, location: firstEmbeddedNote,
                                    message: "another note's text embedded with '![[…]]' within a line is not brought in; a reference to the note is shown\(more)"))
        }
    }

    /// `line` without a `^block-id` at its end (the whole line when it is one alone).
    static func withoutBlockID(_ line: Substring) -> Substring {
        var end = line.endIndex
        while end > line.startIndex, line[line.index(before: end)] == " " || line[line.index(before: end)] == "\t" { end = line.index(before: end) }
        var start = end
        while start > line.startIndex, Self.isBlockIDCharacter(line[line.index(before: start)]) { start = line.index(before: start) }
        guard start < end, start > line.startIndex, line[line.index(before: start)] == "^" else { return line }
        let caret = line.index(before: start)
        if caret == line.startIndex || SourceLines.content(of: line).startIndex == caret { return line[line.startIndex..<caret] }
        let before = line[line.index(before: caret)]
        guard before == " " || before == "\t" else { return line }
        return line[line.startIndex..<caret]
    }

    private static func isBlockIDCharacter(_ character: Character) -> Bool {
        character == "-" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    /// A stretch of a line outside code with its constructs rewritten.
    private mutating func rewritten(_ text: Substring, line: Int, in whole: Substring) -> String {
        var result = ""
        // Once no `==` further on closes a highlight, none will for a later opener either.
        var highlightsClose = true
        // Brackets open before the place: a tag inside a link's text would nest a link in it.
        var brackets = 0
        var index = text.startIndex
        func column(_ position: String.Index) -> Int { whole.utf8.distance(from: whole.startIndex, to: position) + 1 }
        while index < text.endIndex {
            if openComment != nil {
                guard let close = text[index...].range(of: "%%") else { return result }
                openComment = nil
                index = close.upperBound
                continue
            }
            let rest = text[index...]
            let character = text[index]
            if character == "%", reads.contains(.comments), line < commentsEndAt, rest.hasPrefix("%%") {
                openComment = SourceLocation(line: line, column: column(index))
                index = text.index(index, offsetBy: 2)
                continue
            }
            if character == "!", reads.contains(.embeds), rest.hasPrefix("![["), let (target, end) = Self.wikilink(at: text.index(after: index), in: text) {
                let alone = SourceLines.content(of: whole).trimmingCharacters(in: .whitespaces) == text[index..<end]
                result += embed(target, alone: alone, at: SourceLocation(line: line, column: column(index)))
                index = end
                continue
            }
            // GitLab's `[[_TOC_]]` is a contents marker, read later.
            if character == "[", reads.contains(.wikilinks), rest.hasPrefix("[["), !rest.hasPrefix("[[_TOC_]]"),
               let (target, end) = Self.wikilink(at: index, in: text) {
                result += wikilink(target)
                index = end
                continue
            }
            if character == "=", highlightOpen, rest.hasPrefix("=="), Self.closesHighlight(at: index, in: text) {
                result += "</mark>"
                highlightOpen = false
                index = text.index(index, offsetBy: 2)
                continue
            }
            if character == "=", highlightsClose, !highlightOpen, reads.contains(.highlights), rest.hasPrefix("==") {
                switch Self.highlight(at: index, in: text) {
                case let .found(content, end):
                    result += "<mark>" + rewritten(content, line: line, in: whole) + "</mark>"
                    index = end
                    continue
                case .unclosed:
                    highlightsClose = false
                    // Obsidian's highlight runs on over the paragraph's lines.
                    if closedLater(after: line - 1) {
                        result += "<mark>"
                        highlightOpen = true
                        index = text.index(index, offsetBy: 2)
                        continue
                    }
                case .none: break
                }
            }
            if character == "[" { brackets += 1 } else if character == "]" { brackets = max(brackets - 1, 0) }
            if character == "#", brackets == 0, reads.contains(.tags), let (tag, end) = Self.tag(at: index, in: text) {
                result += "[#\(DialectLink.escapedText(tag))](\(DialectLink.tag(String(tag)).destination))"
                index = end
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        return result
    }

    // MARK: Wikilinks and embeds

    /// The target of `[[target]]` at `index` (its first `[`), and where it ends.
    static func wikilink(at index: String.Index, in text: Substring) -> (Substring, String.Index)? {
        let start = text.index(index, offsetBy: 2)
        // The scan stops at the first `]` or `[[`: a note of many `[[` costs no more than its length.
        var cursor = start
        while cursor < text.endIndex {
            let character = text[cursor]
            let after = text.index(after: cursor)
            if character == "]" {
                guard cursor > start, after < text.endIndex, text[after] == "]" else { return nil }
                return (text[start..<cursor], text.index(after: after))
            }
            if character == "[", after < text.endIndex, text[after] == "[" { return nil }
            cursor = after
        }
        return nil
    }

    /// `Note#Heading|alias` split; a table cell writes the bar `\|`.
    private static func parts(_ target: Substring) -> (note: String, fragment: String?, alias: String?) {
        var link = target
        var alias: String?
        if let bar = target.firstIndex(of: "|") {
            alias = String(target[target.index(after: bar)...]).trimmingCharacters(in: .whitespaces)
            link = target[..<bar]
            if link.hasSuffix("\\") { link = link.dropLast() }
        }
        guard let hash = link.firstIndex(of: "#") else { return (link.trimmingCharacters(in: .whitespaces), nil, alias) }
        return (link[..<hash].trimmingCharacters(in: .whitespaces),
                link[link.index(after: hash)...].trimmingCharacters(in: .whitespaces), alias)
    }

    /// A wikilink as a Markdown link: to a heading of this note, its anchor; to another note,
    /// a `DialectLink` to it.
    private func wikilink(_ target: Substring) -> String {
        let (note, fragment, alias) = Self.parts(target)
        let inThisNote = note.isEmpty || note == noteName || note == noteName + ".md"
        // `[[#A#B]]` names heading B under A: its anchor is B's.
        let heading = fragment.map { String($0.split(separator: "#").last ?? Substring($0)) }
        if inThisNote, let heading, !heading.hasPrefix("^"), !heading.isEmpty {
            return "[\(DialectLink.escapedText(alias ?? heading))](#\(Slugger.slug(heading)))"
        }
        let shown = alias ?? (note.isEmpty ? (heading ?? "") : heading.map { note + " › " + $0 } ?? note)
        return "[\(DialectLink.escapedText(shown))](\(DialectLink.note(String(target.split(separator: "|").first ?? target)).destination))"
    }

    /// An embed: an image as Markdown's image, its width from `|300` or `|300x200` (pixels);
    /// another note alone on its line as a `DialectLink.embed`, which brings its text in; in a
    /// line, or another file, as a reference to it.
    private mutating func embed(_ target: Substring, alone: Bool, at location: SourceLocation) -> String {
        let (name, fragment, size) = Self.parts(target)
        let fileExtension = (name as NSString).pathExtension.lowercased()
        if alone, fileExtension.isEmpty || fileExtension == "md" {
            let shown = size ?? (fragment.map { name + " › " + $0 } ?? name)
            let link = name + (fragment.map { "#" + $0 } ?? "")
            return "[\(DialectLink.escapedText(shown))](\(DialectLink.embed(link).destination))"
        }
        guard Self.imageExtensions.contains(fileExtension) else {
            embeddedNotes += 1
            if firstEmbeddedNote == nil { firstEmbeddedNote = location }
            return wikilink(target)
        }
        var title = ""
        if let size, let pixels = Double(size.split(separator: "x").first ?? ""), pixels >= 1 {
            title = " \"width: \(Int((pixels * 0.75).rounded()))pt\""
        }
        return "![\(DialectLink.escapedText(name))](<\(name.replacingOccurrences(of: ">", with: "%3E"))>\(title))"
    }

    /// The part of a note's `body` that `![[Note#Heading]]` embeds: from the heading to the
    /// next of its level or above, with the lines before it left blank (so that warnings give
    /// the note's own line numbers); `#^id`, the line that ends with that block id. Nil when
    /// the note has no such heading or block.
    static func section(_ fragment: String, of body: String) -> String? {
        let lines = SourceLines(body)
        let blockID = fragment.hasPrefix("^") ? " " + fragment : nil
        let wanted = Slugger.slug(String(fragment.split(separator: "#").last ?? ""))
        var start: Int?
        var level = 0
        for (index, line) in lines.lines.enumerated() where !lines.isCode[index] {
            if let blockID {
                if line.text.trimmingCharacters(in: .whitespaces).hasSuffix(blockID) || line.text.hasPrefix(blockID.dropFirst()) {
                    return String(repeating: "\n", count: index) + line.text
                }
                continue
            }
            let hashes = line.text.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), line.text.dropFirst(hashes).first == " " else { continue }
            if let start {
                guard hashes <= level else { continue }
                return String(repeating: "\n", count: start) + lines.lines[start..<index].map { $0.text + $0.end }.joined()
            }
            if Slugger.slug(line.text.dropFirst(hashes).trimmingCharacters(in: CharacterSet(charactersIn: " #"))) == wanted {
                start = index
                level = hashes
            }
        }
        guard let start else { return nil }
        return String(repeating: "\n", count: start) + lines.lines[start...].map { $0.text + $0.end }.joined()
    }

    // MARK: Highlights and tags

    /// Whether `==` at `index` closes a highlight: after a character that is not a space, not
    /// part of a longer run of `=`.
    static func closesHighlight(at index: String.Index, in text: Substring) -> Bool {
        guard index > text.startIndex, !text[text.index(before: index)].isWhitespace, text[text.index(before: index)] != "=" else { return false }
        let after = text.index(index, offsetBy: 2)
        return after == text.endIndex || text[after] != "="
    }

    /// Whether a later line of the paragraph of line `index` (0-based), within a few, closes a
    /// highlight outside code.
    private func closedLater(after index: Int) -> Bool {
        for later in (index + 1)..<min(index + 20, lines.lines.count) {
            let text = lines.lines[later].text
            guard !lines.isCode[later], !text.allSatisfy(\.isWhitespace) else { return false }
            let spans = SourceLines.codeSpans(in: text)
            var search = text.startIndex
            while let close = text[search...].range(of: "==") {
                if !spans.contains(where: { $0.contains(close.lowerBound) }), Self.closesHighlight(at: close.lowerBound, in: text) { return true }
                search = text.index(after: close.lowerBound)
            }
        }
        return false
    }

    /// What `==` at `index` opens.
    enum Highlight {
        /// The text between it and its closer, and where the closer ends.
        case found(Substring, String.Index)
        /// No `==` after it closes a highlight (nor one for any later opener).
        case unclosed
        /// It opens none.
        case none
    }

    /// The text of `==text==` at `index`, and where it ends: the opener before a character
    /// that is not a space, the closer after one, neither part of a longer run of `=`.
    static func highlight(at index: String.Index, in text: Substring) -> Highlight {
        guard text[index...].hasPrefix("=="), index == text.startIndex || text[text.index(before: index)] != "=" else { return .none }
        let start = text.index(index, offsetBy: 2)
        guard start < text.endIndex, !text[start].isWhitespace, text[start] != "=" else { return .none }
        var search = start
        while let close = text[search...].range(of: "==") {
            let before = text[text.index(before: close.lowerBound)]
            let after = close.upperBound < text.endIndex ? text[close.upperBound] : " "
            if !before.isWhitespace, after != "=" { return .found(text[start..<close.lowerBound], close.upperBound) }
            search = text.index(after: close.lowerBound)
        }
        return .unclosed
    }

    /// The name of `#tag` at `index` (its `#`), and where it ends: after a space or at the
    /// line's start, letters, digits, `_`, `-` and `/`, not digits alone.
    static func tag(at index: String.Index, in text: Substring) -> (Substring, String.Index)? {
        if index > text.startIndex {
            guard text[text.index(before: index)].isWhitespace else { return nil }
        } else if index != text.base.startIndex {
            let before = text.base[text.base.index(before: index)]
            guard before.isWhitespace else { return nil }
        }
        let start = text.index(after: index)
        let name = text[start...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "/" }
        guard !name.isEmpty, !name.allSatisfy(\.isNumber) else { return nil }
        return (name, name.endIndex)
    }
}
