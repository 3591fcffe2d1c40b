import Foundation

extension Resources {
    /// The resources of the note at `file` (`-`: standard input, whose relative paths start
    /// from the current folder), as `options` allow them.
    package init(note file: String, options: RenderOptions = RenderOptions(),
                sourceDateEpoch: String? = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]) {
        let folder = file == "-" ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            : URL(fileURLWithPath: file).deletingLastPathComponent()
        // `--root` with `--sandbox`: the user names the folder the note may read from.
        self.init(file: file, folder: folder, sandbox: options.sandbox ? options.root ?? folder : nil, root: options.root, date: options.date,
                  sourceDateEpoch: sourceDateEpoch)
    }
}
