import ArgumentParser
import Foundation
import Letterpress

@main
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render Markdown notes to paged PDF, PNG and SVG.",
        version: Renderer.version,
        subcommands: [Convert.self, Inspect.self, Themes.self, Compare.self, Fonts.self, Worker.self],
        defaultSubcommand: Convert.self)

    /// Runs the command; usage errors exit with status 2 as the command line promises.
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        // Answered before anything loads: ArgumentParser alone takes some 20M instructions
        // to read its command tree, twice what the rest of `--version` does.
        if Array(arguments) == ["--version"] {
            print(Renderer.version)
            RenderCommand.exit(status: 0)
        }
        if let shell = CompletionScripts.requestedShell(in: Array(arguments)) {
            print(CompletionScripts.script(for: shell))
            RenderCommand.exit(status: 0)
        }
        if RootHelp.isRequested(by: Array(arguments)) {
            print(RootHelp.message)
            RenderCommand.exit(status: 0)
        }
        // The library's messages name RenderOptions' properties; a user of the command reads flags.
        OptionWords.speakOfCommandLine()
        // fontconfig and the default theme load while the arguments are parsed: fontconfig not
        // for isolated fonts, nor for the commands that lay out no text; a worker starts the
        // load once it has read its options.
        switch arguments.first {
        case "worker", "help", "--help", "-h": break
        case "themes", "compare": StartUpWarmUp.start(fontconfig: false)
        default: StartUpWarmUp.start(fontconfig: !arguments.contains("--isolated-fonts"))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            try StandardOutput.flush()
            HighlightLibrary.quiesce()
        } catch let exit as ExitCode {
            RenderCommand.exit(status: exit.rawValue)
        } catch let error as ValidationError {
            // Thrown while running, where the parser would print the usage of `render` alone.
            FileHandle.standardError.write(Data("Error: \(error.message)\nSee 'render --help' for more information.\n".utf8))
            RenderCommand.exit(status: 2)
        } catch let error as LetterpressError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            RenderCommand.exit(status: 1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                RenderCommand.exit(withError: error)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            RenderCommand.exit(status: code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// Ends the process with `status` once no thread is inside the code-colouring library,
    /// whose static destructors `exit` runs.
    static func exit(status: Int32) -> Never {
        HighlightLibrary.quiesce()
        Foundation.exit(status)
    }
}
