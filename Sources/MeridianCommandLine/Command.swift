/// The arguments of a command of a ``CommandLineTool``: its name and help,
/// and the arguments it reads.
///
/// `init(_:)` declares and reads every argument, option and flag in the
/// order help lists them; the tool runs it twice, once to learn the
/// declarations (values are then defaults and empty strings) and once to
/// read the command line. Checks between values belong in ``validate()``,
/// which runs on the read values only.
package protocol CommandArguments: SendableMetatype {
    /// The word that selects the command (`convert`).
    static var name: String { get }
    /// One sentence, shown in the tool's list of commands and atop the help.
    static var abstract: String { get }
    /// Paragraphs shown after the abstract in the command's help.
    static var discussion: String { get }

    init(_ arguments: Arguments) throws

    /// Checks the values together; throws ``UsageError``.
    func validate() throws
}

extension CommandArguments {
    package static var discussion: String { "" }
    package func validate() throws {}
}

/// A subcommand of a ``CommandLineTool``: its arguments, and what it does.
package protocol Command: CommandArguments {
    /// Called after the checks, before ``run()``: a place to configure
    /// what every command shares (such as how diagnostics are printed).
    func prepare()

    func run() throws
}

extension Command {
    package func prepare() {}
}

/// Options that several commands share (`--format`, `--quiet`...), read by
/// ``Arguments/group(_:title:)``; their checks run before the command's.
package protocol ArgumentGroup {
    init(_ arguments: Arguments) throws

    /// Checks the values together; throws ``UsageError``.
    func validate() throws
}

extension ArgumentGroup {
    package func validate() throws {}
}

/// A mistake in the command line: an unknown option, a missing argument, a
/// value out of range. The tool prints it with the command's usage and
/// exits with status 2.
package struct UsageError: Error, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}

/// Ends the command with this exit status, printing nothing more.
package struct ExitCode: Error {
    package var status: Int32

    package init(_ status: Int32) { self.status = status }
}
