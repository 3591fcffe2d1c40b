import CLibXML2
import Foundation

/// What libxml2's HTML parser reports, in order: its tokenizer and its rules for closing
/// elements (a `<p>` ends at the next `<div>`, `<li>` at the next `<li>`, void elements at
/// once), never a hand-written tokenizer's.
enum HTMLEvent: Equatable {
    /// An element opens; `line` counts from 1 at the start of the fed text.
    case start(name: String, attributes: [String: String], line: Int)
    case end(name: String)
    case text(String)
    case comment(String)
}

/// libxml2's push parser, fed the pieces of HTML a Markdown document holds one at a time
/// (cmark hands over HTML blocks and inline tags separately, with Markdown between them), so
/// that an element opened in one piece is still open in the next.
final class HTMLParser {
    private let library: XMLLibrary?
    private var context: htmlParserCtxtPtr?
    /// Why the HTML is taken as text as written: libxml2 could not be loaded.
    let unavailable: String?
    private var events: [HTMLEvent] = []
    private var pendingText = ""
    /// Set when the marker that ends the text fed last has been parsed.
    private var reachedMarker = false
    /// Lines of the pieces fed before the current one, to give elements their line in it.
    private var linesBefore = 0

    /// Ends each piece so that libxml2 hands over everything up to it (it holds back text
    /// until it sees the next `<`), and tells where the piece ended.
    private static let marker = "letterpress-end-of-piece"

    init(library: Result<XMLLibrary, XMLLibrary.Unavailable> = XMLLibrary.shared) {
        switch library {
        case .success(let library):
            self.library = library
            unavailable = nil
        case .failure(let failure):
            self.library = nil
            unavailable = failure.reason
            return
        }
        var handler = htmlSAXHandler()
        handler.startElement = { user, name, attributes in
            HTMLParser.parser(user).started(name, attributes)
        }
        handler.endElement = { user, name in
            guard let name else { return }
            let lowered = String(cString: name).lowercased()
            guard !HTMLParser.isDocumentElement(lowered) else { return }
            HTMLParser.parser(user).append(.end(name: lowered))
        }
        handler.characters = { user, characters, length in
            HTMLParser.parser(user).appendText(characters, length)
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.comment = { user, value in
            guard let value else { return }
            let parser = HTMLParser.parser(user)
            let comment = String(cString: value)
            if comment == HTMLParser.marker { parser.reachedMarker = true } else { parser.append(.comment(comment)) }
        }
        let user = Unmanaged.passUnretained(self).toOpaque()
        context = self.library?.createHTMLPushParser(&handler, user, nil, 0, nil, XML_CHAR_ENCODING_UTF8)
        let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue
        if let context { _ = self.library?.useHTMLOptions(context, Int32(options)) }
        // Opened at once: an end tag before any element (`</br>` first) would otherwise leave
        // libxml2 taking the document as finished.
        _ = feed("<body>")
    }

    deinit {
        if let context { library?.freeHTMLParser(context) }
    }

    /// `html` and `body`, which the parser implies around the first piece and keeps open, so
    /// that it goes on parsing after the first element ends (with no element around them, it
    /// takes the document as finished); they say nothing of the content.
    private static func isDocumentElement(_ name: String) -> Bool { name == "html" || name == "body" }

    private static func parser(_ user: UnsafeMutableRawPointer?) -> HTMLParser {
        Unmanaged<HTMLParser>.fromOpaque(user!).takeUnretainedValue()
    }

    /// The events of one more piece of HTML. An element the piece leaves open stays open.
    func feed(_ html: String) -> [HTMLEvent] {
        reachedMarker = false
        var rest = Substring(Self.breaksWrittenAsEndTags(html))
        if !takenAsText {
            // Fed a piece at a time, so that a nesting libxml2 would take quadratic time to
            // unwind (each unmatched end tag searches all the open elements) stops early.
            while rest.utf8.count > Self.chunkBytes, let cut = rest.utf8.dropFirst(Self.chunkBytes).firstIndex(of: UInt8(ascii: ">")) {
                let end = rest.utf8.index(after: cut)
                parse(String(rest[..<end]), terminate: false)
                rest = rest[end...]
                if checkDepth() { break }
            }
        }
        if takenAsText {
            flushText()
            if !rest.isEmpty { events.append(.text(String(rest))) }
        } else {
            parse(String(rest) + "<!--\(Self.marker)-->", terminate: false)
            // Inline tags come one piece each: the depth counts across pieces too.
            _ = checkDepth()
        }
        linesBefore += html.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        flushText()
        defer { events = [] }
        return events
    }

    /// Whether the elements open have gone past `maximumDepth`, which sets `tooDeep`.
    private func checkDepth() -> Bool {
        if let context, context.pointee.nameNr > Int32(Self.maximumDepth) { tooDeep = true }
        return tooDeep
    }

    /// Elements libxml2 may hold open before the rest of the HTML is taken as text.
    static let maximumDepth = 256
    private static let chunkBytes = 4096
    /// Set once the elements open went past `maximumDepth`: what follows is text as written.
    private(set) var tooDeep = false

    /// Whether what is fed now is taken as text as written.
    private var takenAsText: Bool { tooDeep || context == nil }

    /// The events that ending the input gives: the closing of every element still open.
    func finish() -> [HTMLEvent] {
        reachedMarker = false
        parse("", terminate: true)
        flushText()
        defer { events = [] }
        return events
    }

    /// `</br>` is a line break to HTML5 parsers and to GitHub, which READMEs rely on; libxml2's
    /// HTML 4 parser ignores it.
    private static func breaksWrittenAsEndTags(_ html: String) -> String {
        guard html.utf8.count >= 5, html.range(of: "</br", options: .caseInsensitive) != nil else { return html }
        return html.replacingOccurrences(of: "</br\\s*>", with: "<br>", options: [.regularExpression, .caseInsensitive])
    }

    private func parse(_ html: String, terminate: Bool) {
        guard let context, let library else { return }
        var bytes = Array(html.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) { pointer in
                _ = library.parseHTMLChunk(context, pointer, Int32(buffer.count), terminate ? 1 : 0)
            }
        }
    }

    private func append(_ event: HTMLEvent) {
        guard !reachedMarker else { return }
        flushText()
        events.append(event)
    }

    private func flushText() {
        guard !pendingText.isEmpty else { return }
        events.append(.text(pendingText))
        pendingText = ""
    }

    private func started(_ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard let name else { return }
        var values: [String: String] = [:]
        var index = 0
        while let attributes, let key = attributes[index] {
            let value = attributes[index + 1].map { String(cString: $0) } ?? ""
            let lowered = String(cString: key).lowercased()
            if values[lowered] == nil { values[lowered] = value }
            index += 2
        }
        let lowered = String(cString: name).lowercased()
        guard !Self.isDocumentElement(lowered) else { return }
        let line = context.flatMap { $0.pointee.input }.map { Int($0.pointee.line) } ?? 1
        append(.start(name: lowered, attributes: values, line: max(1, line - linesBefore)))
    }

    private func appendText(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard let characters, length > 0 else { return }
        guard !reachedMarker else { return }
        // Gathered, not added to the last event: libxml2 hands long text over in small pieces.
        pendingText += String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
    }
}
