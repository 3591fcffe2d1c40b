import Foundation
import LetterpressCore

/// One pass over a note's lines before cmark reads them, for what static site generators add
/// to Markdown: Jekyll's Liquid (`{% highlight %}`, Octopress' `{% codeblock %}`, `{% raw %}`,
/// `{{ site.baseurl }}`, `{% post_url %}`), Hugo's shortcodes (`{{< highlight >}}`,
/// `{{< figure >}}`) and kramdown's attribute lists (`{: .class}`, `{:toc}`).
///
/// Code tags become fences on the same lines, longer than any backtick run inside; other
/// Liquid tags and shortcodes are left out, with one warning for each kind. Lines are
/// rewritten one for one, so line numbers hold (columns after a rewritten tag on its line
/// move). Nothing inside code is read, except the `{% raw %}` marks Liquid takes out there too.
struct SiteSource {
    private let file: String
    private let liquid: Bool
    private let shortcodes: Bool
    private let kramdown: Bool
    /// Every `{{ … }}` is Liquid's (a note read as Jekyll's), not only those that name Jekyll's
    /// variables: Letterpress's own `{{name}}` is then not read.
    private let liquidOutputsOnly: Bool
    private var lines: SourceLines
    private var replaced: [Int: String] = [:]
    private var warnings: [Warning] = []
    private var droppedTags = DroppedConstructs("Liquid tag", tool: "Jekyll")
    private var droppedShortcodes = DroppedConstructs("Hugo shortcode", tool: "Hugo")
    /// Inside `{% raw %}`: Liquid is not read until `{% endraw %}`.
    private var inRaw = false
    /// The lines of the end tags, found with the first code tag.
    private var endTags: [String: [Int]]?
    /// Octopress' `{% blockquote %}` open: the line of its end tag, and what that line shows.
    private var quote: (end: Int, attribution: String)?
    /// Inside Octopress' `{% pullquote %}`, whose `{"` and `"}` mark the words pulled out.
    private var inPullquote = false

    /// `body` with the constructs `dialect` reads rewritten, and the warnings; `body` itself
    /// when it has none.
    static func prepared(_ body: String, file: String, dialect: MarkupDialect) -> (String, [Warning]) {
        let liquid = dialect.reads(.liquidTags), shortcodes = dialect.reads(.shortcodes), kramdown = dialect.reads(.kramdownAttributes)
        guard liquid || shortcodes || kramdown, mayHaveTags(body) else { return (body, []) }
        var pass = SiteSource(file: file, liquid: liquid, shortcodes: shortcodes, kramdown: kramdown, liquidOutputsOnly: dialect == .jekyll,
                              lines: SourceLines(body))
        pass.run()
        guard !pass.replaced.isEmpty else { return (body, pass.warnings) }
        return (pass.lines.joined(replacing: pass.replaced), pass.warnings)
    }

