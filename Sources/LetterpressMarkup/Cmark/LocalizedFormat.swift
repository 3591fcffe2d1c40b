import Foundation
import LetterpressCore

/// The named formats of `{{name, format}}`, which write a value as the note's locale does,
/// through Foundation's formatters (ICU's data): `number` (`number: .2` for two decimals),
/// `percent`, `currency: EUR`, `date` (`date: short|medium|long|full`, or a template such as
/// `date: 'yMMMd'`), `time` (the same styles), `bytes` and `duration` (seconds; `duration:
/// abbreviated|narrow|wide`) and `range: end` (the dates from this value to the variable `end`,
/// as the locale writes an interval: `Mar 14 – 16, 2024`, `14.–16. März 2024`; a style or
/// template may follow: `range: end, long`). Only a note that uses one pays for loading ICU's
/// formatters.
enum LocalizedFormat {
    typealias Problem = VariableFormat.Problem

    static func apply(_ format: String, to value: String, locale identifier: String,
                      variables: [String: String] = [:]) -> Result<String, Problem> {
        let (name, argument) = split(format)
        let locale = Locale(identifier: identifier)
        let number = value.trimmingCharacters(in: .whitespaces)
        switch name {
        case "number", "percent", "currency":
            guard Double(number) != nil, let decimal = Decimal(string: number, locale: Locale(identifier: "en_US_POSIX")) else {
                return .failure(Problem(message: "\(Excerpt.quoted(value)) is not a number"))
            }
            let formatter = NumberFormatter()
            formatter.locale = locale
            switch name {
            case "number":
                formatter.numberStyle = .decimal
            case "percent":
                formatter.numberStyle = .percent
            default:
                guard let code = argument?.uppercased(), code.count == 3,
                      Locale.commonISOCurrencyCodes.contains(code) else {
                    return .failure(Problem(message: "currency needs an ISO 4217 code, such as 'currency: EUR' or 'currency: JPY'"))
                }
                formatter.numberStyle = .currency
                formatter.currencyCode = code
                return .success(formatter.string(from: decimal as NSDecimalNumber) ?? value)
            }
            if let argument {
                guard argument.hasPrefix("."), let places = Int(argument.dropFirst()), (0...20).contains(places) else {
                    return .failure(Problem(message: "\(name): \(Excerpt.quoted(argument)) is not a number of decimals such as .2"))
                }
                formatter.minimumFractionDigits = places
                formatter.maximumFractionDigits = places
            }
            return .success(formatter.string(from: decimal as NSDecimalNumber) ?? value)
        case "date", "time":
            guard let (date, offset) = PDFDate.zoned(number) else {
                return .failure(Problem(message: "\(Excerpt.quoted(value)) is not a date such as 2024-03-14 or 2024-03-14T09:30+01:00"))
            }
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = TimeZone(secondsFromGMT: offset)
            let style = argument ?? (name == "date" ? "medium" : "short")
            if let style = Self.styles[style] {
                formatter.dateStyle = name == "date" ? style : .none
                formatter.timeStyle = name == "time" ? style : .none
            } else if name == "date", let template = unquoted(style) {
                formatter.setLocalizedDateFormatFromTemplate(template)
            } else {
                return .failure(Problem(message: "\(name): \(Excerpt.quoted(style)) is not short, medium, long or full\(name == "date" ? " or a quoted template such as 'yMMMd'" : "")"))
            }
            return .success(formatter.string(from: date))
        case "range":
            return interval(from: number, to: argument, locale: locale, variables: variables)
        case "bytes":
            guard let count = Int64(number) ?? Double(number).flatMap({ abs($0) < 9e18 ? Int64($0.rounded()) : nil }) else {
                return .failure(Problem(message: "\(Excerpt.quoted(value)) is not a number of bytes"))
            }
            return .success(count.formatted(.byteCount(style: .file).locale(locale)))
        case "duration":
            guard let seconds = Double(number), seconds.isFinite, abs(seconds) < 1e15 else {
                return .failure(Problem(message: "\(Excerpt.quoted(value)) is not a number of seconds"))
            }
            let widths: [String: Duration.UnitsFormatStyle.UnitWidth] = ["wide": .wide, "abbreviated": .abbreviated, "narrow": .narrow]
            guard let width = widths[argument ?? "wide"] else {
                return .failure(Problem(message: "duration: \(Excerpt.quoted(argument ?? "")) is not wide, abbreviated or narrow"))
            }
            let style = Duration.UnitsFormatStyle(allowedUnits: [.days, .hours, .minutes, .seconds], width: width)
            return .success(Duration.seconds(seconds).formatted(style.locale(locale)))
        default:
            return .failure(Problem(message: "\(Excerpt.quoted(format)) is neither a printf specifier such as %.2f nor a format: number, percent, currency: EUR, date, time, range: end, bytes, duration"))
        }
    }

