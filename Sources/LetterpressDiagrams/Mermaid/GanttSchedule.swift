import Foundation
import LetterpressCore

/// When each task of a gantt chart starts and ends, worked out as Mermaid's `ganttDb` does: a
/// task without a start follows the one written before it; `after a b` starts at the latest end
/// of those tasks and `until a b` ends at the earliest start, wherever they are written; an end
/// is a date in `dateFormat` or a duration (`500ms`, `30s`, `10m`, `4h`, `3d`, `2w`, `1M`,
/// `1y`), and a duration skips the days `excludes` names, ending later by as many.
///
/// Tasks are visited depth first with a stack of their own, each once (a task waits on the ones
/// it names), so the work is linear in the tasks and their references; skipping excluded days
/// walks each day a duration covers, within `maximumDaySteps` in all, and never reads the clock
/// (Mermaid falls back to today for a missing task: here it is an error).
struct GanttSchedule {
    /// Days walked to skip excluded ones, over all tasks: years of days for hundreds of tasks.
    static let maximumDaySteps = 1_000_000
    static let latest = CivilTime(year: 9999, month: 12, day: 31)!
    static let earliest = CivilTime(year: 1, month: 1, day: 1)!
    /// Dates Mermaid reads when `dateFormat` does not fit them: JavaScript's `Date` reads ISO
    /// 8601, and days and months without their zeros.
    static let fallbackFormats = ["YYYY-MM-DD", "YYYY-MM-DDTHH:mm", "YYYY-MM-DDTHH:mm:ss", "YYYY-MM-DDTHH:mm:ss.SSS",
                                  "YYYY-MM-DD HH:mm", "YYYY-MM-DD HH:mm:ss", "YYYY-M-D", "YYYY/M/D"].map(DateFormat.init)

    private let parser: GanttParser
    private var chart: GanttChart
    private var times: [(start: CivilTime, end: CivilTime, drawnEnd: CivilTime)?]
    private var daySteps = 0

    init(_ parser: GanttParser) {
        self.parser = parser
        chart = parser.chart
        times = Array(repeating: nil, count: parser.tasks.count)
    }

    func readDate(_ text: String) -> CivilTime? {
        parser.dateFormat.parse(text) ?? Self.fallbackFormats.lazy.compactMap { $0.parse(text) }.first
    }

    /// The chart with every task's times, or the first task that cannot be placed.
    mutating func resolve() -> Result<GanttChart, DiagramError> {
        if let error = readExclusions() { return .failure(error) }
        var positions: [String: Int] = [:]
        // As in Mermaid, an id given twice names the later task.
        for (index, task) in parser.tasks.enumerated() { if let id = task.id { positions[id] = index } }
        var waits: [[Int]] = []
        for (index, task) in parser.tasks.enumerated() {
            switch dependencies(of: task, at: index, positions: positions) {
            case let .success(tasks): waits.append(tasks)
            case let .failure(error): return .failure(error)
            }
        }
        // Depth first, without recursion: `next[i]` is the next of task i's dependencies to see to.
        var next = Array(repeating: 0, count: waits.count)
        var onStack = Array(repeating: false, count: waits.count)
        for root in waits.indices where times[root] == nil {
            var stack = [root]
            onStack[root] = true
            while let task = stack.last {
                if next[task] < waits[task].count {
                    let wanted = waits[task][next[task]]
                    next[task] += 1
                    if times[wanted] != nil { continue }
                    guard !onStack[wanted] else {
                        return .failure(DiagramError("\(Excerpt.quoted(parser.tasks[task].name)) and \(Excerpt.quoted(parser.tasks[wanted].name)) wait on each other",
                                                     line: parser.tasks[task].line))
                    }
                    stack.append(wanted)
                    onStack[wanted] = true
                    continue
                }
                switch place(task, positions: positions) {
                case let .success(placed): times[task] = placed
                case let .failure(error): return .failure(error)
                }
                stack.removeLast()
                onStack[task] = false
            }
        }
        chart.tasks = zip(parser.tasks, times).map { task, time in
            GanttChart.Task(name: task.name, section: task.section, start: time!.start, end: time!.end, drawnEnd: time!.drawnEnd,
                            isDone: task.isDone, isActive: task.isActive, isCritical: task.isCritical, isMilestone: task.isMilestone,
                            isMarker: task.isMarker, line: task.line)
        }
        return .success(chart)
    }