    /// Whether `body` holds `{%`, `{{` or `{:`: without any, there is nothing to do.
    static func mayHaveTags(_ body: String) -> Bool {
        body.withBytes { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if previous == UInt8(ascii: "{"), byte == UInt8(ascii: "%") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: ":") { return true }
                previous = byte
            }
            return false
        }
    }

    private mutating func run() {
        var index = 0
        while index < lines.lines.count {
            let text = lines.lines[index].text
            if lines.isCode[index] {
                if liquid, !inRaw, text.contains("raw"), text.contains("{%") {
                    let kept = Self.removingRawMarks(text)
                    if kept != text { replaced[index] = kept }
                }
                if quote != nil { replaced[index] = "> " + (replaced[index] ?? String(text)) }
                index += 1
                continue
            }
            if let open = quote {
                if index == open.end {
                    replaced[index] = open.attribution
                    // A line of its own, after the quote's words: a hard break before it.
                    if !open.attribution.isEmpty, let last = replaced[index - 1], last.count > 2 { replaced[index - 1] = last + "  " }
                    quote = nil
                    index += 1
                    continue
                }
                let rewritten = SourceLines.outsideCode(text) { rewrittenInline($0, line: index + 1, in: text) }
                replaced[index] = "> " + rewritten
                index += 1
                continue
            }
            let content = SourceLines.content(of: text).trimmingCharacters(in: .whitespaces)
            if !inRaw, content.hasPrefix("{"), let end = codeBlock(at: index, opening: content) {
                index = end + 1
                continue
            }
            if liquid, !inRaw, content.hasPrefix("{%"), let tag = Tag(content), !tag.isShortcode, tag.name == "blockquote",
               let end = nextEndTag("%endblockquote", after: index) {
                // The quote's lines are marked as Markdown's, one for one; its end shows who said it.
                replaced[index] = ""
                quote = (end, Self.attribution(tag.arguments))
                index += 1
                continue
            }
            if kramdown, !inRaw, content.hasPrefix("{:"), content.hasSuffix("}"), !content.hasPrefix("{::") {
                blockAttributes(content, at: index)
                index += 1
                continue
            }
            if shortcodes, !inRaw, let end = shortcodeEnd(from: index) {
                // A shortcode written over several lines is read as one line, on its first.
                let joined = lines.lines[index...end].map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                replaced[index] = rewrittenInline(Substring(joined), line: index + 1, in: Substring(joined))
                for line in (index + 1)...end { replaced[line] = "" }
                index = end + 1
                continue
            }
            var rewritten = SourceLines.outsideCode(text) { rewrittenInline($0, line: index + 1, in: text) }
            if inPullquote { rewritten = rewritten.replacingOccurrences(of: "\"}", with: "") }
            if rewritten != text { replaced[index] = rewritten }
            index += 1
        }
        if let warning = droppedTags.warning(file: file) { warnings.append(warning) }
        if let warning = droppedShortcodes.warning(file: file) { warnings.append(warning) }
    }

    /// The line that closes a shortcode opened and left open on line `index`, within a few
    /// lines and outside code; nil when none is.
    private func shortcodeEnd(from index: Int) -> Int? {
        let text = lines.lines[index].text
        guard let open = text.range(of: "{{<") ?? text.range(of: "{{%") else { return nil }
        let closer = text[open.lowerBound...].hasPrefix("{{<") ? ">}}" : "%}}"
        guard !text[open.upperBound...].contains(closer), SourceLines.codeSpans(in: text).isEmpty else { return nil }
        return (index + 1..<min(index + 20, lines.lines.count)).lazy.prefix { !lines.isCode[$0] }.first {
            lines.lines[$0].text.contains(closer)
        }
    }

    // MARK: Code blocks

    /// A tag, `{% name args %}` or `{{< name args >}}`, alone on a line: its name and arguments.
    private struct Tag {
        var name: String
        var arguments: String
        var isShortcode: Bool

        init?(_ text: String) {
            let inner: Substring
            if text.hasPrefix("{%"), text.hasSuffix("%}"), text.count >= 4 {
                inner = text.dropFirst(2).dropLast(2)
                isShortcode = false
            } else if (text.hasPrefix("{{<") && text.hasSuffix(">}}")) || (text.hasPrefix("{{%") && text.hasSuffix("%}}")), text.count >= 6 {
                inner = text.dropFirst(3).dropLast(3)
                isShortcode = true
            } else {
                return nil
            }
            // Liquid's `{%-` and `-%}` trim whitespace around the tag.
            var trimmed = inner.trimmingCharacters(in: CharacterSet(charactersIn: "- \t"))
            // Hugo reads `{{< / highlight >}}` as `{{< /highlight >}}`.
            if trimmed.hasPrefix("/") { trimmed = "/" + trimmed.dropFirst().trimmingCharacters(in: .whitespaces) }
            guard !trimmed.contains("%}"), !trimmed.contains(">}}") else { return nil }
            let words = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard let first = words.first else { return nil }
            name = first.lowercased()
            arguments = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        }
    }

    /// Makes a fence of the code tag on line `index` and of its end tag, and returns the end
    /// tag's line; nil when the line opens no code block. A tag that never ends is kept as
    /// written, with a warning (and `index` returned: the line is read no further).
    private mutating func codeBlock(at index: Int, opening content: String) -> Int? {
        guard let tag = Tag(content) else { return nil }
        let info: String
        let endName: String
        switch (tag.name, tag.isShortcode) {
        case ("highlight", false) where liquid:
            info = Self.liquidHighlightInfo(tag.arguments)
            endName = "endhighlight"
        case ("codeblock", false) where liquid:
            info = Self.codeblockInfo(tag.arguments)
            endName = "endcodeblock"
        case ("highlight", true) where shortcodes:
            info = Self.shortcodeHighlightInfo(tag.arguments)
            endName = "/highlight"
        default:
            return nil
        }
        guard let end = nextEndTag((tag.isShortcode ? "<" : "%") + endName, after: index) else {
            warnings.append(Warning(code: .unclosedMarkup, file: file, location: SourceLocation(line: index + 1, column: Self.column(of: content, in: lines.lines[index].text)),
                                    message: "\(Excerpt.quoted(content)) is never ended by its end tag, so it is shown as written",
                                    kind: "code tags never ended"))
            return index
        }
        let body = lines.lines[(index + 1)..<end].map(\.text)
        let longest = body.map { line in
            var longest = 0, run = 0
            for character in line { run = character == "`" ? run + 1 : 0; longest = max(longest, run) }
            return longest
        }.max() ?? 0
        let fence = String(repeating: "`", count: max(3, longest + 1))
        replaced[index] = SourceLines.prefix(of: lines.lines[index].text) + fence + info
        replaced[end] = SourceLines.prefix(of: lines.lines[end].text) + fence
        if liquid {
            for line in (index + 1)..<end where lines.lines[line].text.contains("{%") {
                let kept = Self.removingRawMarks(lines.lines[line].text)
                if kept != lines.lines[line].text { replaced[line] = kept }
            }
        }
        return end
    }

    /// The first line after `index` holding the end tag `kind` (`%endhighlight`) alone.
    private mutating func nextEndTag(_ kind: String, after index: Int) -> Int? {
        if endTags == nil { endTags = endTagLines() }
        let candidates = endTags?[kind] ?? []
        var low = 0, high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle] > index { high = middle } else { low = middle + 1 }
        }
        return low < candidates.count ? candidates[low] : nil
    }

    /// Octopress' `{% blockquote Author http://source Title %}` as the quote's last line:
    /// `> — Author, Title`; nothing without an author.
    static func attribution(_ arguments: String) -> String {
        let words = arguments.split(separator: " ")
        guard !words.isEmpty else { return "" }
        let link = words.firstIndex { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
        let author = words[..<(link ?? words.endIndex)].joined(separator: " ")
        let title = link.map { words[($0 + 1)...].joined(separator: " ") } ?? ""
        let said = [author, title].filter { !$0.isEmpty }.joined(separator: ", ")
        return said.isEmpty ? "" : "> — " + DialectLink.escapedText(said)
    }

    /// Octopress' `{% img [class] /path [width [height]] [title [alt]] %}` as HTML's `<img>`,
    /// floated by a `left` or `right` class.
    static func image(_ arguments: String) -> String? {
        var words = arguments.split(separator: " ").map(String.init)
        var classes: [String] = []
        while let first = words.first, !first.hasPrefix("/"), !first.hasPrefix("http"), !first.contains(".") {
            classes.append(first)
            words.removeFirst()
        }
        guard !words.isEmpty else { return nil }
        let source = words.removeFirst()
        var sizes: [String] = []
        while sizes.count < 2, let first = words.first, Double(first) != nil { sizes.append(words.removeFirst()) }
        let rest = words.joined(separator: " ")
        // The title and alt text may be quoted: `"A title" 'Its alt'`.
        let quoted = rest.split(whereSeparator: { $0 == "\"" || $0 == "'" }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let title = quoted.first ?? rest
        let alt = quoted.count > 1 ? quoted[1] : title
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var html = "<img src=\"\(escaped(source))\" alt=\"\(escaped(alt))\""
        if let width = sizes.first { html += " width=\"\(width)\"" }
        if sizes.count > 1 { html += " height=\"\(sizes[1])\"" }
        if let side = classes.first(where: { $0 == "left" || $0 == "right" }) { html += " align=\"\(side)\"" }
        return html + ">"
    }

    /// The lines of each end tag alone on its line outside code, by kind (`%endhighlight`,
    /// `</highlight`), in order: found once, so that many tags never ended cost one pass.
    private func endTagLines() -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for index in lines.lines.indices where !lines.isCode[index] {
            let content = SourceLines.content(of: lines.lines[index].text).trimmingCharacters(in: .whitespaces)
            guard content.hasPrefix("{"), let tag = Tag(content), tag.name.hasPrefix("end") || tag.name.hasPrefix("/") else { continue }
            found[(tag.isShortcode ? "<" : "%") + tag.name, default: []].append(index)
        }
        return found
    }

    /// `ruby linenos mark_lines="1 2"` as a fence's info string.
    static func liquidHighlightInfo(_ arguments: String) -> String {
        arguments.replacingOccurrences(of: "mark_lines=", with: "hl_lines=")
    }

    /// Octopress' `[title] [lang:language] [url] [link text]`: the language, else the title's
    /// file extension.
    static func codeblockInfo(_ arguments: String) -> String {
        let words = arguments.split(separator: " ")
        if let language = words.first(where: { $0.hasPrefix("lang:") }) { return String(language.dropFirst(5)) }
        if let title = words.first(where: { !$0.hasPrefix("http") && $0.contains(".") }), let dot = title.lastIndex(of: ".") {
            return String(title[title.index(after: dot)...])
        }
        return ""
    }

    /// Hugo's `go "linenos=table,hl_lines=8 15-17"`: the language, `linenos` and `hl_lines`.
    static func shortcodeHighlightInfo(_ arguments: String) -> String {
        let parts = arguments.split(separator: " ", maxSplits: 1)
        guard let language = parts.first else { return "" }
        var info = String(language)
        guard parts.count > 1 else { return info }
        let options = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        for option in options.split(separator: ",") {
            let pair = option.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0] == "linenos", pair[1] != "false" { info += " linenos" }
            if pair[0] == "hl_lines" { info += " hl_lines=\"\(pair[1])\"" }
        }
        return info
    }

    /// `line` without its `{% raw %}` and `{% endraw %}` marks.
    private static func removingRawMarks(_ line: Substring) -> String {
        line.replacingOccurrences(of: #"\{%-?\s*(end)?raw\s*-?%\}"#, with: "", options: .regularExpression)
    }

    private static func column(of content: String, in line: Substring) -> Int {
        guard let range = line.range(of: content) else { return 1 }
        return line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1
    }

    // MARK: kramdown

    /// A line of kramdown's `{: …}` alone: a block's attribute list, taken out, or `{:toc}`,
    /// which makes the list item before it (`* TOC`) the contents.
    private mutating func blockAttributes(_ content: String, at index: Int) {
        let prefix = String(SourceLines.prefix(of: lines.lines[index].text))
        guard content.replacingOccurrences(of: " ", with: "") == "{:toc}" else {
            replaced[index] = prefix.trimmingCharacters(in: .whitespaces) == "" ? "" : prefix
            return
        }
        let previous = index - 1
        if previous >= 0, replaced[previous] == nil, !lines.isCode[previous],
           SourceLines.content(of: lines.lines[previous].text).startIndex != lines.lines[previous].text.startIndex,
           !lines.lines[previous].text.trimmingCharacters(in: .whitespaces).isEmpty {
            replaced[previous] = "[TOC]"
            replaced[index] = ""
        } else {
            replaced[index] = "[TOC]"
        }
    }

    // MARK: Inline

    /// A stretch of a line outside code, its Liquid, shortcodes and attribute lists rewritten.
    private mutating func rewrittenInline(_ text: Substring, line: Int, in whole: Substring) -> String {
        guard text.contains("{") else { return String(text) }
        var result = ""
        // The closers not found from some place on, so not looked for again further on: a
        // line of openers costs no more than its length.
        var absent: Set<String> = []
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if inRaw {
                guard let range = rest.range(of: #"\{%-?\s*endraw\s*-?%\}"#, options: .regularExpression) else {
                    result += rest
                    break
                }
                result += text[index..<range.lowerBound]
                inRaw = false
                index = range.upperBound
                continue
            }
            guard let open = rest.firstIndex(of: "{") else { result += rest; break }
            result += text[index..<open]
            let from = text[open...]
            let column = whole.utf8.distance(from: whole.startIndex, to: open) + 1
            if let (replacement, end) = construct(at: from, line: line, column: column, in: whole, absent: &absent) {
                result += replacement
                index = end
            } else {
                result.append("{")
                index = text.index(after: open)
            }
        }
        return result
    }

    /// What the construct starting at `text` (with its `{`) becomes, and where it ends; nil
    /// when it starts none this pass reads.
    private mutating func construct(at text: Substring, line: Int, column: Int, in whole: Substring,
                                    absent: inout Set<String>) -> (String, String.Index)? {
        func find(_ closer: String) -> Range<String.Index>? {
            guard !absent.contains(closer) else { return nil }
            guard let range = text.range(of: closer) else { absent.insert(closer); return nil }
            return range
        }
        if liquid, text.hasPrefix("{%"), let close = find("%}") {
            let whole = text[text.startIndex..<close.upperBound]
            let inner = whole.dropFirst(2).dropLast(2).trimmingCharacters(in: CharacterSet(charactersIn: "- \t"))
            let words = inner.split(separator: " ", omittingEmptySubsequences: true)
            switch words.first.map({ $0.lowercased() }) {
            case "raw":
                inRaw = true
                return ("", close.upperBound)
            case "endraw":
                return ("", close.upperBound)
            case "pullquote", "endpullquote":
                inPullquote = words.first?.lowercased() == "pullquote"
                return ("", close.upperBound)
            case "img":
                guard let html = Self.image(words.dropFirst().joined(separator: " ")) else { break }
                return (html, close.upperBound)
            case "post_url", "link":
                guard words.count > 1 else { break }
                let name = String(words[1])
                return (isDestination(text) ? DialectLink.note(name).destination : name, close.upperBound)
            default:
                break
            }
            droppedTags.add(whole, line: line, column: column)
            return ("", close.upperBound)
        }
        if shortcodes, text.hasPrefix("{{<") || text.hasPrefix("{{%") {
            let closer = text.hasPrefix("{{<") ? ">}}" : "%}}"
            guard let close = find(closer) else { return nil }
            let whole = text[text.startIndex..<close.upperBound]
            let inner = whole.dropFirst(3).dropLast(3).trimmingCharacters(in: .whitespaces)
            // `{{</* figure */>}}` is how Hugo's own documentation writes a shortcode it shows.
            if inner.hasPrefix("/*"), inner.hasSuffix("*/") {
                return (String(whole.prefix(3)) + " " + inner.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces) + " " + closer, close.upperBound)
            }
            let name = inner.split(separator: " ").first.map(String.init) ?? ""
            if name == "figure" {
                let alone = whole.trimmingCharacters(in: .whitespaces) == text[text.startIndex..<close.upperBound]
                return (Self.figure(inner, alone: alone), close.upperBound)
            }
            droppedShortcodes.add(whole, line: line, column: column)
            return ("", close.upperBound)
        }
        if liquid, text.hasPrefix("{{"), let close = find("}}") {
            let inner = text[text.index(text.startIndex, offsetBy: 2)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            // Letterpress's own `{{name}}`, kept whole for the variables.
            guard let value = Self.liquidOutput(inner) ?? (liquidOutputsOnly ? "" : nil) else {
                return (String(text[text.startIndex..<close.upperBound]), close.upperBound)
            }
            let isAddress = Self.siteAddresses.contains(inner.replacingOccurrences(of: " ", with: "")) || !value.isEmpty
            if !isAddress { droppedTags.add(text[text.startIndex..<close.upperBound], line: line, column: column) }
            // A link to a page of the site leads nowhere from a PDF: its text keeps a link's
            // look. An image's path starts at the site's root, where `Resources` finds it.
            if isAddress, isDestination(text), !isImageDestination(text) { return (DialectLink.noteScheme + value, close.upperBound) }
            return (value, close.upperBound)
        }
        if inPullquote, text.hasPrefix("{\"") { return ("", text.index(text.startIndex, offsetBy: 2)) }
        if kramdown, text.hasPrefix("{:"),
           let close = text.dropFirst(2).firstIndex(where: { $0 == "{" || $0 == "}" }), text[close] == "}" {
            // An attribute list holds names, `.class`, `#id` and `key="value"`: never a brace.
            return ("", text.index(after: close))
        }
        return nil
    }

    /// Whether the construct at `text` is written inside a link's destination, `](` before it.
    private func isDestination(_ text: Substring) -> Bool {
        text.base[text.base.startIndex..<text.startIndex].hasSuffix("](")
    }

    /// Whether the destination the construct at `text` starts is an image's, `![…](`.
    private func isImageDestination(_ text: Substring) -> Bool {
        // The link's text is on the same line, not thousands of characters back.
        let before = text.base[text.base.startIndex..<text.startIndex].dropLast(2).suffix(2000)
        guard let open = before.lastIndex(of: "[") else { return false }
        return open > before.startIndex && before[before.index(before: open)] == "!"
    }

    /// The site's own address, which a note's links start with: nothing, so that they start
    /// at the site's root.
    private static let siteAddresses: Set<String> = ["site.baseurl", "site.url", "site.github.url", "site.url}}{{site.baseurl"]

    /// What a Liquid output `{{ inner }}` becomes: the site's address nothing, a path through
    /// `relative_url` or `absolute_url` the path, and Jekyll's own variables nothing; nil for
    /// anything else, which Letterpress's own `{{name}}` reads.
    static func liquidOutput(_ inner: String) -> String? {
        let compact = inner.replacingOccurrences(of: " ", with: "")
        if siteAddresses.contains(compact) { return "" }
        if inner.contains("|") {
            let value = inner.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
            if inner.contains("relative_url") || inner.contains("absolute_url") || inner.contains("prepend"),
               let quote = value.first, quote == "\"" || quote == "'", value.last == quote, value.count >= 2 {
                return String(value.dropFirst().dropLast())
            }
            return ""
        }
        let variables = ["site.", "page.", "post.", "include.", "layout.", "paginator.", "jekyll.", "content"]
        return variables.contains(where: { compact.hasPrefix($0) }) ? "" : nil
    }

    /// Hugo's `figure src="…" caption="…" alt="…" width="…"`: alone on its line, HTML's
    /// `<figure>` (which an HTML block around it reads too), else an image whose title is its
    /// caption.
    static func figure(_ inner: String, alone: Bool = true) -> String {
        var values: [String: String] = [:]
        let pattern = #"(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let string = inner as NSString
        for match in regex.matches(in: inner, range: NSRange(location: 0, length: string.length)) {
            let key = string.substring(with: match.range(at: 1))
            for group in 2...4 where match.range(at: group).location != NSNotFound {
                values[key] = string.substring(with: match.range(at: group))
            }
        }
        guard let source = values["src"] else { return "" }
        // A caption may be Markdown; a heading's marks would show.
        let caption = (values["caption"] ?? values["title"] ?? "").drop { $0 == "#" || $0 == " " }
            .replacingOccurrences(of: "*", with: "")
        let alt = values["alt"] ?? caption
        guard !alone else {
            func escaped(_ text: String) -> String {
                text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
            }
            let width = values["width"].map { " width=\"\(escaped($0))\"" } ?? ""
            let image = "<img src=\"\(escaped(source))\" alt=\"\(escaped(alt))\"\(width)>"
            return caption.isEmpty ? "<figure>\(image)</figure>" : "<figure>\(image)<figcaption>\(escaped(caption))</figcaption></figure>"
        }
        let title = caption.isEmpty ? "" : " \"" + caption.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return "![\(DialectLink.escapedText(alt))](<\(source.replacingOccurrences(of: ">", with: "%3E"))>\(title))"
    }
}
