import Foundation

/// Dates as notes and the command line write them, and as a PDF's metadata holds them.
package enum PDFDate {
    /// `YYYY-MM-DD`, optionally with a time (`T` or a space, then `HH:MM` or `HH:MM:SS`, whose
    /// seconds may have a fraction, as Jekyll writes `12:00:00.000000000`) and a zone (`Z`,
    /// `±HH:MM` or ` ±HHMM`); UTC when no zone is given. Parsed by hand: a date formatter would
    /// load ICU, several milliseconds of every start.
    package static func parse(_ text: String) -> Date? {
        zoned(text)?.date
    }

    /// The date `text` writes (as `parse` reads it) and its zone's offset from UTC in seconds
    /// (0 when none is written), so that it can be shown at the hour and day the note says.
    package static func zoned(_ text: String) -> (date: Date, offset: Int)? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")),
              let day = number(2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var hour = 0, minute = 0, second = 0, offset = 0
        var fraction = 0.0
        if index < bytes.count {
            guard skip(UInt8(ascii: "T")) || skip(UInt8(ascii: " ")), let h = number(2), skip(UInt8(ascii: ":")),
                  let m = number(2), h < 24, m < 60 else { return nil }
            (hour, minute) = (h, m)
            if skip(UInt8(ascii: ":")) {
                guard let s = number(2), s < 61 else { return nil }
                second = s
                if skip(UInt8(ascii: ".")) {
                    let start = index
                    while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - start < 9 { index += 1 }
                    guard index > start else { return nil }
                    // To the microsecond, which a `Date` holds: nanoseconds 999999999 would round to the next second.
                    let digits = String(decoding: bytes[start..<min(index, start + 6)], as: UTF8.self)
                    fraction = Double("0." + digits) ?? 0
                }
            }
            _ = skip(UInt8(ascii: " "))
            if skip(UInt8(ascii: "Z")) {
                offset = 0
            } else if index < bytes.count {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                guard skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-")), let zoneHours = number(2) else { return nil }
                _ = skip(UInt8(ascii: ":"))
                // Zones lie within ±18 hours, as Foundation's `TimeZone(secondsFromGMT:)` takes them.
                guard let zoneMinutes = number(2), zoneMinutes < 60, zoneHours * 60 + zoneMinutes <= 18 * 60 else { return nil }
                offset = sign * (zoneHours * 3600 + zoneMinutes * 60)
            }
            guard index == bytes.count else { return nil }
        }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let seconds = timegm(&parts)
        // timegm moves 30 February to 2 March: such a date is not one.
        guard parts.tm_mday == Int32(day), parts.tm_mon == Int32(month - 1) else { return nil }
        return (Date(timeIntervalSince1970: TimeInterval(seconds - offset) + fraction), offset)
    }

    /// Why `text`, which starts as a day is written (`YYYY-MM-DD`), names none ("February 2024
    /// has 29 days", "there is no month 13"); nil when its day is one or it is not so written.
    package static func impossibleDay(_ text: String) -> String? {
        let head = Array(text.utf8.prefix(10))
        guard head.count == 10, head[4] == UInt8(ascii: "-"), head[7] == UInt8(ascii: "-"),
              head.enumerated().allSatisfy({ [4, 7].contains($0.offset) || (0x30...0x39).contains($0.element) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { head[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard (1...12).contains(month) else { return "there is no month \(month)" }
        // Day 0 of the next month is the month's last.
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = 0
        _ = timegm(&parts)
        let days = Int(parts.tm_mday)
        guard !(1...days).contains(day) else { return nil }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                      "November", "December"]
        return "\(months[month - 1]) \(year) has \(days) days"
    }

    /// `date` in UTC as `YYYY-MM-DDThh:mm:ssZ`.
    static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
