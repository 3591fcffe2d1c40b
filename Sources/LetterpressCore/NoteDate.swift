import Foundation

/// A note's date as `--date` and `RenderOptions.date` give it: a day, or a rule that finds one
/// when the note is rendered. The rules are opt-in, because each lets something other than the
/// note (the clock, the checkout's file times) change the output.
public enum NoteDate: Sendable, Equatable, Codable {
    /// This day (the badge shows it in the note's locale; the PDF's date is its midnight, UTC).
    case day(Date)
    /// The day a rule finds when the note is rendered.
    case rule(Rule)

    /// Where a date comes from when the note does not give one; also a theme's
    /// `badge: {date: …}`.
    public enum Rule: String, Sendable, Codable, CaseIterable {
        /// The note file's modification time (none for standard input).
        case modified
        /// The day the note is rendered.
        case today
    }

    /// `YYYY-MM-DD`, `modified` or `today`, as `--date` takes them; nil for anything else.
    ///
    /// - Parameter text: The date as the command line gives it.
    public init?(parsing text: String) {
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
