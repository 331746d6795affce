import Meridian
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// Where the tool's words go: standard output for a command's product,
/// standard error for diagnostics, progress and `--verbose` notes, in the
/// format and at the volume ``ReportOptions`` chose. Colour only when the
/// stream is a terminal and `NO_COLOR` is unset (https://no-color.org).
///
/// Configured once by `main` before the command runs, then only read (also
/// from worker threads).
struct Console: Sendable {
    nonisolated(unsafe) static var shared = Console()

    var format: DiagnosticFormat = .text
    var quiet = false
    var verbose = false
    let colourOut = Console.wantsColour(1)
    let colourError = Console.wantsColour(2)
    let errorIsTerminal = isatty(2) == 1

    init() {}

    init(_ options: ReportOptions) {
        format = options.format
        quiet = options.quiet
        verbose = options.verbose
    }

    static func wantsColour(_ descriptor: Int32) -> Bool {
        guard isatty(descriptor) == 1 else { return false }
        if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    // MARK: Writing

    /// Writes to standard output; a closed pipe ends the tool quietly with
    /// status 0 (the reader has what it wanted).
    static func out(_ text: String, terminator: String = "\n") {
        writeAll(1, Array((text + terminator).utf8))
    }

    /// Writes to standard error.
    static func error(_ text: String) {
        writeAll(2, Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Every write is checked: on standard output a closed pipe is a clean
    /// stop (status 0) and any other failure (a full disk) ends the tool
    /// with status 3 and a message.
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        guard let failure = bytes.withUnsafeBytes({ Platform.write(descriptor, all: $0) }), descriptor == 1 else {
            return
        }
        if failure == EPIPE { Platform.exit(ExitStatus.success) }
        error("meridian: cannot write standard output: \(Platform.errorMessage(failure))")
        Platform.exit(ExitStatus.inputOutput)
    }

    // MARK: Colour

    enum Colour: String {
        case red = "31"
        case yellow = "33"
        case cyan = "36"
        case dim = "2"
        case bold = "1"
    }

    static func paint(_ text: String, _ colour: Colour, when enabled: Bool) -> String {
        enabled ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A diagnostic's text line with its severity word coloured: the first
    /// `error:`/`warning:`/`info:` (IMDF: `VIOLATION`/`WARNING`) after the location.
    static func colourSeverity(_ line: String, enabled: Bool) -> String {
        guard enabled else { return line }
        let words: [(String, Colour)] = [
            ("error:", .red), ("warning:", .yellow), ("info:", .cyan), ("VIOLATION ", .red), ("WARNING ", .yellow),
        ]
        for (word, colour) in words {
            let candidates = [
                line.firstRange(ofText: ": " + word), line.hasPrefix(word) ? line.firstRange(ofText: word) : nil,
            ]
            guard let found = candidates.compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) else { continue }
            let start = line[found].hasPrefix(": ") ? line.index(found.lowerBound, offsetBy: 2) : found.lowerBound
            let end = line.index(found.upperBound, offsetBy: -1)
            return String(line[..<start]) + paint(String(line[start..<end]), colour, when: true) + String(line[end...])
        }
        return line
    }

    // MARK: Diagnostics

    /// A warning or note met on the way (KML coordinates, unresolved
    /// styles...), on standard error; hidden by --quiet.
    func warn(_ diagnostic: Diagnostic) {
        guard !quiet || diagnostic.severity == .error else { return }
        Console.error(render(diagnostic))
    }

    /// Warnings a reader collected, on standard error: at most 20, then a
    /// count (none with --quiet).
    func warn(_ warnings: [Diagnostic]) {
        for warning in warnings.prefix(20) { warn(warning) }
        if warnings.count > 20 && !quiet {
            Console.error("meridian: ... and \(warnings.count - 20) more warnings")
        }
    }

    /// The error that stopped the command, on standard error, in --format.
    func fail(_ error: DiagnosticError) {
        switch format {
        case .json:
            var report = DiagnosticReport()
            report.add(file: error.diagnostic.location.file ?? "", diagnostics: [error.diagnostic])
            Console.error(String(decoding: report.json().jsonBytes(pretty: true), as: UTF8.self))
        case .sarif:
            var report = DiagnosticReport()
            report.add(file: error.diagnostic.location.file ?? "", diagnostics: [error.diagnostic])
            Console.error(String(decoding: report.sarif().jsonBytes(pretty: true), as: UTF8.self))
        case .ndjson:
            let line = DiagnosticReport.json(error.diagnostic, file: error.diagnostic.location.file).jsonBytes()
            Console.error(String(decoding: line.dropLast(), as: UTF8.self))
        default:
            Console.error(render(error.diagnostic))
        }
    }

    /// One diagnostic as a line: text (`meridian: file:line:col: error: ...`)
    /// or a GitHub annotation.
    func render(_ diagnostic: Diagnostic) -> String {
        switch format {
        case .github:
            return DiagnosticReport.annotation(diagnostic)
        default:
            return "meridian: " + Console.colourSeverity(DiagnosticReport.line(diagnostic), enabled: colourError)
        }
    }

    /// A --verbose note on standard error.
    func note(_ text: @autoclosure () -> String) {
        guard verbose else { return }
        Console.error(Console.paint("meridian: " + text(), .dim, when: colourError))
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    Console.error(message)
}

/// Seconds since an arbitrary start, for timings.
func monotonicSeconds() -> Double {
    Platform.monotonicSeconds()
}

/// "12.3 ms", "4.56 s".
func formatDuration(_ seconds: Double) -> String {
    seconds < 1 ? formatFixed(seconds * 1000, decimals: 1) + " ms" : formatFixed(seconds, decimals: 2) + " s"
}
