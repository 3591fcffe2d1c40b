import CCmarkGFM
import Foundation
import LetterpressCore

/// Translated phrases: `^[…](localized: 'key')` and `^[…](localized: true)`, whose values
/// (`{{…}}`, styled `^[…](…)` spans and images inside) are the arguments of the translation,
/// and `{{n, localized: 'key'}}`. A translation is Markdown, read in the note's context after
/// its values are placed; what is wrong in it is reported at its table's file and line.
extension InlineConverter {
    /// One value of a phrase: a `{{…}}` (its reference and text) or the node of a styled span
    /// or an image, and where it is written in cmark's subject (nil when that is not known).
    struct PhraseValue {
        var node: OpaquePointer?
        var reference: VariableReference?
        var text = ""
        var range: Range<Int32>?

        /// The specifier the value has in a key Apple derives.
        var keySpecifier: String { reference?.keySpecifier ?? "%@" }
    }

    /// Translations nest at most this deep (a phrase in a translation, translated in turn).
    static let deepestTranslation = 8

    /// The text of a `{{…}}`, in the format of where it is: formatted again for the locale of
    /// the span it is in, or translated (`localized: 'key'`).
    mutating func value(_ reference: VariableReference, text: String, intent: InlineIntent, link: String?, anchor: String?,
                        attributes: InlineAttributes?) -> InlineRuns {
        var text = text
        let location = reference.location
        if let locale = spanLocale, locale != session.locale, reference.localizedKey == nil,
           case let .value(formatted, _)? = VariableValues(session.variables, locale: locale).resolve(reference.inside) {
            text = formatted
        }
        let piece = InlineRuns.Piece(text: text, intent: intent, link: link, anchor: anchor, attributes: attributes)
        guard let key = reference.localizedKey else { return InlineRuns(piece) }
        let locale = spanLocale ?? session.locale
        let shown = StringTable.Entry.takesValue(key) ? "source text" : "value"
        var entry: StringTable.Entry
        switch session.lookup([key], locale: locale, at: location, shown: shown) {
        case let .found(found):
            entry = found
        case .source, .missing:
            // Apple's keys are the source text: `Population %lld` is its own format.
            guard StringTable.Entry.takesValue(key) else { return InlineRuns(piece) }
            entry = StringTable.Entry(format: key)
        }
        guard let filled = fill(entry, key: key, with: [reference.value], at: location) else { return InlineRuns(piece) }
        let values = [InlineRuns(InlineRuns.Piece(text: reference.value))]
        return translated(filled, entry: entry, key: key, values: values, intent: intent, link: link, at: location) ?? InlineRuns(piece)
    }

    /// The translation of the phrase `node` asks for with `key` (empty: the key Apple derives
    /// from its text), with its values in; nil when there is none (the phrase is then shown as
    /// written, with its values) or it cannot be filled (with a warning).
    mutating func phrase(_ node: OpaquePointer, key: String, payload: AttributePayload, intent: InlineIntent, link: String?) -> InlineRuns? {
        let location = SourceLocation(line: payload.line, column: payload.column)
        var values: [PhraseValue] = []
        Self.collectValues(in: node, into: &values)
        let keys = key.isEmpty ? derivedKeys(payload, values: values) : [key]
        guard !keys.isEmpty else { return nil }
        guard case let .found(entry) = session.lookup(keys, locale: spanLocale ?? session.locale, at: location, shown: "source text") else {
            return nil
        }
        // A value without a format fills a number's specifier as it is given, `%lld` its `1234`.
        let plain = values.map { value in
            value.reference.map { $0.format == nil ? $0.value : value.text } ?? value.node.map(plainText) ?? ""
        }
        guard let filled = fill(entry, key: keys[0], with: plain, at: location) else { return nil }
        var runs: [InlineRuns] = []
        for value in values {
            if let reference = value.reference {
                runs.append(self.value(reference, text: value.text, intent: [], link: nil, anchor: nil, attributes: nil))
            } else if let node = value.node {
                runs.append(inlines(for: node, intent: [], link: nil))
            }
        }
        return translated(filled, entry: entry, key: keys[0], values: runs, intent: intent, link: link, at: location)
    }

    /// The values of a phrase in the order they are written: its `{{…}}`, its `^[…](…)` spans and
    /// its images, outside the spans (whose own values are theirs).
    private static func collectValues(in node: OpaquePointer, into values: inout [PhraseValue]) {
        for child in CmarkNode.children(of: node) {
            let payload = AttributeExtension.payload(of: child)
            if cmark_node_get_type(child) == CMARK_NODE_TEXT {
                let bytes = Array(CmarkNode.literal(child).utf8)
                for (range, reference) in payload?.placed ?? [] where range.upperBound <= bytes.count {
                    values.append(PhraseValue(reference: reference, text: String(decoding: bytes[range], as: UTF8.self), range: reference.range))
                }
            } else if AttributeExtension.isAttributeNode(child), let payload {
                values.append(PhraseValue(node: child, range: (payload.offset - 2)..<payload.end))
            } else if cmark_node_get_type(child) == CMARK_NODE_IMAGE {
                values.append(PhraseValue(node: child))
            } else {
                collectValues(in: child, into: &values)
            }
        }
    }

