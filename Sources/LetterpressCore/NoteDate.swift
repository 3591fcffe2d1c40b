import Foundation

/// A note's date as `--date` gives it: a day, or a rule that finds one when the note is
/// rendered. The rules are opt-in, because each lets something other than the note (the clock,
/// the checkout's file times) change the output.
public enum NoteDate: Sendable, Equatable {
    /// A day.
    case day(Date)
    /// A day found when the note is rendered.
    case rule(Rule)

    /// Where a date comes from when the note does not give one; also a theme's
    /// `badge: {date: …}`.
    public enum Rule: String, Sendable, Codable, CaseIterable {
        /// The note file's modification time (none for standard input).
        case modified
        /// The day the note is rendered.
        case today
    }

    /// `YYYY-MM-DD`, `modified` or `today`; nil for anything else.
    package init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let rule = Rule(rawValue: text.lowercased()) {
            self = .rule(rule)
        } else if let date = PDFDate.parse(text) {
            self = .day(date)
        } else {
            return nil
        }
    }
}
