import ArgumentParser
import Foundation
import Letterpress

/// `render INPUT… [-o OUTPUT]`: the default command.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Render Markdown files to PDF, PNG or SVG (the default command).",
        discussion: """
            INPUT may be Markdown files, folders (searched for *.md and *.markdown) or - for \
            standard input. The format follows the output's extension unless --format says \
            otherwise. Without -o each output goes beside its note (standard input's to \
            standard output); 'render notes.md out.pdf' is 'render notes.md -o out.pdf'. With \
            several inputs or a folder, -o names an output folder.
            Exit status: 0 all rendered, 1 some input failed, 2 usage error.
            """)

    @Argument(help: "Markdown files, folders, or - for standard input.", completion: .file(extensions: ["md", "markdown", "txt"]))
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file, folder (several inputs), or - for standard output.", completion: .file())
    var output: String?

    @Option(help: "Theme name (see 'render themes') or path to a theme YAML file.",
            completion: .custom { _, _, _ in ThemeLoader().availableThemes() })
    var theme: String?

    @Option(help: ArgumentHelp("Output format: \(OutputFormat.list())."), completion: .list(OutputFormat.allCases.map(\.rawValue)))
    var format: Parsed<OutputFormat>?

    @Option(help: ArgumentHelp("\(PageSize.named.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT (points, or with mm, cm, in); "
                               + "-landscape after either turns the page (a4-landscape).", valueName: "size"),
            completion: .list(PageSize.names))
    var pageSize: Parsed<PageSize>?

    @Flag(help: "Turn the page, whichever size it has (this option's, the front matter's or the theme's), to landscape.")
    var landscape = false

    @Option(help: "Page margins: one length, or 'vertical,horizontal', or 'top,right,bottom,left'.")
    var margin: Parsed<Margins>?

    @Option(parsing: .unconditional, help: "Resolution of PNG output, in dots per inch.")
    var dpi: Double = 144

    @Option(help: "The note's date when its front matter has none, the badge's and the PDF's: YYYY-MM-DD, modified (the file's time) or today.")
    var date: String?

    @Option(help: "The language of the badge's date, such as en, fr or zh-Hans.", completion: .list(LocaleName.common))
    var locale = Parsed<LocaleName>(argument: "en")

    @Option(help: ArgumentHelp("The language of notes whose front matter has no lang, such as ja or pt-BR: it picks fonts and line breaks.",
                               valueName: "tag"), completion: .list(LocaleName.common))
    var lang: Parsed<LanguageTag>?

    @Flag(help: "Draw no date badge.")
    var noBadge = false

    @Flag(help: "Write untagged PDF: no structure tree for screen readers, a smaller file.")
    var untagged = false

    @Flag(help: "Read no TeX math: every $ is text, as is \\( and \\[ (as the front matter's math: false).")
    var noMath = false

    @Option(help: ArgumentHelp("The writing tool whose Markdown the notes are in, before their front matter's markup: \(MarkupDialect.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "dialect"))
    var from: Parsed<MarkupDialect>?

    @Flag(help: "Read nothing outside each note's folder and the shipped themes: other images and theme files are refused.")
    var sandbox = false

    @Option(help: ArgumentHelp("The folder root-relative image paths (/images/x.png) start from; by default the nearest folder above the note holding .git, _config.yml, mkdocs.yml, docusaurus.config.js, hugo.toml, config.toml or .obsidian. With --sandbox, notes may read from it.",
                               valueName: "dir"))
    var root: String?

    @Option(help: ArgumentHelp(
        "Text size, as Dynamic Type: \(TextSize.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "size"), completion: .list(TextSize.allCases.map(\.rawValue)))
    var textSize: Parsed<TextSize>?

    @Option(parsing: .unconditional, help: "Multiply every text size by this factor (0.5 to 4).")
    var scale: Double?

    @Option(help: ArgumentHelp("Render, then compare with this reference image (PNG; pages NAME-N.png) or PDF; with several notes or a folder, "
                               + "a folder of references named as the notes (golden/sub/note.png).", valueName: "path"),
            completion: .file(extensions: ["png", "pdf"]))
    var golden: String?

    @Flag(help: "With --golden: write the rendering as the new reference instead of comparing.")
    var updateGolden = false

    @Option(parsing: .unconditional, help: "With --golden: share of pixels allowed to differ, as for 'render compare'.")
    var tolerance = Parsed<Tolerance>(argument: "0")

    @Option(name: .customLong("jobs"), parsing: .unconditional, help: "Render this many files at once (default: the number of cores).")
    var jobCount: Int?

    @Option(name: .customLong("shard"), help: ArgumentHelp("Render only the I-th of N deterministic slices of the inputs (for CI matrices).", valueName: "I/N"))
    var shard: Parsed<Shard>?

    @OptionGroup var fonts: FontOptions

    @Flag(help: "Render again whenever the input, its images or its theme change.")
    var watch = false

    @Flag(help: "Print where the time went: start-up, theme, parse, style, typeset, draw, write.")
    var timings = false

    @Flag(help: "Print no warnings, progress or summary.")
    var quiet = false

    @Option(help: ArgumentHelp("How warnings and errors are printed: text (file:line:col: error: …), json (one object a line) "
        + "or github (GitHub Actions annotations).", valueName: "format"),
            completion: .list(DiagnosticFormat.allCases.map(\.rawValue)))
    var diagnosticFormat = DiagnosticFormat.text

    @Flag(help: "Treat warnings as errors: the input fails and nothing is written.")
    var strict = false

    @Option(name: .customLong("limit-time"), parsing: .unconditional,
            help: ArgumentHelp("Stop a document past this many seconds (0: no limit).", valueName: "seconds"))
    var limitTime: Double = DocumentBudget().seconds

    @Option(name: .customLong("limit-memory"), parsing: .unconditional,
            help: ArgumentHelp("Stop a document past this much resident memory (0: no limit).", valueName: "MB"))
    var limitMemory: Int = DocumentBudget().megabytes

    @Option(name: .customLong("var"), help: ArgumentHelp(
        "A value for {{name}} in the text, before the front matter's (repeatable).", valueName: "name=value"))
    var variables: [Parsed<VariableAssignment>] = []

    @Option(name: .customLong("strings"), help: ArgumentHelp(
        "A string table (.xcstrings, .strings or .stringsdict) for ^[text](localized: 'key') and {{n, localized: 'key'}} (repeatable).",
        valueName: "file"), completion: .file(extensions: ["xcstrings", "strings", "stringsdict"]))
    var strings: [String] = []

    func validate() throws {
        _ = try format?.value()
        _ = try pageSize?.value()
        _ = try margin?.value()
        guard dpi.isFinite, (9...1200).contains(dpi) else {
            throw ValidationError("--dpi must be between 9 and 1200")
        }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) may be given once") }
        if let date, NoteDate(parsing: date) == nil {
            if let problem = PDFDate.impossibleDay(date) { throw ValidationError("--date '\(date)' is no day (\(problem))") }
            throw ValidationError("--date '\(date)' is not YYYY-MM-DD, modified or today")
        }
        _ = try locale.value()
        _ = try lang?.value()
        _ = try textSize?.value()
        _ = try from?.value()
        if let scale, !(scale.isFinite && (0.5...4).contains(scale)) { throw ValidationError("--scale must be between 0.5 and 4") }
        if textSize != nil && scale != nil { throw ValidationError("give --text-size or --scale, not both") }
        if output == "" { throw ValidationError("-o needs a file or folder name") }
        if let theme {
            do { _ = try ThemeLoader().file(for: theme) } catch let error as LetterpressError { throw ValidationError("--theme: \(error.description)") }
        }
        let (inputs, output) = JobPlanner.trailingOutput(inputs, output: output)
        if let golden {
            guard output == nil else { throw ValidationError("--golden takes no -o: the references are the outputs compared with") }
            if GoldenBatch.namesFolder(golden, inputs: inputs) {
                guard URL(fileURLWithPath: golden).pathExtension.isEmpty || golden.hasSuffix("/") else {
                    throw ValidationError("--golden \(golden): with several notes or a folder, --golden names a folder of references (such as golden/)")
                }
                if (try? format?.value()) == .svg { throw ValidationError("--golden compares PNG or PDF references, not SVG") }
            } else if !["png", "pdf"].contains(URL(fileURLWithPath: golden).pathExtension.lowercased()) {
                throw ValidationError("--golden \(golden): a reference is a .png or .pdf file (or a folder of them, ending in /)")
            }
            if inputs.contains("-") { throw ValidationError("--golden checks notes in files, not standard input") }
        }
        if watch && (inputs.count != 1 || inputs[0] == "-" || output == "-" || golden != nil) {
            throw ValidationError("--watch takes one note or one folder of notes, and writes files (not standard output)")
        }
        if let jobCount, !(1...256).contains(jobCount) { throw ValidationError("--jobs must be between 1 and 256") }
        _ = try shard?.value()
        if updateGolden && golden == nil { throw ValidationError("--update-golden needs --golden PATH") }
        _ = try tolerance.value()
        _ = try VariableAssignment.dictionary(variables)
        guard limitTime.isFinite, (0...86_400).contains(limitTime) else { throw ValidationError("--limit-time must be 0 to 86400 seconds") }
        guard (0...1_048_576).contains(limitMemory) else { throw ValidationError("--limit-memory must be 0 to 1048576 MB") }
    }

    func run() throws {
        let startup = StartupClock.mainThreadSeconds()
        do {
            try fonts.apply()
        } catch let error as LetterpressError {
            throw ValidationError(error.description)
        }
        let options = try renderOptions()
        let (inputs, output) = JobPlanner.trailingOutput(inputs, output: output)
        if let golden {
            // Under the same limits as a rendering: a reference comes from the repository tested.
            InterruptHandler.install(progress: nil)
            let budget = DocumentBudget(seconds: limitTime, megabytes: limitMemory)
            guard GoldenBatch.namesFolder(golden, inputs: inputs) else {
                let check = GoldenCheck(input: inputs[0], golden: URL(fileURLWithPath: golden), update: updateGolden,
                                        tolerance: try tolerance.value().fraction, quiet: quiet, diagnosticFormat: diagnosticFormat)
                let report = budget.watch(inputs[0], inWorker: false) { check.run(with: Renderer(options: options)) }
                report.print()
                throw ExitCode(report.status)
            }
            let jobs = try JobPlanner(inputs: inputs, output: golden.hasSuffix("/") ? golden : golden + "/", format: try format?.value() ?? .png).jobs()
            let batch = GoldenBatch(jobs: jobs, update: updateGolden, tolerance: try tolerance.value().fraction, quiet: quiet)
            throw ExitCode(batch.run(workers: jobCount ?? ProcessInfo.processInfo.activeProcessorCount, options: options, fonts: fonts,
                                     budget: budget, diagnosticFormat: diagnosticFormat))
        }
        let planner = JobPlanner(inputs: inputs, output: output, format: try format?.value())
        var jobs = try planner.jobs()
        if watch {
            InterruptHandler.install(progress: nil)
            try Watcher(planner: planner, jobs: jobs, options: options, quiet: quiet).run()
        }
        if let shard = try shard?.value() { jobs = shard.slice(jobs) }
        runBatch(jobs, options: options, startup: startup)
    }

    private func renderOptions() throws -> RenderOptions {
        var options = RenderOptions()
        options.theme = theme
        options.pageSize = try pageSize?.value()
        // Golden references stay comparable from one machine to the next.
        options.defaultPageSize = golden == nil ? SystemPaper.size() : nil
        options.landscape = landscape
        options.margins = try margin?.value()
        options.dpi = dpi
        options.date = date.flatMap(NoteDate.init(parsing:))
        options.strict = strict
        options.badge = !noBadge
        options.tagged = !untagged
        options.math = !noMath
        options.dialect = try from?.value()
        options.locale = Locale(identifier: try locale.value().identifier)
        options.language = try lang?.value()
        options.variables = try VariableAssignment.dictionary(variables)
        options.strings = strings.map { URL(fileURLWithPath: $0) }
        options.sandbox = sandbox
        options.root = root.map { URL(fileURLWithPath: $0, isDirectory: true) }
        options.textScale = try scale ?? textSize?.value().scale ?? 1
        return options
    }

    /// Renders the jobs, prints the summary, and exits: 0 when all rendered, else 1.
    private func runBatch(_ jobs: [Job], options: RenderOptions, startup: Double) -> Never {
        let progress = quiet || jobs.count < 2 ? nil : ProgressBar.forTerminal()
        InterruptHandler.install(progress: progress)
        let runner = BatchRunner(jobs: jobs, workers: jobCount ?? ProcessInfo.processInfo.activeProcessorCount,
                                 options: options, fonts: fonts, quiet: quiet, progress: progress)
        runner.budget = DocumentBudget(seconds: limitTime, megabytes: limitMemory)
        runner.diagnosticFormat = diagnosticFormat
        let summary = runner.run()
        if jobs.count > 1 && !quiet {
            Console.error(String(format: "rendered %d of %d files (%d failed), %d pages in %.2f s",
                                 summary.rendered, jobs.count, summary.failed, summary.pages, summary.seconds))
        }
        if timings { Console.error(summary.timings.table(startup: startup)) }
        // Exits here, the runner (and so its renderer) still held, rather than returning:
        // unwinding would free the fonts, which only delays the exit.
        withExtendedLifetime(runner) { RenderCommand.exit(status: summary.failed > 0 ? ExitCode.failure.rawValue : 0) }
    }
}
