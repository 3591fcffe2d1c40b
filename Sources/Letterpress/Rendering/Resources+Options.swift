import Foundation

extension Resources {
    /// The resources of the note at `file` (`-`: standard input, whose relative paths start
    /// from the current folder), as `options` allow them.
    package init(note file: String, options: RenderOptions = RenderOptions(),
                sourceDateEpoch: String? = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]) {
        let folder = file == "-" ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            : URL(fileURLWithPath: file).deletingLastPathComponent()
        self.init(file: file, folder: folder, sandbox: options.sandbox ? folder : nil, date: options.date,
                  sourceDateEpoch: sourceDateEpoch)
    }
}
