import ArgumentParser
import Foundation
import Letterpress

/// The jobs a command line describes: one per Markdown file, with where its output goes.
struct JobPlanner {
    var inputs: [String]
    var output: String?
    /// `--format`, which otherwise the output's extension decides.
    var format: OutputFormat?

    func jobs() throws -> [Job] {
        let (files, sawFolder) = markdownFiles()
        guard let file = files.first else {
            throw LetterpressError.unreadableInput(file: inputs.joined(separator: ", "), reason: "no Markdown files (*.md, *.markdown) found")
        }
        let several = files.count > 1 || sawFolder
        if outputIsFolder { return try folderJobs(files) }
        guard several else { return [try singleJob(file.input)] }
        guard let output else { return besideJobs(files) }
        if let named = namedFormat(output) {
            guard (format ?? named) == .pdf else { throw oneFileForSeveral(output, format: format ?? named, count: files.count) }
            return [mergedJob(files, into: output)]
        }
        return try folderJobs(files)
    }

    /// The notes into one PDF, in the order given (a folder's sorted), each note once.
    private func mergedJob(_ files: [(input: String, relative: String)], into output: String) -> Job {
        var seen = Set<String>()
        let notes = files.map(\.input).filter { $0 == "-" || seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
        return Job(input: notes.joined(separator: ", "), output: URL(fileURLWithPath: output), format: .pdf, mergedInputs: notes)
    }

    /// How a command line with no `-o` names its output: `render notes.md out.pdf`, as
    /// Typst's `compile IN OUT`, when the second of two inputs has an output's extension and
    /// is not a folder (a `.pdf` is never a note, so one left by an earlier run counts too).
    static func trailingOutput(_ inputs: [String], output: String?) -> (inputs: [String], output: String?) {
        guard output == nil, inputs.count == 2, inputs[1] != "-", OutputFormat(pathExtension: URL(fileURLWithPath: inputs[1]).pathExtension) != nil
        else { return (inputs, output) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: inputs[1], isDirectory: &isFolder), isFolder.boolValue { return (inputs, output) }
        return ([inputs[0]], inputs[1])
    }

    /// The format `-o`'s extension names, if it names one.
    private func namedFormat(_ output: String) -> OutputFormat? {
        OutputFormat(pathExtension: URL(fileURLWithPath: output).pathExtension)
    }

    /// The refusal of one PNG or SVG file for several notes, which one PDF can hold but one
    /// image cannot.
    private func oneFileForSeveral(_ output: String, format: OutputFormat, count: Int) -> ValidationError {
        ValidationError("-o \(output) names one \(format.rawValue.uppercased()) file, but there are \(count) notes: "
            + "name a .pdf to make them one PDF, give a folder (-o \((output as NSString).deletingPathExtension)/), or no -o to write each output beside its note")
    }

    /// The inputs' Markdown files, with their paths relative to the folder they were found in,
    /// and whether a folder was among the inputs.
    private func markdownFiles() -> (files: [(input: String, relative: String)], sawFolder: Bool) {
        var files: [(input: String, relative: String)] = []
        var sawFolder = false
        // `/dev/stdin` is standard input, with its output named as `-`'s is.
        for input in inputs.map({ $0 == "/dev/stdin" ? "-" : $0 }) {
            var isFolder: ObjCBool = false
            if input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue {
                sawFolder = true
                files += InputFinder.markdownFiles(in: input)
            } else {
                files.append((input, input == "-" ? "stdin.md" : URL(fileURLWithPath: input).lastPathComponent))
            }
        }
        return (files, sawFolder)
    }

    /// `-o` names a folder for several inputs, and also when it ends in "/" or is one.
    private var outputIsFolder: Bool {
        var isFolder: ObjCBool = false
        return output.map { $0.hasSuffix("/") || (FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue) } ?? false
    }

    /// One job per file, its output beside it (standard input's in the current folder, as
    /// `stdin.pdf`).
    private func besideJobs(_ files: [(input: String, relative: String)]) -> [Job] {
        let format = format ?? .pdf
        var seen = Set<String>()
        let jobs = files.compactMap { file -> Job? in
            guard file.input == "-" || seen.insert(URL(fileURLWithPath: file.input).standardizedFileURL.path).inserted else { return nil }
            let note = URL(fileURLWithPath: file.input == "-" ? file.relative : file.input)
            return Job(input: file.input, output: note.deletingPathExtension().appendingPathExtension(format.fileExtension), format: format)
        }
        return Self.refusingCollisions(jobs)
    }

    /// One job per file, its output in the `-o` folder at the file's relative path.
    private func folderJobs(_ files: [(input: String, relative: String)]) throws -> [Job] {
        if output == "-" { throw ValidationError("-o - writes one document; several inputs need an output folder") }
        let folder = URL(fileURLWithPath: output ?? ".", isDirectory: true)
        let format = format ?? .pdf
        var seen = Set<String>()
        let jobs = files.compactMap { file -> Job? in
            // A file named twice (as itself and inside a folder given too) is rendered once.
            guard file.input == "-" || seen.insert(URL(fileURLWithPath: file.input).standardizedFileURL.path).inserted else { return nil }
            let stem = (file.relative as NSString).deletingPathExtension
            return Job(input: file.input, output: folder.appendingPathComponent(stem + "." + format.fileExtension), format: format)
        }
        return Self.refusingCollisions(jobs)
    }

    /// The jobs, those whose outputs would share a file refused, naming each other: the same
    /// output (`a.md` and `a.markdown`, or `x/n.md` and `y/n.md` into one folder), a page of one
    /// (`a-1.png`) that is another's output, or an output that is an input.
    static func refusingCollisions(_ jobs: [Job]) -> [Job] {
        let outputs = jobs.map { $0.output.standardizedFileURL.path }
        let inputs = Set(jobs.filter { $0.input != "-" }.map { URL(fileURLWithPath: $0.input).standardizedFileURL.path })
        var byOutput: [String: [Int]] = [:]
        for (index, path) in outputs.enumerated() { byOutput[path, default: []].append(index) }
        var refused = jobs
        for (index, job) in jobs.enumerated() {
            let path = outputs[index]
            var others = byOutput[path, default: []].filter { $0 != index }.map { "\(jobs[$0].input) renders to the same \(job.output.relativePath)" }
            if job.format.writesFilePerPage {
                let stem = (path as NSString).deletingPathExtension
                for (other, otherPath) in outputs.enumerated() where other != index {
                    let otherStem = (otherPath as NSString).deletingPathExtension
                    if Self.isPage(otherStem, of: stem) {
                        others.append("\(jobs[other].input) renders to \(jobs[other].output.relativePath), the name of one of this one's pages")
                    } else if Self.isPage(stem, of: otherStem) {
                        others.append("its output \(job.output.relativePath) is the name of one of \(jobs[other].input)'s pages")
                    }
                }
            }
            if inputs.contains(path) { others.append("its output \(job.output.relativePath) is an input") }
            guard !others.isEmpty else { continue }
            refused[index].refusal = "not rendered: \(others.joined(separator: "; ")) (rename one)"
        }
        return refused
    }

    /// Whether `name` is how a page of the output `stem` is named: `stem-N`.
    private static func isPage(_ name: String, of stem: String) -> Bool {
        guard name.hasPrefix(stem + "-") else { return false }
        let number = name.dropFirst(stem.count + 1)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    private func singleJob(_ input: String) throws -> Job {
        switch output {
        case "-":
            return try standardOutputJob(input)
        case let path?:
            var url = URL(fileURLWithPath: path)
            let named = OutputFormat(pathExtension: url.pathExtension)
            if format == nil && named == nil && !url.pathExtension.isEmpty {
                throw ValidationError("-o \(path): '.\(url.pathExtension)' is not \(OutputFormat.list(prefix: ".")) (give --format to write one of those under this name)")
            }
            let format = format ?? named ?? .pdf
            // A name without an extension gets the format's, so that pages come out as out-1.png.
            if url.pathExtension.isEmpty { url.appendPathExtension(format.fileExtension) }
            return Job(input: input, output: url, format: format)
        case nil:
            if input == "-" { return try standardOutputJob(input) }
            let format = format ?? .pdf
            return Job(input: input, output: URL(fileURLWithPath: input).deletingPathExtension().appendingPathExtension(format.fileExtension), format: format)
        }
    }

    /// A job rendered in memory, then written to standard output.
    private func standardOutputJob(_ input: String) throws -> Job {
        let format = format ?? .pdf
        // PDF and PNG bytes would garble the terminal; SVG is text.
        if format != .svg && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("\(input == "-" ? "standard input's" : input + "'s") \(format.rawValue.uppercased()) output would go to the terminal: "
                + "give -o FILE, or send it to a file or program (render \(input) > out.\(format.fileExtension))")
        }
        return Job(input: input, output: URL(fileURLWithPath: "/dev/stdout"), format: format, toStandardOutput: true)
    }
}