    /// The tasks task `index` needs the times of: the one before it, or those it names.
    private func dependencies(of task: GanttParser.RawTask, at index: Int, positions: [String: Int]) -> Result<[Int], DiagramError> {
        var result: [Int] = []
        var named: [String] = []
        switch task.start {
        case .previous:
            guard index > 0 else {
                return .failure(DiagramError("the first task, \(Excerpt.quoted(task.name)), needs a start: a date or 'after id'", line: task.line))
            }
            result.append(index - 1)
        case let .after(ids): named += ids
        case .date: break
        }
        if case let .until(ids) = task.end { named += ids }
        for id in named {
            guard let position = positions[id] else {
                return .failure(DiagramError("no task has the id \(Excerpt.quoted(id))", line: task.line))
            }
            guard position != index else { return .failure(DiagramError("\(Excerpt.quoted(task.name)) waits on itself", line: task.line)) }
            result.append(position)
        }
        return .success(result)
    }

    /// Task `index`'s start, end and the end of its bar, the tasks it names being placed.
    private mutating func place(_ index: Int, positions: [String: Int]) -> Result<(start: CivilTime, end: CivilTime, drawnEnd: CivilTime), DiagramError> {
        let task = parser.tasks[index]
        let start: CivilTime
        switch task.start {
        case .previous:
            start = times[index - 1]!.end
        case let .after(ids):
            start = ids.map { times[positions[$0]!]!.end }.max()!
        case let .date(text):
            guard let date = readDate(text) else {
                return .failure(DiagramError("expected a start date in the format '\(Excerpt.cleaned(parser.dateFormat.text, maximumLength: 40))' or 'after id', found \(Excerpt.quoted(text))",
                                             line: task.line))
            }
            start = date
        }
        var end: CivilTime
        var drawnEnd: CivilTime?
        switch task.end {
        case let .until(ids):
            end = ids.map { times[positions[$0]!]!.start }.min()!
        case let .dateOrDuration(text):
            if let date = readDate(text) {
                end = parser.inclusiveEndDates ? date.adding(milliseconds: CivilTime.millisecondsPerDay) : date
            } else if let duration = Self.duration(text) {
                guard let after = Self.adding(duration, to: start) else {
                    return .failure(DiagramError("\(Excerpt.quoted(task.name)) would end past the year 9999", line: task.line))
                }
                end = after
                if !chart.exclusions.isEmpty {
                    guard let skipped = skippingExclusions(from: start, to: end) else {
                        return .failure(DiagramError("skipping excluded days takes more than \(Self.maximumDaySteps) days of work over all tasks",
                                                     line: task.line))
                    }
                    end = skipped.end
                    drawnEnd = skipped.drawnEnd
                }
            } else {
                // Mermaid's documented reading: a task whose end is neither lasts no time.
                chart.notices.append("\(Excerpt.quoted(text)) (the diagram's line \(task.line)) is neither a date in the format '\(Excerpt.cleaned(parser.dateFormat.text, maximumLength: 40))' nor a duration such as 3d, 2w or 12h: \(Excerpt.quoted(task.name)) ends where it starts, as in Mermaid")
                end = start
            }
        }
        guard end >= start else { return .failure(DiagramError("\(Excerpt.quoted(task.name)) ends before it starts", line: task.line)) }
        guard end <= Self.latest, start >= Self.earliest else {
            return .failure(DiagramError("\(Excerpt.quoted(task.name)) is outside the years 1 to 9999", line: task.line))
        }
        return .success((start, end, drawnEnd ?? end))
    }

