import ArgumentParser

/// `render --help`: the conversion's options first, since `render` alone converts, then the
/// other commands (ArgumentParser's own shows only the commands).
enum RootHelp {
    /// Whether `arguments` ask for the help of `render` itself.
    static func isRequested(by arguments: [String]) -> Bool {
        arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"]
    }

    static var message: String {
        let conversion = RenderCommand.helpMessage(for: Convert.self)
            .replacingOccurrences(of: "USAGE: render convert ", with: "USAGE: render ")
        let root = RenderCommand.helpMessage()
        guard let overview = conversion.range(of: "\n\n"),
              let commands = root.range(of: "SUBCOMMANDS:") else { return conversion + "\n" + root }
        return "OVERVIEW: \(RenderCommand.configuration.abstract)" + conversion[overview.lowerBound...] + "\n\n" + root[commands.lowerBound...]
            + "\n  Completion: render --generate-completion-script bash|zsh|fish (make install installs them); manual: man render."
    }
}
