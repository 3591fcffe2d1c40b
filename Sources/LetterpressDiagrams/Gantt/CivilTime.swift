/// A moment as a gantt chart counts it: milliseconds from 1970-01-01 00:00 on a clock without
/// time zones or daylight saving (Mermaid reads dates in the browser's zone; a page has none,
/// and a day is always 24 hours), turned to and from the calendar with Howard Hinnant's
/// `days_from_civil` and `civil_from_days`, which are exact for the proleptic Gregorian calendar.
struct CivilTime: Sendable, Equatable, Hashable, Comparable {
    static let millisecondsPerDay: Int64 = 86_400_000
    /// The years a chart may name: beyond them no schedule is meant, and the arithmetic stays small.
    static let years = 1...9999

    var milliseconds: Int64

    init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The moment of that calendar date and time; nil if there is no such date (February 30th)
    /// or time, or the year is outside `years`.
    init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        guard Self.years.contains(year), (1...12).contains(month), (1...Self.daysIn(month: month, of: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second), (0...999).contains(millisecond)
        else { return nil }
        let days = Self.days(year: year, month: month, day: day)
        milliseconds = days * Self.millisecondsPerDay + Int64(((hour * 60 + minute) * 60 + second) * 1000 + millisecond)
    }

    static func < (left: CivilTime, right: CivilTime) -> Bool { left.milliseconds < right.milliseconds }

    /// Days since 1970-01-01, the day this moment falls in.
    var day: Int64 { Self.floorDivide(milliseconds, Self.millisecondsPerDay) }

    /// The start of the day this moment falls in.
    var startOfDay: CivilTime { CivilTime(milliseconds: day * Self.millisecondsPerDay) }

    /// 0 for Sunday to 6 for Saturday (1970-01-01 was a Thursday).
    var weekday: Int { Int(((day % 7) + 11) % 7) }

    /// The calendar fields of this moment.
    var fields: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        let (year, month, day) = Self.civil(fromDays: day)
        let inDay = Int(milliseconds - self.day * Self.millisecondsPerDay)
        return (year, month, day, inDay / 3_600_000, inDay / 60_000 % 60, inDay / 1000 % 60, inDay % 1000)
    }

    /// The day of the year, 1 for January 1st.
    var dayOfYear: Int {
        let year = fields.year
        return Int(day - Self.days(year: year, month: 1, day: 1)) + 1
    }

    func adding(milliseconds: Int64) -> CivilTime {
        CivilTime(milliseconds: self.milliseconds + milliseconds)
    }

    /// This moment `months` calendar months later (or earlier), on the same day of the month or
    /// the month's last, as dayjs adds months; nil outside `years`.
    func adding(months: Int) -> CivilTime? {
        let now = fields
        let index = now.year * 12 + (now.month - 1) + months
        let (year, month) = (index / 12, index % 12 + 1)
        guard Self.years.contains(year) else { return nil }
        return CivilTime(year: year, month: month, day: min(now.day, Self.daysIn(month: month, of: year)),
                         hour: now.hour, minute: now.minute, second: now.second, millisecond: now.millisecond)
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date (`days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let shifted = Int64(month <= 2 ? year - 1 : year)
        let era = floorDivide(shifted, 400)
        let yearOfEra = shifted - era * 400
        let dayOfYear = Int64((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
