/// One entry of the diagnostic catalogue: a code Meridian can report, its
/// default severity, what it means in one sentence, and where it is
/// documented.
///
/// ```swift
/// let rule = DiagnosticRule.io.first { $0.code == "io.open" }!
/// rule.severity        // .error
/// rule.documentation   // "docs/diagnostics.md#io.open"
/// ```
///
/// Every module lists the codes it owns (`DiagnosticRule.io` here,
/// `GeoJSONDiagnostics.rules`, `KMLDiagnostics.rules`, `IMDFRule`, ...);
/// the umbrella's `DiagnosticCatalogue` joins them, `meridian rules` lists
/// them, and docs/diagnostics.md is written from them. A problem has one
/// code whichever layer (decoder, streaming reader, validator) finds it.
public struct DiagnosticRule: Sendable, Hashable {
    public var code: String
    /// The severity the code is reported with (a few codes are reported
    /// at another severity where the context says so; `validate --strict`
    /// counts warnings as failures).
    public var severity: Diagnostic.Severity
    public var summary: String

    public init(_ code: String, _ severity: Diagnostic.Severity, _ summary: String) {
        self.code = code
        self.severity = severity
        self.summary = summary
    }

    /// The code's entry in the documentation: a file of the repository
    /// and an anchor in it.
    public var documentation: String { "docs/diagnostics.md#" + code }

    /// Rules written as a table, one per line: `code | severity | summary`
    /// (how every module's catalogue is written: data, not code).
    public static func table(_ text: String) -> [DiagnosticRule] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", maxSplits: 2).map { field in
                String(field.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            }
            guard fields.count == 3, let severity = Diagnostic.Severity(rawValue: fields[1]) else {
                preconditionFailure("a diagnostic table line is `code | severity | summary`: \(line)")
            }
            return DiagnosticRule(fields[0], severity, fields[2])
        }
    }

    /// Input, output and reporting: the codes every format shares.
    public static let io = DiagnosticRule.table(
        #"""
        io.open | error | An input cannot be opened: it is missing, unreadable, or a folder that is no IMDF venue.
        io.read | error | Reading an input failed part-way (an I/O error from the system).
        io.format.unknown | error | No registered format reads the input, or an output names a format none writes (a program's own registry of formats).
        io.format.place-index | error | A place index given to a command that reads features (info, convert, validate...): query it with search, complete, geocode, reverse or lookup.
        io.input.blank | error | Standard input held nothing but blank lines past the 16 MiB read to find the data.
        io.input.no-match | error | A file pattern on the command line matched no file.
        io.temporary | error | A private temporary file (a zip arriving on a stream is spooled to one) cannot be written.
        io.output.open | error | An output file cannot be created or opened.
        io.output.folder | error | An output path is a folder, goes through a file, or names a folder that does not exist.
        io.output.same-file | error | Two outputs of one command name the same file.
        io.output.is-input | error | An output names a file the same command reads: writing it would replace its input.
        io.output.exists | error | A folder to be written new (split's shards) already exists.
        io.output.write | error | Writing, closing or moving an output into place failed (a full disk, an I/O error).
        io.output.closed | info | The reader of standard output closed the pipe: the command stops cleanly, with status 0.
        report.rule.unknown | error | A code given to --ignore, --warn or --error names no diagnostic code or family.
        report.truncated | info | More diagnostics of one code than are listed (1 000 per code); this note counts the rest.
        """#)
}