    /// The keys Apple would look a phrase up by: its bracketed text as written with each value
    /// as its interpolation's specifier (`I am %@`, `%lld files`), then, when that differs, with
    /// `%@` for every value.
    private func derivedKeys(_ payload: AttributePayload, values: [PhraseValue]) -> [String] {
        guard let source = payload.source else { return [] }
        let bytes = Array(source.utf8)
        var typed: [UInt8] = []
        var objects: [UInt8] = []
        var position = 0
        for value in values {
            guard let range = value.range.map({ (Int($0.lowerBound) - Int(payload.offset))..<(Int($0.upperBound) - Int(payload.offset)) })
                    ?? Self.imageRange(in: bytes, from: position),
                  range.lowerBound >= position, range.upperBound <= bytes.count else { return [source] }
            typed += bytes[position..<range.lowerBound] + Array(value.keySpecifier.utf8)
            objects += bytes[position..<range.lowerBound] + Array("%@".utf8)
            position = range.upperBound
        }
        typed += bytes[position...]
        objects += bytes[position...]
        let keys = [String(decoding: typed, as: UTF8.self), String(decoding: objects, as: UTF8.self)]
        return keys[0] == keys[1] ? [keys[0]] : keys
    }

    /// Where the next image, `![alt](path)`, is written in `bytes` from `start`.
    private static func imageRange(in bytes: [UInt8], from start: Int) -> Range<Int>? {
        var index = start
        while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "!") && bytes[index + 1] == UInt8(ascii: "[")) {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index + 1 < bytes.count else { return nil }
        var depth = 0
        var cursor = index + 1
        // The alt text's brackets, then the destination's parentheses, each balanced.
        for (open, close) in [(UInt8(ascii: "["), UInt8(ascii: "]")), (UInt8(ascii: "("), UInt8(ascii: ")"))] {
            guard cursor < bytes.count, bytes[cursor] == open else { return nil }
            repeat {
                if bytes[cursor] == UInt8(ascii: "\\") { cursor += 1 }
                else if bytes[cursor] == open { depth += 1 }
                else if bytes[cursor] == close { depth -= 1 }
                cursor += 1
            } while depth > 0 && cursor < bytes.count
            guard depth == 0 else { return nil }
        }
        return index..<cursor
    }

    /// `entry` with the phrase's values (their text, for specifiers and plurals) put in; nil,
    /// with a warning at the entry's place in its table, when it cannot be.
    private mutating func fill(_ entry: StringTable.Entry, key: String, with plain: [String], at location: SourceLocation) -> FilledTranslation? {
        let locale = spanLocale ?? session.locale
        switch plain.isEmpty ? entry.text(for: nil, locale: locale).map({ FilledTranslation(text: $0, fills: []) })
            : entry.filled(with: plain, locale: locale) {
        case let .success(result):
            return result
        case let .failure(problem):
            log.warnings.append(Warning(code: .invalidTranslation, file: entry.origin?.file ?? log.file, location: entry.origin?.location ?? location,
                                        message: "the translation of \(Excerpt.quoted(key)) for locale \(Excerpt.quoted(locale)): \(problem.message); the source text is shown"))
            return nil
        }
    }

    /// The `filled` translation read as Markdown in the format of where the phrase is, with the
    /// runs of its `values` in place; nil, with a warning, when it cannot be.
    private mutating func translated(_ filled: FilledTranslation, entry: StringTable.Entry, key: String, values: [InlineRuns],
                                     intent: InlineIntent, link: String?, at location: SourceLocation) -> InlineRuns? {
        guard !translating.contains(key), translating.count < Self.deepestTranslation else {
            log.warnings.append(Warning(code: .invalidTranslation, file: entry.origin?.file ?? log.file, location: entry.origin?.location ?? location,
                                        message: "the translation of \(Excerpt.quoted(key)) holds phrases translated \(Self.deepestTranslation) deep or itself; the source text is shown"))
            return nil
        }
        guard session.mayExpand, session.spendExpansion(filled.text.utf8.count, at: location) else { return nil }
        translating.append(key)
        defer { translating.removeLast() }
        let runs = markdown(filled.text, origin: entry.origin, at: location, intent: intent, link: link)
        return Self.placing(filled.fills, values: values, in: runs)
    }

    /// Starts a translation read as Markdown, so that it is one paragraph's text however it
    /// starts (`# 1`, `- a`, four spaces are text there); taken out again after.
    private static let phraseStart = "\u{E006}"

    /// `text` read as the inline Markdown of one paragraph (its line breaks as line breaks),
    /// in the note's context: its variables, attributes, links to its anchors. Warnings about
    /// it are moved to where it is written in its table (`origin`).
    private mutating func markdown(_ text: String, origin: StringTable.Origin?, at location: SourceLocation,
                                   intent: InlineIntent, link: String?) -> InlineRuns {
        let marked = Self.phraseStart + text.replacingOccurrences(of: "\r\n", with: "\u{2028}").replacingOccurrences(of: "\n", with: "\u{2028}")
        let counts = (session.variableWarnings.count, log.warnings.count, session.unclosedBodies.count)
        // Its lines are the text's, not the note's piece's.
        let lineOffset = session.lineOffset
        session.lineOffset = 0
        defer { session.lineOffset = lineOffset }
        guard let root = MarkdownParser.parseTree(marked, session: session, math: false) else { return InlineRuns() }
        defer { cmark_node_free(root) }
        var runs = InlineRuns()
        for block in CmarkNode.children(of: root) {
            for child in CmarkNode.children(of: block) {
                runs.append(inlines(for: child, intent: intent, link: link))
            }
        }
        let unclosed = session.unclosedBodies[counts.2...].map {
            Warning(code: .unclosedMarkup, file: log.file, location: $0, message: "the body of this '^[…](' never closes, so it is shown as written (is a quote or a parenthesis left open?)")
        }
        session.unclosedBodies.removeSubrange(counts.2...)
        let found = Array(session.variableWarnings[counts.0...]) + Array(log.warnings[counts.1...]) + unclosed
        session.variableWarnings.removeSubrange(counts.0...)
        log.warnings.removeSubrange(counts.1...)
        log.warnings += found.map { Self.relocated($0, to: origin, phrase: location, file: log.file) }
        return Self.withoutPhraseStart(runs)
    }

    /// A warning about a translation's text (located in that text) at the place in its table
    /// the text is written; at the phrase's place in the note when the table does not tell.
    private static func relocated(_ warning: Warning, to origin: StringTable.Origin?, phrase: SourceLocation, file: String) -> Warning {
        var moved = warning
        guard warning.file == file else { return warning }
        guard let origin else {
            moved.location = phrase
            return moved
        }
        moved.file = origin.file
        guard let start = origin.location, let at = warning.location else {
            moved.location = origin.location
            return moved
        }
        let shift = phraseStart.utf8.count
        moved.location = at.line == 1 ? SourceLocation(line: start.line, column: start.column + max(at.column - 1 - shift, 0))
            : SourceLocation(line: start.line + at.line - 1, column: at.column)
        return moved
    }

    private static func withoutPhraseStart(_ runs: InlineRuns) -> InlineRuns {
        var result = InlineRuns()
        for var piece in runs.pieces {
            if piece.text.unicodeScalars.contains("\u{E006}") { piece.text = piece.text.replacingOccurrences(of: phraseStart, with: "") }
            result.append(piece)
        }
        return result
    }

    /// `runs` with each fill's marker replaced by its value: the value's own runs for `%@`,
    /// else its formatted text in the value's format, either in the format of where the marker is.
    private static func placing(_ fills: [FilledTranslation.Fill], values: [InlineRuns], in runs: InlineRuns) -> InlineRuns {
        guard !fills.isEmpty else { return runs }
        var result = InlineRuns()
        for piece in runs.pieces {
            guard piece.text.unicodeScalars.contains(FilledTranslation.markerStart) else {
                result.append(piece)
                continue
            }
            var text = String.UnicodeScalarView()
            var scalars = piece.text.unicodeScalars[...]
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                guard scalar == FilledTranslation.markerStart, let end = scalars.firstIndex(of: FilledTranslation.markerEnd),
                      let k = Int(String(String.UnicodeScalarView(scalars[..<end]))), k < fills.count else {
                    text.append(scalar)
                    continue
                }
                scalars = scalars[scalars.index(after: end)...]
                var host = piece
                host.text = String(text)
                result.append(host)
                text = String.UnicodeScalarView()
                for var part in filledRuns(fills[k], values: values).pieces {
                    part.intent = part.intent.union(piece.intent)
                    part.link = part.link ?? piece.link
                    if let attributes = piece.attributes { part.attributes = part.attributes?.merged(over: attributes) ?? attributes }
                    result.append(part)
                }
            }
            var rest = piece
            rest.text = String(text)
            result.append(rest)
        }
        return result
    }

    /// What a fill shows: the value's runs for `%@`, else its formatted text in the format of
    /// the value's first piece.
    private static func filledRuns(_ fill: FilledTranslation.Fill, values: [InlineRuns]) -> InlineRuns {
        let runs = fill.argument < values.count ? values[fill.argument] : InlineRuns()
        guard !fill.isObject || runs.pieces.isEmpty else { return runs }
        var piece = runs.pieces.first ?? InlineRuns.Piece(text: "")
        piece.text = fill.text
        piece.image = nil
        return InlineRuns(piece)
    }

    /// `identifier` as the locale of a span, or nil with a warning when it names no language
    /// this machine knows.
    mutating func knownLocale(_ identifier: String, at location: SourceLocation) -> String? {
        if let tag = LanguageTag(parsing: identifier), let language = tag.description.split(separator: "-").first?.lowercased(),
           LanguageTag.isEnglish(tag.description) || Locale.LanguageCode.isoLanguageCodes.contains(where: { $0.identifier == language }) {
            return tag.description
        }
        log.warn(.invalidAttributeValue, "locale \(Excerpt.quoted(identifier)) is not a locale (use one such as 'de', 'fr_CA' or 'ja'); the span keeps the note's", at: location)
        return nil
    }
}
