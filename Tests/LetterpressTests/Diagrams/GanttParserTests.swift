import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// Mermaid's gantt chart syntax and schedule, as its documentation writes them: keywords,
/// sections, tasks with tags, ids, starts (dates, `after`, the previous task's end) and ends
/// (dates, durations, `until`), excluded days; and the mistakes it refuses at their line.
@Suite struct GanttParserTests {
    private func chart(_ body: String) throws -> GanttChart {
        try GanttParser.parse("gantt\n" + body).get()
    }

    private func error(_ source: String) -> DiagramError? {
        if case let .failure(error) = GanttParser.parse(source) { return error }
        return nil
    }

    /// `time` as `YYYY-MM-DD HH:mm` (the time left out at midnight).
    private func text(_ time: CivilTime) -> String {
        let format = time.milliseconds % CivilTime.millisecondsPerDay == 0 ? "%Y-%m-%d" : "%Y-%m-%d %H:%M"
        return AxisFormat(format).string(time)
    }

    private func spans(_ chart: GanttChart) -> [String] {
        chart.tasks.map { "\($0.name): \(text($0.start)) → \(text($0.end))" }
    }

    @Test func theDocumentationsFirstExample() throws {
        let chart = try chart("""
                title A Gantt Diagram
                dateFormat YYYY-MM-DD
                section Section
                    A task          :a1, 2014-01-01, 30d
                    Another task    :after a1, 20d
                section Another
                    Task in Another :2014-01-12, 12d
                    another task    :24d
            """)
        #expect(chart.title == "A Gantt Diagram")
        #expect(chart.sections == ["Section", "Another"])
        #expect(chart.tasks.map(\.section) == [0, 0, 1, 1])
        #expect(spans(chart) == ["A task: 2014-01-01 → 2014-01-31", "Another task: 2014-01-31 → 2014-02-20",
                                 "Task in Another: 2014-01-12 → 2014-01-24", "another task: 2014-01-24 → 2014-02-17"])
    }

    @Test func tagsComeFirstAndMayBeCombined() throws {
        let chart = try chart("""
                Completed task :done, des1, 2014-01-06,2014-01-08
                Active task :active, des2, 2014-01-09, 3d
                Critical :crit, done, 2014-01-06,24h
                Both :crit, active, 3d
                Done milestone :milestone, done, m1, 2014-01-25, 0d
                Deadline :vert, 2014-01-20, 0d
            """)
        let tags = chart.tasks.map { ($0.isDone, $0.isActive, $0.isCritical, $0.isMilestone, $0.isMarker) }
        #expect(tags.map(\.0) == [true, false, true, false, true, false])
        #expect(tags.map(\.1) == [false, true, false, true, false, false])
        #expect(tags.map(\.2) == [false, false, true, true, false, false])
        #expect(tags.map(\.3) == [false, false, false, false, true, false])
        #expect(tags.map(\.4) == [false, false, false, false, false, true])
        #expect(spans(chart)[2] == "Critical: 2014-01-06 → 2014-01-07")
        #expect(spans(chart)[3] == "Both: 2014-01-07 → 2014-01-10", "no start: the previous task's end")
    }

    @Test func aTaskAfterSeveralStartsAtTheLatestEndAndUntilEndsAtTheEarliestStart() throws {
        let chart = try chart("""
                apple :a, 2017-07-20, 1w
                banana :crit, b, 2017-07-23, 1d
                cherry :active, c, after b a, 1d
                kiwi   :d, 2017-07-20, until b c
            """)
        #expect(spans(chart) == ["apple: 2017-07-20 → 2017-07-27", "banana: 2017-07-23 → 2017-07-24",
                                 "cherry: 2017-07-27 → 2017-07-28", "kiwi: 2017-07-20 → 2017-07-23"])
    }

    @Test func aTaskMayWaitOnOneWrittenAfterIt() throws {
        let chart = try chart("Second :after first, 2d\nFirst :first, 2024-03-01, 1d")
        #expect(spans(chart) == ["Second: 2024-03-02 → 2024-03-04", "First: 2024-03-01 → 2024-03-02"])
    }

    @Test(arguments: [
        ("500ms", "2024-01-01 00:00"), ("30s", "2024-01-01 00:00"), ("90m", "2024-01-01 01:30"), ("4h", "2024-01-01 04:00"),
        ("1.5d", "2024-01-03"), ("2w", "2024-01-15"), ("1.5h", "2024-01-01 01:30"), ("1M", "2024-02-01"), ("1y", "2025-01-01"),
    ])
    func durations(_ duration: String, _ end: String) throws {
        let chart = try chart("Task : 2024-01-01, \(duration)")
        #expect(text(chart.tasks[0].end) == end)
    }

    @Test func monthsEndOnTheMonthsLastDayWhenShorter() throws {
        #expect(text(try chart("Task : 2024-01-31, 1M").tasks[0].end) == "2024-02-29")
    }

    @Test func dateFormatsReadEveryTaskEvenThoseWrittenBeforeIt() throws {
        let chart = try chart("Early : 06/01/2014 09:30, 2h\ndateFormat DD/MM/YYYY HH:mm\nLate : 07/01/2014 10:00, 07/01/2014 12:15")
        #expect(spans(chart) == ["Early: 2014-01-06 09:30 → 2014-01-06 11:30", "Late: 2014-01-07 10:00 → 2014-01-07 12:15"])
        let times = try self.chart("dateFormat HH:mm\naxisFormat %H:%M\nInitial milestone : milestone, m1, 17:49, 2m\nTask A : 10m")
        #expect(spans(times) == ["Initial milestone: 1970-01-01 17:49 → 1970-01-01 17:51", "Task A: 1970-01-01 17:51 → 1970-01-01 18:01"])
        let unix = try self.chart("dateFormat X\naxisFormat %s\nsection Issue19062\n71 : 0, 71")
        #expect(unix.tasks[0].end.milliseconds == 71_000)
        let iso = try self.chart("dateFormat YYYY-MM-DD\nTask : 2024-02-03T09:00, 1h")
        #expect(text(iso.tasks[0].start) == "2024-02-03 09:00", "JavaScript's reading of ISO dates, as Mermaid falls back to")
    }

    @Test func anEndThatIsNeitherADateNorADurationLastsNoTimeAsInMermaid() throws {
        let chart = try chart("A : 2024-01-01, 3dX\nB : 2025-10-3, 1d12h")
        #expect(chart.tasks.allSatisfy { $0.start == $0.end })
        #expect(text(chart.tasks[1].start) == "2025-10-03", "JavaScript's reading of a date without its zeros")
        #expect(chart.notices == [
            "'3dX' (the diagram's line 2) is neither a date in the format 'YYYY-MM-DD' nor a duration such as 3d, 2w or 12h: 'A' ends where it starts, as in Mermaid",
            "'1d12h' (the diagram's line 3) is neither a date in the format 'YYYY-MM-DD' nor a duration such as 3d, 2w or 12h: 'B' ends where it starts, as in Mermaid",
        ])
    }

    @Test func inclusiveEndDatesEndADayLater() throws {
        #expect(text(try chart("inclusiveEndDates\nTask : 2024-01-01, 2024-01-03").tasks[0].end) == "2024-01-04")
    }

    @Test func excludedDaysLengthenDurationsAndTheBarStopsBeforeThem() throws {
        // Monday 2014-01-06 plus five days ends on Saturday: the weekend moves the end to Monday,
        // and the bar stops on Saturday, at the weekend's start.
        let chart = try chart("excludes weekends\nWeek : 2014-01-06, 5d\nNext : 1d\nDates : 2014-01-06, 2014-01-13")
        #expect(text(chart.tasks[0].end) == "2014-01-13" && text(chart.tasks[0].drawnEnd) == "2014-01-11")
        #expect(text(chart.tasks[1].start) == "2014-01-13" && text(chart.tasks[1].end) == "2014-01-14")
        #expect(text(chart.tasks[2].end) == "2014-01-13", "an end date is kept")
        let holiday = try self.chart("excludes 2014-01-08, sunday\nincludes 2014-01-12\nTask : 2014-01-06, 3d")
        #expect(text(holiday.tasks[0].end) == "2014-01-10")
        let friday = try self.chart("excludes weekends\nweekend friday\nTask : 2024-01-04, 2d")
        #expect(text(friday.tasks[0].end) == "2024-01-08", "Friday and Saturday skipped")
    }

    @Test func axisSettings() throws {
        let chart = try chart("axisFormat %d/%m\ntickInterval 2week\nweekday monday\ntopAxis\ntodayMarker off\nTask : 2024-01-01, 1d")
        #expect(chart.axisFormat == AxisFormat("%d/%m"))
        #expect(chart.tickInterval == GanttChart.TickInterval(count: 2, unit: .week))
        #expect(chart.tickWeekday == 1 && chart.topAxis)
        #expect(chart.notices.isEmpty)
        let odd = try self.chart("tickInterval 1decade\nexcludes holidays\nTask : 2024-01-01, 1d")
        #expect(odd.tickInterval == nil && odd.notices.count == 2, "\(odd.notices)")
    }

    @Test func commentsSemicolonsAccessibilityAndClicks() throws {
        let chart = try chart("""
                title Plan # not the title
                %% a comment
                accTitle: A plan
                accDescr {
                    Not : a task
                }
                A : a, 2024-01-01, 1d; B : 1d
                click a href "https://example.com"
                Section-less : 1d %% trailing
            """)
        #expect(chart.title == "Plan")
        #expect(chart.tasks.map(\.name) == ["A", "B", "Section-less"])
        #expect(chart.sections == [""])
    }

    @Test(arguments: [
        ("gantt\n  A : 1d", 2, "the first task, 'A', needs a start: a date or 'after id'"),
        ("gantt\n  A : after nothing, 1d", 2, "no task has the id 'nothing'"),
        ("gantt\n  A : 2024-13-01, 1d", 2, "expected a start date in the format 'YYYY-MM-DD' or 'after id', found '2024-13-01'"),
        ("gantt\n  A : 2024-02-30, 1d", 2, "expected a start date in the format 'YYYY-MM-DD' or 'after id', found '2024-02-30'"),
        ("gantt\n  A : 2024-01-05, 2024-01-01", 2, "'A' ends before it starts"),
        ("gantt\n  A : a, after b, 1d\n  B : b, after a, 1d", 3, "'B' and 'A' wait on each other"),
        ("gantt\n  A : a, after a, 1d", 2, "'A' waits on itself"),
        ("gantt\n  A : x, 2024-01-01, 1d, 2d", 2, "expected '[id,] [start,] end' after the tags of 'A', found 4 items"),
        ("gantt\n  A : crit, done", 2, "expected '[id,] [start,] end' after the tags of 'A', found 0 items"),
        ("gantt\n  A : 2024-01-01,", 2, "expected '[id,] [start,] end' after the tags of 'A', found 2 items and an empty end"),
        ("gantt\n  just words", 2, "expected a task ('Name : 2024-01-08, 5d') or a keyword such as 'section', found 'just words'"),
        ("gantt\n  title Nothing", 1, "the gantt chart has no tasks: expected lines such as 'Design : 2024-01-08, 5d'"),
        ("gantt\n  excludes monday tuesday wednesday thursday friday weekends\n  A : 2024-01-01, 1d", 2, "excludes every day of the week, so no task could end"),
        ("gantt\n  A : 9999-12-30, 5d", 2, "'A' is outside the years 1 to 9999"),
        ("gantt\n  A : 9999-12-30, 2y", 2, "'A' would end past the year 9999"),
        ("gantts\n  A : 1d", 1, "expected 'gantt', found 'gantts'"),
    ])
    func mistakesAreErrorsAtTheirLine(_ source: String, _ line: Int, _ message: String) {
        #expect(error(source) == DiagramError(message, line: line))
    }

    @Test func longRunsAreReadInOnePass() throws {
        // Each would take seconds if a run were read again at every step.
        let start = ContinuousClock.now
        let tagged = try chart("A : " + String(repeating: "crit, ", count: 10_000) + "2024-01-01, 1d")
        #expect(tagged.tasks[0].isCritical)
        let format = String(repeating: "Y", count: 30_000) + String(repeating: "-", count: 30_000)
        #expect(error("gantt\ndateFormat \(format)\nA : 2024-01-01T, 1d")?.line == 3)
        #expect(DateFormat(format).tokens.count == 7_501, "7,500 years and one literal")
        let waiting = try chart("A : a, 2024-01-01, 1d\nB : after " + String(repeating: "a ", count: 20_000) + ", 1d")
        #expect(waiting.tasks[1].start == waiting.tasks[0].end)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func limitsAreErrors() {
        let many = "gantt\n  A : 2024-01-01, 1d\n" + String(repeating: "  B : 1d\n", count: GanttParser.maximumTasks)
        #expect(error(many) == DiagramError("more than \(GanttParser.maximumTasks) tasks", line: GanttParser.maximumTasks + 2))
        // Skipping excluded days walks every day a duration covers: hundreds of centuries-long
        // tasks would walk for minutes.
        let long = "gantt\n  excludes weekends\n  A : 2000-01-01, 3000d\n" + String(repeating: "  B : 3000d\n", count: 400)
        #expect(error(long)?.message == "skipping excluded days takes more than \(GanttSchedule.maximumDaySteps) days of work over all tasks")
    }
}
