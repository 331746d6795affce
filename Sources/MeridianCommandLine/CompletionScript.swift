import MeridianCore

/// Shell completion for a tool's commands, options and option values,
/// written from the commands' declarations: bash, zsh and fish.
///
/// Every shell completes command names after the tool, a command's options
/// after a dash, an enumeration's values after its option, and file names
/// elsewhere (arguments and free-text options are mostly paths).
struct CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    let tool: CommandLineTool
    /// Each command's name, abstract and declarations, learnt once.
    private let commands: [(name: String, abstract: String, declarations: [Declaration])]

    init(tool: CommandLineTool) {
        self.tool = tool
        commands = tool.commands.map { ($0.name, $0.abstract, CommandLineTool.declarations(of: $0)) }
    }

    func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// Names a shell function may carry (`meridian-serve` -> `meridian_serve`).
    private var function: String {
        "_" + String(tool.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    private static func optionWords(_ declaration: Declaration) -> [String] {
        ["--" + declaration.name] + (declaration.short.map { ["-\($0)"] } ?? [])
    }

    private func bash() -> String {
        let names = commands.map(\.name).joined(separator: " ")
        var text = """
            # bash completion for \(tool.name), written by `\(tool.name) --generate-completion-script bash`.
            \(function)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                COMPREPLY=()
                if [[ ${COMP_CWORD} -eq 1 ]]; then
                    mapfile -t COMPREPLY < <(compgen -W "\(names) help --help --version --generate-completion-script --generate-manual" -- "${cur}")
                    return
                fi
                case "${COMP_WORDS[1]}" in
                    help) [[ ${COMP_CWORD} -eq 2 ]] && mapfile -t COMPREPLY < <(compgen -W "\(names)" -- "${cur}") ;;
                    --generate-completion-script) mapfile -t COMPREPLY < <(compgen -W "bash zsh fish" -- "${cur}") ;;

            """
        for command in commands {
            text += "        \(command.name))\n"
            let withValues = command.declarations.filter { $0.takesValue && !$0.values.isEmpty }
            if !withValues.isEmpty {
                text += "            case \"${prev}\" in\n"
                for declaration in withValues {
                    let words = Self.optionWords(declaration).joined(separator: "|")
                    let values = declaration.values.joined(separator: " ")
                    text +=
                        "                \(words)) mapfile -t COMPREPLY < <(compgen -W \"\(values)\" -- \"${cur}\"); return ;;\n"
                }
                text += "            esac\n"
            }
            let options = command.declarations.filter { !$0.isPositional }.flatMap(Self.optionWords) + ["--help"]
            text += """
                            if [[ "${cur}" == -* ]]; then
                                mapfile -t COMPREPLY < <(compgen -W "\(options.joined(separator: " "))" -- "${cur}")
                            else
                                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
                            fi
                            ;;

                """
        }
        text += """
                esac
            }
            complete -o filenames -o bashdefault -F \(function) \(tool.name)

            """
        return text
    }

    /// Text inside a zsh `_arguments` spec's brackets, in single quotes.
    private static func zshQuoted(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "'": out += "'\\''"
            case "[", "]", ":", "\\": out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    private func zsh() -> String {
        var text = """
            #compdef \(tool.name)
            # zsh completion for \(tool.name), written by `\(tool.name) --generate-completion-script zsh`.
            \(function)() {
                local -a commands
                commands=(

            """
        for command in commands {
            text += "        '\(Self.zshQuoted(command.name)):\(Self.zshQuoted(command.abstract))'\n"
        }
        text += """
                )
                if (( CURRENT == 2 )); then
                    _describe -t commands 'command' commands
                    _arguments '--version[Show the version.]' '--help[Show help information.]'
                    return
                fi
                local command=${words[2]}
                shift words
                (( CURRENT-- ))
                case ${command} in
                    help) _describe -t commands 'command' commands ;;

            """
        for command in commands {
            text += "        \(command.name))\n            _arguments -s \\\n"
            for declaration in command.declarations {
                let help = Self.zshQuoted(declaration.help)
                switch declaration.kind {
                case .flag:
                    let names = Self.optionWords(declaration)
                    let spec =
                        names.count > 1
                        ? "'(\(names.joined(separator: " ")))'{\(names.joined(separator: ","))}" : names[0]
                    text += "                \(spec)'[\(help)]' \\\n"
                case .option(_, let repeats):
                    let names = Self.optionWords(declaration)
                    let prefix = repeats ? "*" : ""
                    let spec =
                        names.count > 1 && !repeats
                        ? "'(\(names.joined(separator: " ")))'{\(names.joined(separator: ","))}"
                        : names.count > 1 ? "'\(prefix)'{\(names.joined(separator: ","))}" : "'\(prefix)\(names[0])'"
                    let action =
                        declaration.values.isEmpty ? "_files" : "(\(declaration.values.joined(separator: " ")))"
                    text += "                \(spec)'[\(help)]:\(Self.zshQuoted(declaration.valueName)):\(action)' \\\n"
                case .argument(let required, let repeats):
                    let name = Self.zshQuoted(declaration.valueName)
                    text += "                '\(repeats ? "*" : required ? "" : ":"):\(name):_files' \\\n"
                case .passthrough:
                    text += "                '*::\(Self.zshQuoted(declaration.valueName)):_files' \\\n"
                }
            }
            text += "                '(-h --help)'{-h,--help}'[Show help information.]'\n            ;;\n"
        }
        text += """
                esac
            }
            \(function) "$@"

            """
        return text
    }

    /// Text in fish's single quotes.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }

    private func fish() -> String {
        let names = commands.map(\.name).joined(separator: " ")
        var text = """
            # fish completion for \(tool.name), written by `\(tool.name) --generate-completion-script fish`.
            complete -c \(tool.name) -f
            complete -c \(tool.name) -n '__fish_use_subcommand' -l version -d 'Show the version.'
            complete -c \(tool.name) -n '__fish_use_subcommand' -a help -d 'Show help for a command.'
            complete -c \(tool.name) -n '__fish_seen_subcommand_from help' -a '\(names)'

            """
        for command in commands {
            text +=
                "complete -c \(tool.name) -n '__fish_use_subcommand' -a \(command.name) -d \(Self.fishQuoted(command.abstract))\n"
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for declaration in command.declarations {
                var line = "complete -c \(tool.name) \(condition)"
                switch declaration.kind {
                case .argument, .passthrough:
                    text += line + " -F\n"
                    continue
                case .flag: break
                case .option:
                    line +=
                        declaration.values.isEmpty
                        ? " -r -F" : " -x -a \(Self.fishQuoted(declaration.values.joined(separator: " ")))"
                }
                if let short = declaration.short { line += " -s \(short)" }
                text += line + " -l \(declaration.name) -d \(Self.fishQuoted(declaration.help))\n"
            }
        }
        return text
    }
}