    /// A duration as dayjs adds it: a number (with a fraction) and a unit; days and weeks are
    /// rounded to whole days, months and years cut to whole ones.
    enum Duration: Equatable {
        case milliseconds(Int64)
        case months(Int)
    }

    static func duration(_ text: String) -> Duration? {
        let number = text.prefix { $0.isASCIIDigit || $0 == "." }
        let unit = text.dropFirst(number.count)
        guard !number.isEmpty, number.first != ".", number.last != ".", number.filter({ $0 == "." }).count <= 1,
              number.count <= 15, let value = Double(number) else { return nil }
        let milliseconds: Double
        switch unit {
        case "ms": milliseconds = value
        case "s": milliseconds = value * 1000
        case "m": milliseconds = value * 60_000
        case "h": milliseconds = value * 3_600_000
        case "d": milliseconds = (value + 0.5).rounded(.down) * 86_400_000
        case "w": milliseconds = (value * 7 + 0.5).rounded(.down) * 86_400_000
        case "M": return value < 200_000 ? .months(Int(value)) : nil
        case "y": return value < 20_000 ? .months(Int(value) * 12) : nil
        default: return nil
        }
        return milliseconds < 1e15 ? .milliseconds(Int64(milliseconds.rounded())) : nil
    }

    static func adding(_ duration: Duration, to time: CivilTime) -> CivilTime? {
        switch duration {
        case let .milliseconds(count): return time.adding(milliseconds: count)
        case let .months(count): return time.adding(months: count)
        }
    }

    /// The end of a duration from `start` to `end` once the excluded days in it are skipped, and
    /// where its bar ends, as Mermaid's `fixTaskDates` walks them: each day from the one after
    /// the start to the end that is excluded moves the end a day later; the bar stops before
    /// excluded days at the end. Nil past `maximumDaySteps`.
    private mutating func skippingExclusions(from start: CivilTime, to end: CivilTime) -> (end: CivilTime, drawnEnd: CivilTime)? {
        var day = start.adding(milliseconds: CivilTime.millisecondsPerDay)
        var end = end
        var drawnEnd = end
        var excluded = false
        while day <= end {
            daySteps += 1
            guard daySteps <= Self.maximumDaySteps else { return nil }
            if !excluded { drawnEnd = end }
            excluded = chart.exclusions.excludes(day)
            if excluded { end = end.adding(milliseconds: CivilTime.millisecondsPerDay) }
            day = day.adding(milliseconds: CivilTime.millisecondsPerDay)
        }
        return (end, drawnEnd)
    }

    /// `excludes` and `includes`: `weekends`, days of the week, dates. A word that is none of
    /// these is ignored with a notice, as Mermaid ignores it.
    private mutating func readExclusions() -> DiagramError? {
        for (word, line) in parser.excludes {
            if word == "weekends" {
                chart.exclusions.weekdays.formUnion(parser.weekendStartsFriday ? [5, 6] : [6, 0])
            } else if let weekday = AxisFormat.weekdayNames.firstIndex(where: { $0.lowercased() == word }) {
                chart.exclusions.weekdays.insert(weekday)
            } else if let date = readDate(word) {
                chart.exclusions.days.insert(date.day)
            } else {
                chart.notices.append("excludes \(Excerpt.quoted(word)) (the diagram's line \(line)) is neither a date, a day of the week nor 'weekends': ignored")
            }
            if chart.exclusions.weekdays.count == 7 {
                return DiagramError("excludes every day of the week, so no task could end", line: line)
            }
        }
        for (word, line) in parser.includes {
            if let date = readDate(word) {
                chart.exclusions.includedDays.insert(date.day)
            } else {
                chart.notices.append("includes \(Excerpt.quoted(word)) (the diagram's line \(line)) is not a date: ignored")
            }
        }
        return nil
    }
}
