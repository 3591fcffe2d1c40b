import Foundation
import LetterpressCore

/// Mermaid's gantt chart syntax (`gantt`), as its documentation and grammar give it: keywords
/// (`title`, `dateFormat`, `axisFormat`, `tickInterval`, `excludes`, `includes`, `weekday`,
/// `weekend`, `inclusiveEndDates`, `topAxis`, `todayMarker`, `section`…) and tasks
/// (`Name : tags, id, start, end`), a statement a line or between semicolons, `#` starting a
/// comment. Each statement is read once; the dates are read after the last one, since
/// `dateFormat` applies to tasks written before it, and `GanttSchedule` then works out when
/// each task starts and ends.
package struct GanttParser {
    /// More rows than a page shows legibly.
    static let maximumTasks = 500

    /// A task as written, its dates not yet read.
    struct RawTask {
        enum Start { case previous, after([String]), date(String) }
        enum End { case until([String]), dateOrDuration(String) }

        var name: String
        var section: Int
        var line: Int
        var id: String?
        var start: Start
        var end: End
        var isDone = false, isActive = false, isCritical = false, isMilestone = false, isMarker = false
    }

    var chart = GanttChart()
    var tasks: [RawTask] = []
    var dateFormat = DateFormat.standard
    var inclusiveEndDates = false
    /// `excludes` and `includes` words, with their lines.
    var excludes: [(word: String, line: Int)] = []
    var includes: [(word: String, line: Int)] = []
    /// `weekend friday`: the weekend `excludes weekends` means is Friday and Saturday.
    var weekendStartsFriday = false
    /// Inside an `accDescr { … }` block, which draws nothing.
    private var inDescription = false

    /// The chart `source` describes, its schedule worked out, or what is wrong and on which line.
    package static func parse(_ source: String) -> Result<GanttChart, DiagramError> {
        if let error = MermaidSource.sizeError(source) { return .failure(error) }
        let (title, lines) = MermaidSource.read(source)
        guard let header = lines.first else { return .failure(DiagramError("the diagram is empty: expected 'gantt'", line: 1)) }
        let type = header.text.prefix { !$0.isWhitespace && $0 != ";" }
        guard type.lowercased() == "gantt" else {
            return .failure(DiagramError("expected 'gantt', found \(Excerpt.quoted(type))", line: header.number))
        }
        var parser = GanttParser()
        parser.chart.title = title
        let rest = [MermaidSource.Line(number: header.number, text: String(header.text.dropFirst(type.count)))] + lines.dropFirst()
        for line in rest {
            for statement in statements(of: line.text) {
                if let error = parser.read(statement, line: line.number) { return .failure(error) }
            }
        }
        guard !parser.tasks.isEmpty else {
            return .failure(DiagramError("the gantt chart has no tasks: expected lines such as 'Design : 2024-01-08, 5d'", line: header.number))
        }
        var schedule = GanttSchedule(parser)
        return schedule.resolve()
    }

    /// A line cut at its semicolons, up to a `#`, which starts a comment in Mermaid's gantt grammar.
    static func statements(of line: String) -> [String] {
        let code = line.prefix { $0 != "#" }
        return code.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Reads one statement; the error, if it is not one.
    mutating func read(_ statement: String, line: Int) -> DiagramError? {
        if inDescription {
            inDescription = !statement.contains("}")
            return nil
        }
        let keyword = statement.prefix { !$0.isWhitespace && $0 != ":" && $0 != "{" }
        let value = statement.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
        switch keyword.lowercased() {
        case "title" where value.isEmpty || statement.dropFirst(keyword.count).first?.isWhitespace == true:
            chart.title = value
        case "dateformat":
            dateFormat = DateFormat(value)
        case "axisformat":
            chart.axisFormat = AxisFormat(value)
        case "tickinterval":
            readTickInterval(value)
        case "excludes":
            excludes += words(value).map { (word: $0, line: line) }
        case "includes":
            includes += words(value).map { (word: $0, line: line) }
        case "weekday":
            if let day = AxisFormat.weekdayNames.firstIndex(where: { $0.lowercased() == value.lowercased() }) {
                chart.tickWeekday = day
            } else {
                chart.notices.append("weekday \(Excerpt.quoted(value)) is not a day of the week: ticks stay on Sundays")
            }
        case "weekend":
            weekendStartsFriday = value.lowercased() == "friday"
        case "inclusiveenddates":
            inclusiveEndDates = true
        case "topaxis":
            chart.topAxis = true
        case "workdayhours":
            chart.notices.append("workdayhours ignored: an hour of a duration is an hour of the day")
        case "todaymarker", "click", "displaymode", "acctitle":
            // A page has no today, and no clicks; accessibility text adds nothing to a picture.
            break
        case "accdescr":
            inDescription = value.hasPrefix("{") && !value.contains("}")
        case "section" where statement.dropFirst(keyword.count).first?.isWhitespace == true:
            chart.sections.append(MermaidParser.unquoted(value))
        default:
            return task(statement, line: line)
        }
        return nil
    }

    /// `excludes` and `includes` words: split at spaces and commas, in lower case as Mermaid compares them.
    private func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
    }

    /// `1day`, `2week`…; anything else leaves the ticks to fit, as in Mermaid.
    private mutating func readTickInterval(_ value: String) {
        let digits = value.prefix { $0.isASCIIDigit }
        if let count = Int(digits.prefix(6)), count > 0, digits.first != "0",
           let unit = GanttChart.TickInterval.Unit(rawValue: String(value.dropFirst(digits.count))) {
            chart.tickInterval = GanttChart.TickInterval(count: count, unit: unit)
        } else {
            chart.notices.append("tickInterval \(Excerpt.quoted(value)) is not a number and a unit such as 1day or 2week: ignored")
        }
    }

    /// `Name : [tags,] [id,] [start,] end`: the tags `done`, `active`, `crit`, `milestone` and
    /// `vert` first, then one to three items, as Mermaid's `parseData` reads them.
    private mutating func task(_ statement: String, line: Int) -> DiagramError? {
        guard let colon = statement.firstIndex(of: ":") else {
            return DiagramError("expected a task ('Name : 2024-01-08, 5d') or a keyword such as 'section', found \(Excerpt.quoted(statement))",
                                line: line)
        }
        guard tasks.count < Self.maximumTasks else { return DiagramError("more than \(Self.maximumTasks) tasks", line: line) }
        let name = statement[..<colon].trimmingCharacters(in: .whitespaces)
        var items = statement[statement.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if chart.sections.isEmpty { chart.sections.append("") }
        var task = RawTask(name: name, section: chart.sections.count - 1, line: line, start: .previous, end: .dateOrDuration(""))
        let tagCount = items.prefix { Self.tags.contains($0) }.count
        for tag in items.prefix(tagCount) {
            switch tag {
            case "done": task.isDone = true
            case "active": task.isActive = true
            case "crit": task.isCritical = true
            case "milestone": task.isMilestone = true
            default: task.isMarker = true
            }
        }
        items.removeFirst(tagCount)
        guard (1...3).contains(items.count), let last = items.last, !last.isEmpty else {
            return DiagramError("expected '[id,] [start,] end' after the tags of \(Excerpt.quoted(name)), found \(items.count) items"
                                + (items.last?.isEmpty == true ? " and an empty end" : ""), line: line)
        }
        if items.count == 3 { task.id = items[0] }
        if items.count >= 2 {
            let start = items[items.count - 2]
            task.start = start.hasPrefix("after ") ? .after(Self.ids(start.dropFirst(6))) : .date(start)
        }
        task.end = last.hasPrefix("until ") ? .until(Self.ids(last.dropFirst(6))) : .dateOrDuration(last)
        tasks.append(task)
        return nil
    }

    static let tags: Set<String> = ["done", "active", "crit", "milestone", "vert"]

    /// The ids after `after` or `until`, between spaces.
    private static func ids(_ text: Substring) -> [String] {
        text.split(separator: " ").map(String.init)
    }
}
