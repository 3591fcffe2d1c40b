import Testing
@testable import LetterpressDiagrams

/// The calendar under gantt charts: dates read in dayjs's `dateFormat` tokens, written in d3's
/// `axisFormat` directives, and the ticks of the axis, all without a clock or a time zone.
@Suite struct GanttTimeTests {
    private func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> CivilTime {
        CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!
    }

    @Test func theCalendarRoundTripsAndKnowsItsWeekdays() {
        #expect(date(1970, 1, 1).milliseconds == 0 && date(1970, 1, 1).weekday == 4, "a Thursday")
        #expect(date(2024, 2, 29).weekday == 4 && date(2014, 1, 6).weekday == 1)
        for days in stride(from: Int64(-719_162), through: 2_932_896, by: 9_973) {
            let (year, month, day) = CivilTime.civil(fromDays: days)
            #expect(CivilTime.days(year: year, month: month, day: day) == days)
        }
        #expect(CivilTime(year: 2023, month: 2, day: 29) == nil && CivilTime(year: 10_000, month: 1, day: 1) == nil)
        #expect(date(1969, 12, 31, 23).day == -1 && date(2024, 12, 31).dayOfYear == 366)
    }

    @Test(arguments: [
        ("YYYY-MM-DD", "2014-01-06", "2014-01-06 00:00:00"), ("DD/MM/YYYY HH:mm", "06/01/2014 09:30", "2014-01-06 09:30:00"),
        ("YYYY-MM-DD HH:mm:ss", "2014-01-06 09:30:15", "2014-01-06 09:30:15"), ("HH:mm", "17:49", "1970-01-01 17:49:00"),
        ("D.M.YY", "6.1.14", "2014-01-06 00:00:00"), ("D.M.YY", "6.1.99", "1999-01-06 00:00:00"), ("YYYY", "1930", "1930-01-01 00:00:00"),
        ("MMM D, YYYY", "Jan 6 2014", nil), ("MMM D YYYY", "jan 6 2014", "2014-01-06 00:00:00"), ("MMMM Do YYYY", "March 3rd 2024", "2024-03-03 00:00:00"),
        ("h:mm A", "9:05 PM", "1970-01-01 21:05:00"), ("h:mm a", "12:05 am", "1970-01-01 00:05:00"), ("X", "71", "1970-01-01 00:01:11"),
        ("x", "86400000", "1970-01-02 00:00:00"), ("YYYY-MM-DDTHH:mmZ", "2024-01-01T10:00+02:00", "2024-01-01 08:00:00"),
        ("[Q]Q YYYY", "Q2 2024", "2024-04-01 00:00:00"), ("YYYY-DDDD", "2024-060", "2024-02-29 00:00:00"),
        ("YYYY-MM-DD", "2014-1-6", nil), ("YYYY-MM-DD", "2014-01-06x", nil), ("YYYY-MM-DD", "2014-02-30", nil), ("HH:mm", "24:00", nil),
    ] as [(String, String, String?)])
    func datesAreReadStrictly(_ format: String, _ text: String, _ expected: String?) {
        let time = DateFormat(format).parse(text)
        #expect(time.map(AxisFormat("%Y-%m-%d %H:%M:%S").string) == expected)
    }

    @Test(arguments: [
        ("%Y-%m-%d", "2024-03-05"), ("%e %b", " 5 Mar"), ("%-d %B %Y", "5 March 2024"), ("%a %A", "Tue Tuesday"), ("%H:%M:%S.%L", "14:07:09.000"),
        ("%I %p", "02 PM"), ("%j %U %W %w %u", "065 09 10 2 2"), ("%y %_m %%", "24  3 %"), ("%x %X", "03/05/2024 14:07:09"), ("%s", "1709647629"),
        ("week %Q?", "week 1709647629000?"), ("%c", "Tue Mar  5 14:07:09 2024"), ("%q", "%q"),
    ])
    func axisDatesAreWrittenAsD3WritesThem(_ format: String, _ expected: String) {
        #expect(AxisFormat(format).string(date(2024, 3, 5, 14, 7, 9)) == expected)
    }

    @Test func automaticTicksFallOnRoundMoments() throws {
        let (start, end) = (date(2014, 1, 1), date(2014, 3, 1))
        let weekly = try #require(GanttTicks.ticks(from: start, to: end, every: GanttTicks.interval(from: start, to: end, aiming: 10), weekday: 0))
        #expect(weekly.count <= 10 && weekly.allSatisfy { $0.weekday == 0 && $0.milliseconds % CivilTime.millisecondsPerDay == 0 })
        let monthly = try #require(GanttTicks.ticks(from: start, to: date(2015, 6, 1), every: GanttTicks.interval(from: start, to: date(2015, 6, 1), aiming: 4), weekday: 0))
        #expect(monthly.allSatisfy { $0.fields.day == 1 && ($0.fields.month - 1) % 3 == 0 }, "quarters")
        let hourly = try #require(GanttTicks.ticks(from: date(2024, 1, 1, 9, 10), to: date(2024, 1, 1, 17), every: .init(count: 3, unit: .hour), weekday: 0))
        #expect(hourly.map { $0.fields.hour } == [12, 15])
        let days = try #require(GanttTicks.ticks(from: date(2024, 1, 28), to: date(2024, 2, 6), every: .init(count: 2, unit: .day), weekday: 0))
        #expect(days.map { $0.fields.day } == [29, 31, 1, 3, 5], "d3 counts days within each month")
        let decades = try #require(GanttTicks.ticks(from: date(1900, 1, 1), to: date(1935, 1, 1), every: GanttTicks.interval(from: date(1900, 1, 1), to: date(1935, 1, 1), aiming: 4), weekday: 0))
        #expect(decades.map { $0.fields.year } == [1900, 1910, 1920, 1930])
        #expect(GanttTicks.ticks(from: start, to: end, every: .init(count: 1, unit: .millisecond), weekday: 0) == nil, "too many")
        let week = (date(2024, 3, 4), date(2024, 3, 11))
        #expect(GanttTicks.interval(from: week.0, to: week.1, aiming: 10) == .init(count: 12, unit: .hour), "d3's choice")
        #expect(GanttTicks.interval(from: week.0, to: week.1, aiming: 10, wholeDays: true) == .init(count: 1, unit: .day))
        #expect(!AxisFormat.standard.showsTimeOfDay && AxisFormat("%d %H:%M").showsTimeOfDay)
    }
}
