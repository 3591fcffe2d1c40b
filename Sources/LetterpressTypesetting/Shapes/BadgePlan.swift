import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// The date badge to draw: its text lines (month, day, year) and, when the front matter says,
/// its centre and diameter.
package struct BadgePlan: Sendable, Equatable {
    package var lines: [String]
    package var center: Point?
    package var diameter: Double?

    package init(lines: [String], center: Point? = nil, diameter: Double? = nil) {
        self.lines = lines
        self.center = center
        self.diameter = diameter
    }

    /// Month abbreviation, day and year of `date` in `locale` (English: "MAR", "14", "2024";
    /// Chinese: "3月", "14日", "2024年"), on the day it is `offset` seconds east of UTC.
    package static func lines(for date: Date, locale: Locale, offset: Int = 0) -> [String] {
        // English without a date formatter: loading ICU would cost every render several ms.
        if LanguageTag.isEnglish(locale.identifier) {
            let (year, month, day) = englishDay(date, offset: offset)
            return [englishMonths[month].uppercased(), String(day), String(year)]
        }
        return ["MMM", "d", "y"].map { template in
            formatter(locale: locale, offset: offset, template: template).string(from: date).uppercased(with: locale)
        }
    }

    /// `date` as `locale` writes a date of medium length (`Mar 14, 2024`, `14.03.2024`,
    /// `2024/03/14`), on the day it is `offset` seconds east of UTC: `{date}` in headers and footers.
    package static func mediumDate(_ date: Date, locale: Locale, offset: Int = 0) -> String {
        if ["en", "en_US", "en-US"].contains(locale.identifier) {
            let (year, month, day) = englishDay(date, offset: offset)
            return "\(englishMonths[month]) \(day), \(year)"
        }
        let formatter = formatter(locale: locale, offset: offset, template: nil)
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Year, month (0–11) and day of `date` at `offset` seconds east of UTC.
    private static func englishDay(_ date: Date, offset: Int) -> (Int, Int, Int) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + time_t(offset)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon), Int(parts.tm_mday))
    }

    private static func formatter(locale: Locale, offset: Int, template: String?) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        if let template { formatter.setLocalizedDateFormatFromTemplate(template) }
        return formatter
    }
}
