import CCmarkGFM
import Foundation
import LetterpressCore

/// What one parse's cmark extensions read and find: the attribute scanner's budget and the
/// bodies that never close, the variables' values and the warnings about them, and the string
/// tables. cmark hands
/// it to the extensions' callbacks through their private pointer, which holds it for the length
/// of the parse (under `MarkdownParser`'s lock, as the extensions are shared), so no two parses
/// share any of it.
final class ParseSession {
    let file: String
    /// Values for `{{name}}`.
    let variables: [String: String]
    /// The locale identifier (`de`, `fr_CA`) that formats them.
    let locale: String
    /// Bytes the attribute body scans may still read. A `(` that never closes is scanned to the
    /// paragraph's end, so text full of them would take quadratic time without a budget; past
    /// it, bodies are left as literal text.
    var scanBudget: Int
    var budgetExhausted = false
    /// Where each `^[text](` whose body never closes starts, for warnings: the syntax reads as
    /// written, which an unclosed quote in the body makes easy to miss.
    var unclosedBodies: [SourceLocation] = []
    /// Variables that could not be put in.
    var variableWarnings: [Warning] = []
    /// The variables' names, for "did you mean" hints.
    lazy var variableNames = NameSuggester(variables.keys)
    /// Translations for `localized` keys, and the keys already warned about for having none.
    let strings: StringTable
    var missingKeys: Set<String> = []
    /// The table of contents the front matter asks for, and the pages a layout found the
    /// anchors on (nil before the first: page numbers are then left blank).
    var contents: ContentsSetting?
    var pageNumbers: PageNumbers?
    /// The `{page:#anchor}` references read, which the text marks by index.
    var pageReferences: [PageReference] = []
    /// The note's formulas; nil when math is off (`math: false`, `--no-math`).
    var math: NoteMath?
    /// Which tools' constructs are read.
    var dialect: MarkupDialect = .automatic
    /// What the pass before cmark found of the dialect's constructs.
    var dialectSource = DialectSource()
    /// The call-outs the dialect pass made quotes of (admonitions, containers), by the line
    /// their quote starts on.
    var calloutLines: [Int: Callout] = [:]
    /// Columns the dialect pass added before the text of a line, by line.
    var columnShifts: [Int: Int] = [:]
    /// The note's lines before the piece of it cmark reads, when a long note is read piece by
    /// piece (`CmarkPieces`): cmark counts each piece's lines from 1, and every line number
    /// taken from cmark is moved by this into the note's.
    var lineOffset = 0

    /// `location` in the note as written, where the dialect pass moved its line's text: for the
    /// places blocks carry to later stages (images, code blocks), whose warnings are made there.
    func noted(_ location: SourceLocation) -> SourceLocation {
        ContainerSource.unshifted(location, shifts: columnShifts)
    }
    /// Where an Obsidian note's `![[Other note]]` finds the other note; nil when no file may be read.
    var embeds: NoteEmbeds?

    init(body: String, file: String, variables: [String: String], locale: String = "en", strings: StringTable = StringTable()) {
        self.file = file
        self.variables = variables
        self.locale = locale
        self.strings = strings
        scanBudget = 16 * body.utf8.count + 1_000_000
        expansionBudget = 4 * body.utf8.count + Self.expansionAllowance
    }

    /// Bytes that `{{…}}` values may still put in the note (its text, links, image paths,
    /// attribute bodies): each value is short, but one long value named thousands of times
    /// made a small note tens of megabytes of text. Past it, a reference stays as written,
    /// with one warning.
    private var expansionBudget: Int
    static let expansionAllowance = 1 << 20
    private var expansionWarned = false

    /// Whether values may still be put in: once past the budget, a reference is kept as
    /// written before its value is even formatted.
    var mayExpand: Bool { expansionBudget >= 0 }

    /// Takes `bytes` from what values may still put in; false, with a warning the first time,
    /// when they are past it.
    func spendExpansion(_ bytes: Int, at location: SourceLocation?) -> Bool {
        expansionBudget -= bytes
        guard expansionBudget < 0 else { return true }
        if !expansionWarned {
            expansionWarned = true
            variableWarnings.append(Warning(code: .expansionLimit, file: file, location: location,
                                            message: "variables and translations put in more text than the note's own four times over (or 1 MiB); from here on they are kept as written"))
        }
        return false
    }

    /// Hands this session to the callbacks of `extensions` until `detach`; the caller keeps it
    /// alive meanwhile.
    func attach(to extensions: [OpaquePointer]) {
        let pointer = Unmanaged.passUnretained(self).toOpaque()
        for syntax in extensions { cmark_syntax_extension_set_private(syntax, pointer, nil) }
    }

    static func detach(from extensions: [OpaquePointer]) {
        for syntax in extensions { cmark_syntax_extension_set_private(syntax, nil, nil) }
    }

    /// The session attached to the extension `syntax`, whose callback is running.
    static func of(_ syntax: OpaquePointer) -> ParseSession {
        Unmanaged<ParseSession>.fromOpaque(cmark_syntax_extension_get_private(syntax)!).takeUnretainedValue()
    }

    /// The translation of `key` for the locale, with `value` put in; nil, with a warning the
    /// first time a key is missing, when there is none (then the source text, or the value,
    /// is shown).
    func translation(_ key: String, value: String?, at location: SourceLocation) -> Result<String, VariableFormat.Problem>? {
        let shown = value == nil || StringTable.Entry.takesValue(key) ? "source text" : "value"
        switch lookup([key], locale: locale, at: location, shown: shown) {
        case let .found(entry):
            return entry.text(for: value, locale: locale)
        case .source, .missing:
            // Apple's keys are the source text: `Population %lld` in the source language is
            // its own format. A key with no specifier (`files.count`) shows the value.
            guard let value, StringTable.Entry.takesValue(key) else { return nil }
            return StringTable.Entry(format: key).text(for: value, locale: locale)
        }
    }

    /// The first of `keys` the tables have for `locale` (`.source` when the locale is a
    /// catalog's source language); `.missing`, with a warning at `location` the first time
    /// the first key is missing, saying that the `shown` (the source text, the value) is shown.
    func lookup(_ keys: [String], locale: String, at location: SourceLocation, shown: String) -> StringTable.Lookup {
        for key in keys {
            let found = strings.lookup(key, locale: locale)
            if found != .missing { return found }
        }
        if let key = keys.first, missingKeys.insert(key + "\u{0}" + locale).inserted {
            let tables = strings.isEmpty ? " (no string table is given, or it is empty: \(OptionWords.strings) or front matter strings:)" : ""
            variableWarnings.append(Warning(code: .missingTranslation, file: file, location: location,
                                            message: "no translation of \(Excerpt.quoted(key)) for locale \(Excerpt.quoted(locale))\(tables); the \(shown) is shown",
                                            kind: "missing translations"))
        }
        return .missing
    }
}