    /// `range: end` or `range: end, style`: the interval from `start` to the date the variable
    /// `end` holds, in the start's time zone. Times are shown when either value has one.
    private static func interval(from start: String, to argument: String?, locale: Locale,
                                 variables: [String: String]) -> Result<String, Problem> {
        let parts = (argument ?? "").split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = parts.first, !name.isEmpty else {
            return .failure(Problem(message: "range needs the variable where the range ends, such as 'range: until'"))
        }
        guard let endValue = variables[name] else {
            let hint = Hint.suggestion(for: name, among: variables.keys)
            return .failure(Problem(message: "range: no variable \(Excerpt.quoted(name)) in the front matter or \(OptionWords.variables)\(hint)"))
        }
        guard let (from, offset) = PDFDate.zoned(start) else {
            return .failure(Problem(message: "\(Excerpt.quoted(start)) is not a date such as 2024-03-14 or 2024-03-14T09:30+01:00"))
        }
        let end = endValue.trimmingCharacters(in: .whitespaces)
        guard let (to, _) = PDFDate.zoned(end) else {
            return .failure(Problem(message: "range: \(name) is \(Excerpt.quoted(endValue)), not a date such as 2024-03-16"))
        }
        guard to >= from else {
            return .failure(Problem(message: "range: \(name) (\(end)) is before the start (\(start.trimmingCharacters(in: .whitespaces)))"))
        }
        let formatter = DateIntervalFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        let style = parts.count == 2 ? parts[1] : "medium"
        if let dateStyle = DateIntervalFormatter.Style(rawValue: styles[style]?.rawValue ?? UInt.max) {
            formatter.dateStyle = dateStyle
            formatter.timeStyle = hasTime(start) || hasTime(end) ? .short : .none
        } else if let template = unquoted(style) {
            formatter.dateTemplate = template
        } else {
            return .failure(Problem(message: "range: \(Excerpt.quoted(style)) is not short, medium, long or full or a quoted template such as 'yMMMd'"))
        }
        return .success(formatter.string(from: from, to: to) ?? start)
    }

    /// Whether a date as the front matter writes it has a time of day (`2024-03-14T09:30`,
    /// `2024-03-14 12:00:00 +09:00`), not only a day.
    private static func hasTime(_ text: String) -> Bool {
        text.count > 10 && text.dropFirst(10).contains(":")
    }

    /// `digits` as C's printf wrote them (`-1234567.50`), with the locale's grouping and
    /// decimal separators (`-1.234.567,50` in German); nil when they are not such digits.
    static func grouped(digits: String, locale identifier: String) -> String? {
        guard let decimal = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        let places = digits.split(separator: ".").dropFirst().first?.count ?? 0
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = places
        formatter.maximumFractionDigits = places
        return formatter.string(from: decimal as NSDecimalNumber)
    }

    private static let styles: [String: DateFormatter.Style] = ["short": .short, "medium": .medium, "long": .long, "full": .full]

    /// `number: .2` → ("number", ".2"); `bytes` → ("bytes", nil).
    private static func split(_ format: String) -> (String, String?) {
        let parts = format.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return (parts.first ?? "", parts.count == 2 ? parts[1] : nil)
    }

    /// A template in single or double quotes, without them.
    private static func unquoted(_ text: String) -> String? {
        guard text.count >= 3, let first = text.first, first == "'" || first == "\"", text.last == first else { return nil }
        return String(text.dropFirst().dropLast())
    }
}
