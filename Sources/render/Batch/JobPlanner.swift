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
        if files.count > 1 || sawFolder || outputIsFolder { return try folderJobs(files) }
        return [try singleJob(file.input)]
    }

    /// The inputs' Markdown files, with their paths relative to the folder they were found in,
    /// and whether a folder was among the inputs.
    private func markdownFiles() -> (files: [(input: String, relative: String)], sawFolder: Bool) {
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
        return (files, sawFolder)
    }

    /// `-o` names a folder for several inputs, and also when it ends in "/" or is one.
    private var outputIsFolder: Bool {
        var isFolder: ObjCBool = false
        return output.map { $0.hasSuffix("/") || (FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue) } ?? false
    }

    /// One job per file, its output in the `-o` folder at the file's relative path.
    private func folderJobs(_ files: [(input: String, relative: String)]) throws -> [Job] {
        if output == "-" { throw ValidationError("-o - writes one document; several inputs need an output folder") }
        let folder = URL(fileURLWithPath: output ?? ".", isDirectory: true)
        let format = format ?? .pdf
        return files.map { file in
            let stem = (file.relative as NSString).deletingPathExtension
            return Job(input: file.input, output: folder.appendingPathComponent(stem + "." + format.rawValue), format: format)
        }
    }

    private func singleJob(_ input: String) throws -> Job {
        switch output {
        case "-":
            return standardOutputJob(input)
        case let path?:
            var url = URL(fileURLWithPath: path)
            let named = OutputFormat(pathExtension: url.pathExtension)
            if format == nil && named == nil && !url.pathExtension.isEmpty {
                throw ValidationError("-o \(path): '.\(url.pathExtension)' is not .pdf, .png or .svg (give --format to write one of those under this name)")
            }
            let format = format ?? named ?? .pdf
            // A name without an extension gets the format's, so that pages come out as out-1.png.
            if url.pathExtension.isEmpty { url.appendPathExtension(format.rawValue) }
            return Job(input: input, output: url, format: format)
        case nil:
            if input == "-" { return standardOutputJob(input) }
            let format = format ?? .pdf
            return Job(input: input, output: URL(fileURLWithPath: input).deletingPathExtension().appendingPathExtension(format.rawValue), format: format)
        }
    }

    /// A job written to a temporary file, which then goes to standard output.
    private func standardOutputJob(_ input: String) -> Job {
        let format = format ?? .pdf
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(getpid()).\(format.rawValue)")
        return Job(input: input, output: temporary, format: format, toStandardOutput: true)
    }
}
