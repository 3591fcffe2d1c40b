import Foundation

/// The date badge to draw: its text lines (month, day, year) and, when the front matter says,
/// its centre and diameter.
public struct BadgePlan: Sendable, Equatable {
    public var lines: [String]
    public var center: Point?
    public var diameter: Double?

    public init(lines: [String], center: Point? = nil, diameter: Double? = nil) {
        self.lines = lines
        self.center = center
        self.diameter = diameter
    }

    /// Whether the locale `identifier` is English (`en`, `en_GB`, `en-US`), whose badge needs no ICU.
    public static func isEnglish(_ identifier: String) -> Bool {
        identifier == "en" || identifier.hasPrefix("en_") || identifier.hasPrefix("en-")
    }

    /// Month abbreviation, day and year of `date` in `locale` (English: "MAR", "14", "2024";
    /// Chinese: "3月", "14日", "2024年").
    public static func lines(for date: Date, locale: Locale) -> [String] {
        // English without a date formatter: loading ICU would cost every render several ms.
        if isEnglish(locale.identifier) {
            var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
            return [months[Int(parts.tm_mon)], String(parts.tm_mday), String(parts.tm_year + 1900)]
        }
        return ["MMM", "d", "y"].map { template in
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter.string(from: date).uppercased(with: locale)
        }
    }
}
