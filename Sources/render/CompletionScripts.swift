import ArgumentParser

/// `render --generate-completion-script bash|zsh|fish`: ArgumentParser's scripts, changed so
/// that words after `render` with no command name complete as `convert`'s, the default command
/// (ArgumentParser's complete only command names there), and the first word offers files and
/// `convert`'s options beside the command names.
enum CompletionScripts {
    /// The shell `arguments` ask a script for, if they ask for one.
    static func requestedShell(in arguments: [String]) -> CompletionShell? {
        guard let first = arguments.first else { return nil }
        let option = "--generate-completion-script"
        if first == option, arguments.count == 2 { return CompletionShell(rawValue: arguments[1]) }
        if first.hasPrefix(option + "="), arguments.count == 1 { return CompletionShell(rawValue: String(first.dropFirst(option.count + 1))) }
        return nil
    }

    static func script(for shell: CompletionShell) -> String {
        let script = RenderCommand.completionScript(for: shell)
        let commands = RenderCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }
            .map { $0.configuration.commandName ?? "" } + ["help"]
        switch shell {
        case .bash:
            return replacing(in: script, """
                    *)
                        # Offer subcommand completions
                        COMPREPLY+=($(compgen -W '\(commands.joined(separator: " "))' -- "${cur}"))
                        ;;
                """, with: """
                    *)
                        # No command named: the words are convert's, and the first may be a command.
                        (( COMP_CWORD == 1 )) && [[ ${cur} != -* ]] && COMPREPLY+=($(compgen -W '\(commands.joined(separator: " "))' -- "${cur}"))
                        unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
                        _render_convert
                        ;;
                """)
        case .zsh:
            let named = replacing(in: script, """
                        _describe -V subcommand subcommands && ret=0
                        ;;
                    arg)
                        case "${words[1]}" in
                        \(commands.joined(separator: "|")))
                            "_render_${words[1]}" && ret=0
                            ;;
                        esac
                """, with: """
                        _describe -V subcommand subcommands && ret=0
                        _render_convert && ret=0
                        ;;
                    arg)
                        case "${words[1]}" in
                        \(commands.joined(separator: "|")))
                            "_render_${words[1]}" && ret=0
                            ;;
                        *)
                            # No command named: the words are convert's.
                            _render_convert && ret=0
                            ;;
                        esac
                """)
            // An option first (`render --theme …`) is convert's too, not a usage error of render's.
            return replacing(in: named, """
                    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
                    case "${state}" in
                    command)
                """, with: """
                    if [[ ${words[2]} == -* && ${words[2]} != (-h|--help|--version) ]] || { (( CURRENT > 2 )) && [[ ${words[2]} != (\(commands.joined(separator: "|"))) ]] }; then
                        _render_convert
                        return
                    fi
                    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
                    case "${state}" in
                    command)
                """)
        case .fish:
            let convert = script.components(separatedBy: "\n").first { $0.contains("__render_parse_subcommand") && $0.contains("'o/output='") }
            guard let convert else { return script }
            return replacing(in: script, """
                        case 'help'
                            __render_parse_subcommand -r 1 'version'
                        end
                """, with: """
                        case 'help'
                            __render_parse_subcommand -r 1 'version'
                        case '*'
                            # No command named: the words after the first are convert's.
                            if set -q unparsed_tokens[1]
                                set -p unparsed_tokens convert
                    \(convert)
                            end
                        end
                """)
        default:
            return script
        }
    }

    /// `script` with `original` replaced; unchanged (completing as ArgumentParser does) should
    /// another version of it word its script otherwise, which the tests catch.
    private static func replacing(in script: String, _ original: String, with replacement: String) -> String {
        script.replacingOccurrences(of: original, with: replacement)
    }
}
