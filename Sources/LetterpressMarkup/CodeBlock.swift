import Foundation
import LetterpressCore

/// A code block: its text as written, and the fence's info string, whose first word names the
/// language: `swift` in a fence opened with three backticks and `swift {linenos}`.
public struct CodeBlock: Sendable, Equatable {
    /// The info string as written after the fence, trimmed; nil when there is none.
    public var info: String?
    /// The code, line by line as written, without the fences.
    public var text: String
    /// Where the language is written, for warnings about it; nil for HTML's `<pre>` and archives.
    public var location: SourceLocation?

    /// A block of `text` after a fence with the info string `info` (trimmed; empty is none),
    /// whose language is written at `location`.
    /// - Parameters:
    ///   - info: What follows the opening fence: the language, then options such as
    ///     `{linenos}` or `{hl_lines="3-5"}`; nil or empty for none.
    ///   - text: The code.
    ///   - location: Where the language is written, for warnings about it.
    public init(info: String?, text: String, location: SourceLocation? = nil) {
        let trimmed = info?.trimmingCharacters(in: .whitespaces)
        self.info = trimmed?.isEmpty == false ? trimmed : nil
        self.text = text
        self.location = location
    }

    /// Blocks are equal by what they hold, wherever they are written: archives written before
    /// code kept its place read as the same document.
    /// - Parameters:
    ///   - a: One block.
    ///   - b: The other.
    public static func == (a: CodeBlock, b: CodeBlock) -> Bool {
        a.info == b.info && a.text == b.text
    }

    /// The language: the info string's first word.
    public var language: String? {
        info?.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    }

    /// The title the info string gives after the language, as MkDocs and pandoc write it:
    /// `title="Deploy flow"` (or in single quotes, or `caption=`); nil for none.
    public var title: String? {
        guard let info, let match = info.firstMatch(of: #/\s(?:title|caption)=(?:"([^"]*)"|'([^']*)')/#) else { return nil }
        let title = String(match.1 ?? match.2 ?? "").trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }
}
