/// A Mermaid gantt chart with its schedule worked out: each task's start and end as moments,
/// in source order (the order of its rows, top to bottom), grouped in the sections they were
/// written under; and what the axis shows.
package struct GanttChart: Sendable, Equatable {
    package var title: String?
    /// The sections' names in source order; tasks written before any section are in one
    /// without a name.
    package var sections: [String] = []
    package var tasks: [Task] = []
    /// The axis's labels: `axisFormat`, `%Y-%m-%d` unless the chart says otherwise.
    var axisFormat = AxisFormat.standard
    /// `tickInterval`: a tick every so many units, or nil to choose them to fit.
    var tickInterval: TickInterval?
    /// `weekday`: the day week ticks fall on, 0 for Sunday (d3's default) to 6.
    var tickWeekday = 0
    /// `topAxis`: the dates above the rows too.
    var topAxis = false
    /// The days `excludes` takes out of durations, shaded behind the rows.
    var exclusions = GanttExclusions()
    /// What the source asked that is not done (an `excludes` word that names no day), for warnings.
    package var notices: [String] = []

    package struct Task: Sendable, Equatable {
        package var name: String
        /// Index into `sections`.
        package var section: Int
        var start: CivilTime
        /// Where the task's successors start.
        var end: CivilTime
        /// Where its bar ends: before the excluded days at its end, which it does not cover.
        var drawnEnd: CivilTime
        package var isDone = false
        package var isActive = false
        package var isCritical = false
        /// Drawn as a diamond halfway between start and end.
        package var isMilestone = false
        /// `vert`: a line across the chart at its start, not a row.
        package var isMarker = false
        /// The line of the source that defines it.
        package var line: Int
    }

    /// A tick every `count` units.
    struct TickInterval: Sendable, Equatable {
        enum Unit: String, Sendable, CaseIterable { case millisecond, second, minute, hour, day, week, month }
        var count: Int
        var unit: Unit
    }
}

/// The days a gantt chart's `excludes` names (`weekends`, days of the week, dates), less those
/// its `includes` puts back.
struct GanttExclusions: Sendable, Equatable {
    /// 0 for Sunday to 6 for Saturday.
    var weekdays: Set<Int> = []
    /// Days since 1970-01-01.
    var days: Set<Int64> = []
    var includedDays: Set<Int64> = []

    var isEmpty: Bool { weekdays.isEmpty && days.isEmpty }

    /// Whether the day `time` falls in is taken out of durations.
    func excludes(_ time: CivilTime) -> Bool {
        let day = time.day
        if includedDays.contains(day) { return false }
        return weekdays.contains(time.weekday) || days.contains(day)
    }
}
