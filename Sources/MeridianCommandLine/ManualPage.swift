import MeridianCore

/// The tool's manual page in mdoc (man 7 mdoc): the tool, then every
/// command with its arguments and options, as `--help` tells them.
struct ManualPage {
    var text: String

    /// Nil when `date` is not YYYY-MM-DD.
    init?(tool: CommandLineTool, date: String) {
        let parts = date.split(separator: "-").map { Int($0) }
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let upper = tool.name.uppercased()
        var lines = [
            ".\\\" Written by `\(tool.name) --generate-manual \(date)`.",
            ".Dd \(months[month - 1]) \(day), \(year)", ".Dt \(upper) 1", ".Os", ".Sh NAME", ".Nm \(tool.name)",
            ".Nd " + Self.quoted(tool.abstract), ".Sh SYNOPSIS", ".Nm", ".Ar subcommand", ".Op Fl -version",
            ".Op Fl -help", ".Sh DESCRIPTION",
        ]
        lines += Self.paragraphs(tool.discussion)
        lines.append(".Bl -tag -width 6n")
        for command in tool.commands {
            lines += [".It Em \(command.name)", Self.escaped(command.abstract)]
            if !command.discussion.isEmpty { lines += [".Pp"] + Self.paragraphs(command.discussion) }
            lines.append(".Bl -tag -width 6n")
            for declaration in CommandLineTool.declarations(of: command) {
                lines += [Self.item(declaration), Self.escaped(HelpText.describe(declaration))]
            }
            lines += [".It Fl h , -help", "Show help information.", ".El"]
        }
        lines += [
            ".It Em help", "Show a command's help.", ".El", ".Sh \"EXIT STATUS\"", ".Ex -std", ".Sh AUTHORS",
            "The Meridian authors.",
        ]
        text = lines.joined(separator: "\n") + "\n"
    }

    private static func item(_ declaration: Declaration) -> String {
        switch declaration.kind {
        case .argument(_, let repeats): ".It Ar \(declaration.valueName)" + (repeats ? "..." : "")
        case .passthrough: ".It Ar \(declaration.valueName)..."
        case .flag: ".It Fl " + (declaration.short.map { "\($0) , " } ?? "") + "-" + declaration.name
        case .option:
            ".It Fl " + (declaration.short.map { "\($0) , " } ?? "")
                + "-\(declaration.name) Ar \(declaration.valueName)"
        }
    }

    /// Paragraphs separated by `.Pp`.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separatorText: "\n\n") {
            if !lines.isEmpty { lines.append(".Pp") }
            lines.append(escaped(String(paragraph)))
        }
        return lines
    }

    /// Text safe as a line of roff: backslashes escaped, a leading `.` or
    /// `'` (a request) guarded.
    static func escaped(_ text: String) -> String {
        let line = text.replacingAll("\\", with: "\\e").replacingAll("\n", with: " ")
        return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).replacingAll("\"", with: "\\(dq") + "\""
    }
}
