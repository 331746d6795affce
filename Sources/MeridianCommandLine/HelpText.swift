import MeridianCore

/// The help a tool prints for itself and for each command, wrapped to 80
/// columns: overview, usage, then each section's labels and help.
enum HelpText {
    static let width = 80
    /// Where help starts after a label (labels longer than this get a
    /// line of their own).
    static let column = 26

    /// The help of one command.
    static func command(_ command: any CommandArguments.Type, declarations: [Declaration], tool: String) -> String {
        var text = paragraphs(label: "OVERVIEW: ", command.abstract, command.discussion)
        text += "USAGE: " + usage(declarations, path: "\(tool) \(command.name)") + "\n"
        var sections: [(title: String, entries: [(String, String)])] = []
        func add(_ title: String, _ entry: (String, String)) {
            if let index = sections.firstIndex(where: { $0.title == title }) {
                sections[index].entries.append(entry)
            } else {
                sections.append((title, [entry]))
            }
        }
        let positionals = declarations.filter(\.isPositional)
        for declaration in positionals { add("ARGUMENTS", (label(declaration), describe(declaration))) }
        for declaration in declarations where !declaration.isPositional && declaration.group == nil {
            add("OPTIONS", (label(declaration), describe(declaration)))
        }
        add("OPTIONS", ("-h, --help", "Show help information."))
        for declaration in declarations where !declaration.isPositional && declaration.group != nil {
            add(declaration.group!.uppercased(), (label(declaration), describe(declaration)))
        }
        for section in sections {
            text += "\n\(section.title):\n"
            for (label, help) in section.entries { text += entry(label, help) }
        }
        return text
    }

    /// The tool's own help: its commands and its options.
    static func tool(_ tool: CommandLineTool) -> String {
        var text = paragraphs(label: "OVERVIEW: ", tool.abstract, tool.discussion)
        text += "USAGE: \(tool.name) <subcommand>\n\nOPTIONS:\n"
        for (label, help) in CommandLineTool.toolOptions { text += entry(label, help) }
        text += "\nSUBCOMMANDS:\n"
        for command in tool.commands { text += entry(command.name, command.abstract) }
        return text + "\n  See '\(tool.name) help <subcommand>' for detailed help.\n"
    }

    /// `meridian convert [<options>] --output <output> <input>`.
    static func usage(_ declarations: [Declaration], path: String) -> String {
        var parts = [path]
        if declarations.contains(where: { !$0.isPositional && $0.kind != .option(required: true, repeats: false) }) {
            parts.append("[<options>]")
        }
        for declaration in declarations {
            switch declaration.kind {
            case .option(required: true, _): parts.append(declaration.synopsis)
            case .argument(let required, let repeats):
                let word = declaration.label + (repeats ? " ..." : "")
                parts.append(required ? word : "[\(word)]")
            case .passthrough: parts.append("[\(declaration.label) ...]")
            case .option, .flag: break
            }
        }
        return parts.joined(separator: " ")
    }

    /// `-o, --output <output>`, `--pretty`, `<inputs> ...`.
    static func label(_ declaration: Declaration) -> String {
        switch declaration.kind {
        case .argument(_, let repeats): declaration.label + (repeats ? " ..." : "")
        case .passthrough: declaration.label + " ..."
        case .option, .flag: (declaration.short.map { "-\($0), " } ?? "") + declaration.synopsis
        }
    }

    /// The help, with the values and default help lists after it.
    static func describe(_ declaration: Declaration) -> String {
        var notes: [String] = []
        if !declaration.values.isEmpty { notes.append("values: " + declaration.values.joined(separator: ", ")) }
        if let value = declaration.defaultValue { notes.append("default: " + value) }
        return notes.isEmpty ? declaration.help : declaration.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// One label and its help, the help wrapped in its column.
    static func entry(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: column)
        let lines = wrap(help, width: width - column)
        let head = "  " + label
        if head.count + 2 > column || lines.isEmpty {
            return ([head] + lines.map { indent + $0 }).joined(separator: "\n") + "\n"
        }
        let padding = String(repeating: " ", count: column - head.count)
        return ([head + padding + lines[0]] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n") + "\n"
    }

    /// The abstract after `label`, then the discussion's paragraphs, each
    /// followed by a blank line.
    static func paragraphs(label: String, _ abstract: String, _ discussion: String) -> String {
        var text = wrap(label + abstract, width: width).joined(separator: "\n") + "\n\n"
        for paragraph in discussion.split(separatorText: "\n\n") {
            text += wrap(String(paragraph), width: width).joined(separator: "\n") + "\n\n"
        }
        return text
    }

    /// Words filled into lines of at most `width` characters (a longer
    /// word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
