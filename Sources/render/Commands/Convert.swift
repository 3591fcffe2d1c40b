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
            otherwise. With several inputs or a folder, -o names an output folder.
            Exit status: 0 all rendered, 1 some input failed, 2 usage error.
            """)

    @Argument(help: "Markdown files, folders, or - for standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file, folder (several inputs), or - for standard output.")
    var output: String?

    @Option(help: "Theme name (see 'render themes') or path to a theme YAML file.")
    var theme: String?

    @Option(help: "Output format: pdf, png or svg.")
    var format: String?

    @Option(help: "a4, a5, letter, legal or WIDTHxHEIGHT (points, or with mm, cm, in).")
    var pageSize: String?

    @Option(help: "Page margins: one length, or 'vertical,horizontal', or 'top,right,bottom,left'.")
    var margin: String?

    @Option(parsing: .unconditional, help: "Resolution of PNG output, in dots per inch.")
    var dpi: Double = 144

    @Option(help: "The note's date (YYYY-MM-DD) when its front matter has none: the badge's and the PDF's.")
    var date: String?

    @Option(help: "The language of the badge's date, such as en, fr or zh-Hans.")
    var locale: String = "en"

    @Flag(help: "Draw no date badge.")
    var noBadge = false

    @Flag(help: "Read nothing outside each note's folder and the shipped themes: other images and theme files are refused.")
    var sandbox = false

    @Option(help: ArgumentHelp(
        "Text size, as Dynamic Type: \(TextSize.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "size"))
    var textSize: String?

    @Option(parsing: .unconditional, help: "Multiply every text size by this factor (0.5 to 4).")
    var scale: Double?

    @Option(help: ArgumentHelp("Render, then compare with this reference image (PNG; pages NAME-N.png) or PDF.", valueName: "path"))
    var golden: String?

    @Flag(help: "With --golden: write the rendering as the new reference instead of comparing.")
    var updateGolden = false

    @Option(parsing: .unconditional, help: "With --golden: share of pixels allowed to differ, as for 'render compare'.")
    var tolerance: String = "0"

    @Option(name: .customLong("jobs"), parsing: .unconditional, help: "Render this many files at once (default: the number of cores).")
    var jobCount: Int?

    @Option(name: .customLong("shard"), help: ArgumentHelp("Render only the I-th of N deterministic slices of the inputs (for CI matrices).", valueName: "I/N"))
    var shardSpec: String?

    @OptionGroup var fonts: FontOptions

    @Flag(help: "Render again whenever the input, its images or its theme change.")
    var watch = false

    @Flag(help: "Print where the time went: start-up, theme, parse, style, typeset, draw, write.")
    var timings = false

    @Flag(help: "Print no warnings, progress or summary.")
    var quiet = false

    @Flag(help: "Treat warnings as errors: the input fails and nothing is written.")
    var strict = false

    @Option(name: .customLong("var"), help: ArgumentHelp(
        "A value for {{name}} in the text, before the front matter's (repeatable).", valueName: "name=value"))
    var variables: [String] = []

    func validate() throws {
        if let format, OutputFormat(rawValue: format.lowercased()) == nil {
            throw ValidationError("unknown format '\(format)' (use pdf, png or svg)")
        }
        if let pageSize, PageSize(parsing: pageSize) == nil {
            throw ValidationError("--page-size '\(pageSize)' is not a4, a5, letter, legal or WIDTHxHEIGHT")
        }
        if let margin, Margins(parsing: margin) == nil {
            throw ValidationError("--margin '\(margin)' is not 1, 2 or 4 lengths")
        }
        guard dpi.isFinite, (9...1200).contains(dpi) else {
            throw ValidationError("--dpi must be between 9 and 1200")
        }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) may be given once") }
        if let date, PDFDate.parse(date) == nil { throw ValidationError("--date '\(date)' is not YYYY-MM-DD") }
        if !Self.isKnownLocale(locale) {
            throw ValidationError("--locale '\(locale)' names no language this machine knows (such as en, fr, de-CH or zh-Hans)")
        }
        if let textSize, TextSize(rawValue: textSize) == nil {
            throw ValidationError("unknown --text-size '\(textSize)'" + Hint.suggestion(for: textSize, among: TextSize.allCases.map(\.rawValue))
                + " (one of \(TextSize.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let scale, !(scale.isFinite && (0.5...4).contains(scale)) { throw ValidationError("--scale must be between 0.5 and 4") }
        if textSize != nil && scale != nil { throw ValidationError("give --text-size or --scale, not both") }
        if golden != nil && (inputs.count != 1 || output != nil) {
            throw ValidationError("--golden takes one input and no -o")
        }
        if watch && (inputs.count != 1 || inputs[0] == "-" || output == "-" || golden != nil) {
            throw ValidationError("--watch takes one input file and an output file")
        }
        if let jobCount, !(1...256).contains(jobCount) { throw ValidationError("--jobs must be between 1 and 256") }
        if let shardSpec, Self.parseShard(shardSpec) == nil { throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N, such as 2/4") }
        if updateGolden && golden == nil { throw ValidationError("--update-golden needs --golden PATH") }
        if Compare.fraction(tolerance) == nil { throw ValidationError("--tolerance must be a fraction from 0 to 1, or a percentage") }
        _ = try Self.variables(variables)
    }

    /// `name=value` pairs as a dictionary (a later name wins); a usage error names a bad one.
    static func variables(_ pairs: [String]) throws -> [String: String] {
        var values: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), VariableName.isValid(String(pair[..<equals])) else {
                throw ValidationError("--var '\(pair)' is not name=value (a name starts with a letter or _)")
            }
            values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return values
    }

    func run() throws {
        let startup = StartupClock.mainThreadSeconds()
        do {
            try fonts.apply()
        } catch let error as LetterpressError {
            throw ValidationError(error.description)
        }
        var options = RenderOptions()
        options.theme = theme
        options.pageSize = pageSize.flatMap(PageSize.init(parsing:))
        options.margins = margin.flatMap(Margins.init(parsing:))
        options.dpi = dpi
        options.date = date
        options.strict = strict
        options.badge = !noBadge
        options.locale = Self.normalizedLocale(locale)
        options.variables = try Self.variables(variables)
        options.sandbox = sandbox
        options.textScale = scale ?? textSize.flatMap(TextSize.init(rawValue:))?.scale ?? 1
        if let golden {
            let renderer = Renderer(options: options)
            throw ExitCode(GoldenCheck(input: inputs[0], golden: URL(fileURLWithPath: golden), update: updateGolden,
                                       tolerance: Compare.fraction(tolerance) ?? 0, quiet: quiet).run(with: renderer))
        }
        var jobs = try plan()
        if watch, let job = jobs.first {
            InterruptHandler.install(progress: nil)
            try Watcher(job: job, options: options, quiet: quiet).run()
        }
        if let shard = shardSpec.flatMap(Self.parseShard) { jobs = Self.slice(jobs, shard) }
        let progress = quiet || jobs.count < 2 ? nil : ProgressBar.forTerminal()
        InterruptHandler.install(progress: progress)
        let runner = BatchRunner(jobs: jobs, workers: jobCount ?? ProcessInfo.processInfo.activeProcessorCount,
                                 options: options, fonts: fonts, quiet: quiet, progress: progress)
        let summary = runner.run()
        if jobs.count > 1 && !quiet {
            Console.error(String(format: "rendered %d of %d files (%d failed), %d pages in %.2f s",
                                 summary.rendered, jobs.count, summary.failed, summary.pages, summary.seconds))
        }
        if timings { Console.error(Self.describe(summary.timings, startup: startup)) }
        // Exits here, the runner (and so its renderer) still held, rather than returning:
        // unwinding would free the fonts, which only delays the exit.
        withExtendedLifetime(runner) { Foundation.exit(summary.failed > 0 ? ExitCode.failure.rawValue : 0) }
    }

    /// The `--timings` table: phases summed over every input, as seconds and shares of the
    /// total. Parsing, styling and typesetting on the second thread are shown but not counted:
    /// the total is the main thread's, which waited for them only as long as `waiting` says.
    static func describe(_ timings: Timings, startup: Double) -> String {
        var phases = [("start-up", startup, false), ("theme", timings.theme, false)]
        let beside = timings.parseBeside + timings.styleBeside > 0
        // Parsing on this thread is at least reading and decoding the file.
        phases.append(("parse", timings.parse, false))
        if timings.style > 0 || !beside { phases.append(("style", timings.style, false)) }
        if beside { phases += [("parse", timings.parseBeside, true), ("style", timings.styleBeside, true)] }
        phases.append(("typeset", timings.typeset, false))
        if timings.typesetBeside > 0 { phases.append(("typeset", timings.typesetBeside, true)) }
        if beside { phases.append(("waiting", timings.waiting, false)) }
        phases += [("draw", timings.draw, false), ("write", timings.write, false)]
        let total = phases.filter { !$0.2 }.map(\.1).reduce(0, +)
        func label(_ name: String) -> String { "  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) }
        let lines = phases.map { name, seconds, onSecondThread in
            label(name) + String(format: "%8.1f ms ", seconds * 1000)
                + (onSecondThread ? "  second thread" : String(format: "%5.1f%%", total > 0 ? seconds / total * 100 : 0))
        }
        return (["timings:"] + lines + [label("total") + String(format: "%8.1f ms", total * 1000)]).joined(separator: "\n")
    }

    /// `identifier` without a POSIX encoding or modifier (`de_DE.UTF-8` → `de_DE`); the POSIX
    /// locale (`C`, `C.UTF-8`, as `$LANG` often holds) is English.
    static func normalizedLocale(_ identifier: String) -> String {
        let name = String(identifier.prefix { $0 != "." && $0 != "@" })
        return name == "C" || name == "POSIX" ? "en" : name
    }

    /// Whether `identifier` starts with an ISO 639 language code (`en`, `fr_CA`, `zh-Hans`,
    /// `de_DE.UTF-8`) or is the POSIX locale: an unknown one would quietly give the badge the
    /// root locale's month names.
    static func isKnownLocale(_ identifier: String) -> Bool {
        let name = normalizedLocale(identifier)
        // English needs no ICU: the badge writes its months itself.
        if BadgePlan.isEnglish(name) { return true }
        guard let code = Locale(identifier: name).language.languageCode?.identifier.lowercased() else { return false }
        return Locale.LanguageCode.isoLanguageCodes.contains { $0.identifier == code }
    }

    /// The `index`-th of `count` slices of `jobs`: every count-th job from the index-th, so that
    /// the slices are disjoint, cover every job, and do not depend on timing.
    static func slice(_ jobs: [Job], _ shard: (index: Int, count: Int)) -> [Job] {
        jobs.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// `I/N` with 1 ≤ I ≤ N.
    static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        return (index, count)
    }

    /// The jobs the arguments describe: one per Markdown file.
    private func plan() throws -> [Job] {
        var files: [(input: String, relative: String)] = []
        var sawFolder = false
        for input in inputs {
            var isFolder: ObjCBool = false
            if input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue {
                sawFolder = true
                files += InputFinder.markdownFiles(in: input)
            } else {
                files.append((input, input == "-" ? "stdin.md" : URL(fileURLWithPath: input).lastPathComponent))
            }
        }
        guard !files.isEmpty else {
            throw LetterpressError.unreadableInput(file: inputs.joined(separator: ", "), reason: "no Markdown files (*.md, *.markdown) found")
        }
        // `-o` names a folder for several inputs, and also when it ends in "/" or is one.
        var isFolder: ObjCBool = false
        let outputIsFolder = output.map { $0.hasSuffix("/") || (FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue) } ?? false
        let many = files.count > 1 || sawFolder || outputIsFolder
        let explicitFormat = format.flatMap { OutputFormat(rawValue: $0.lowercased()) }
        if many {
            if output == "-" { throw ValidationError("-o - writes one document; several inputs need an output folder") }
            let folder = URL(fileURLWithPath: output ?? ".", isDirectory: true)
            let format = explicitFormat ?? .pdf
            return files.map { file in
                let stem = (file.relative as NSString).deletingPathExtension
                return Job(input: file.input, output: folder.appendingPathComponent(stem + "." + format.rawValue), format: format)
            }
        }
        guard let file = files.first else { throw ValidationError("no input given") }
        switch output {
        case "-":
            let format = explicitFormat ?? .pdf
            let temporary = FileManager.default.temporaryDirectory
                .appendingPathComponent("render-\(getpid()).\(format.rawValue)")
            return [Job(input: file.input, output: temporary, format: format, toStandardOutput: true)]
        case let path?:
            var url = URL(fileURLWithPath: path)
            let named = OutputFormat(pathExtension: url.pathExtension)
            if explicitFormat == nil && named == nil && !url.pathExtension.isEmpty {
                throw ValidationError("-o \(path): '.\(url.pathExtension)' is not .pdf, .png or .svg (give --format to write one of those under this name)")
            }
            let format = explicitFormat ?? named ?? .pdf
            // A name without an extension gets the format's, so that pages come out as out-1.png.
            if url.pathExtension.isEmpty { url.appendPathExtension(format.rawValue) }
            return [Job(input: file.input, output: url, format: format)]
        case nil:
            let format = explicitFormat ?? .pdf
            if file.input == "-" {
                let temporary = FileManager.default.temporaryDirectory
                    .appendingPathComponent("render-\(getpid()).\(format.rawValue)")
                return [Job(input: "-", output: temporary, format: format, toStandardOutput: true)]
            }
            let url = URL(fileURLWithPath: file.input).deletingPathExtension().appendingPathExtension(format.rawValue)
            return [Job(input: file.input, output: url, format: format)]
        }
    }
}
