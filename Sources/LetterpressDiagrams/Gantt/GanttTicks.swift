import Foundation

/// The dates a gantt chart's axis marks, on round moments as d3's time ticks fall (whole hours,
/// the first of a month, Sundays or the chart's `weekday`): the interval the chart names, or
/// else the one of d3's closest to a tenth of the chart's span, as Mermaid's axis chooses.
enum GanttTicks {
    /// The most ticks drawn: a page's axis shows a few dozen legibly.
    static let maximumCount = 400

    /// d3's intervals, shortest first, then years by 1, 2 and 5 times powers of ten.
    static let automatic: [GanttChart.TickInterval] = {
        var intervals: [GanttChart.TickInterval] = []
        for count in [1, 2, 5, 10, 20, 50, 100, 200, 500] { intervals.append(.init(count: count, unit: .millisecond)) }
        for count in [1, 5, 15, 30] { intervals.append(.init(count: count, unit: .second)) }
        for count in [1, 5, 15, 30] { intervals.append(.init(count: count, unit: .minute)) }
        for count in [1, 3, 6, 12] { intervals.append(.init(count: count, unit: .hour)) }
        intervals += [.init(count: 1, unit: .day), .init(count: 2, unit: .day), .init(count: 1, unit: .week),
                      .init(count: 1, unit: .month), .init(count: 3, unit: .month)]
        for power in [1, 10, 100, 1000] {
            for factor in [1, 2, 5] { intervals.append(.init(count: 12 * factor * power, unit: .month)) }
        }
        return intervals
    }()

    /// The ticks from `start` to `end`, `interval` apart, or nil when there would be more than
    /// `limit` of them.
    static func ticks(from start: CivilTime, to end: CivilTime, every interval: GanttChart.TickInterval, weekday: Int,
                      limit: Int = maximumCount) -> [CivilTime]? {
        guard Double(end.milliseconds - start.milliseconds) / approximateLength(interval) <= Double(limit) + 2 else { return nil }
        var ticks: [CivilTime] = []
        var tick = first(atOrAfter: start, interval, weekday: weekday)
        while let current = tick, current <= end {
            ticks.append(current)
            guard ticks.count <= limit else { return nil }
            tick = next(after: current, interval)
        }
        return ticks
    }

    /// The automatic interval closest (by ratio) to a `count`th of the span from `start` to
    /// `end`: d3's choice for `count` ticks; a day at least when `wholeDays`.
    static func interval(from start: CivilTime, to end: CivilTime, aiming count: Int, wholeDays: Bool = false) -> GanttChart.TickInterval {
        let target = Double(end.milliseconds - start.milliseconds) / Double(max(1, count))
        func distance(_ interval: GanttChart.TickInterval) -> Double { abs(log(approximateLength(interval) / target)) }
        let candidates = wholeDays ? automatic.filter { approximateLength($0) >= approximateLength(.init(count: 1, unit: .day)) } : automatic
        return candidates.min { distance($0) < distance($1) }!
    }

    static func approximateLength(_ interval: GanttChart.TickInterval) -> Double {
        let unit: Double
        switch interval.unit {
        case .millisecond: unit = 1
        case .second: unit = 1000
        case .minute: unit = 60_000
        case .hour: unit = 3_600_000
        case .day: unit = 86_400_000
        case .week: unit = 7 * 86_400_000
        case .month: unit = 30.44 * 86_400_000
        }
        return unit * Double(interval.count)
    }

    /// The first tick at or after `time`.
    private static func first(atOrAfter time: CivilTime, _ interval: GanttChart.TickInterval, weekday: Int) -> CivilTime? {
        let count = Int64(interval.count)
        switch interval.unit {
        case .millisecond, .second, .minute, .hour:
            let step = Int64(approximateLength(interval))
            return CivilTime(milliseconds: -CivilTime.floorDivide(-time.milliseconds, step) * step)
        case .day:
            // d3 counts days within the month: every second day is the 1st, 3rd, 5th…
            var day = time.startOfDay
            if day < time { day = day.adding(milliseconds: CivilTime.millisecondsPerDay) }
            while (Int64(day.fields.day) - 1) % count != 0 { day = day.adding(milliseconds: CivilTime.millisecondsPerDay) }
            return day
        case .week:
            var day = time.startOfDay
            if day < time { day = day.adding(milliseconds: CivilTime.millisecondsPerDay) }
            let ahead = (weekday - day.weekday + 7) % 7
            return day.adding(milliseconds: Int64(ahead) * CivilTime.millisecondsPerDay)
        case .month:
            // Months counted from year 0, so that every twelfth is a January and every 120th starts a decade.
            let fields = time.fields
            var index = Int64(fields.year) * 12 + Int64(fields.month - 1)
            guard let monthStart = CivilTime(year: fields.year, month: fields.month, day: 1) else { return nil }
            if monthStart < time { index += 1 }
            index = -CivilTime.floorDivide(-index, count) * count
            return CivilTime(year: Int(index / 12), month: Int(index % 12) + 1, day: 1)
        }
    }

    private static func next(after tick: CivilTime, _ interval: GanttChart.TickInterval) -> CivilTime? {
        switch interval.unit {
        case .millisecond, .second, .minute, .hour:
            return tick.adding(milliseconds: Int64(approximateLength(interval)))
        case .day:
            let following = tick.adding(milliseconds: Int64(interval.count) * CivilTime.millisecondsPerDay)
            guard following.fields.month != tick.fields.month else { return following }
            // d3 counts days within the month: a new month starts again at its 1st.
            let fields = tick.fields
            return CivilTime(year: fields.year, month: fields.month, day: 1)?.adding(months: 1)
        case .week:
            return tick.adding(milliseconds: Int64(interval.count) * 7 * CivilTime.millisecondsPerDay)
        case .month:
            return tick.adding(months: interval.count)
        }
    }
}
