/// An error that stops decoding, carrying the ``Diagnostic`` that says what
/// and where. Format modules throw it for input they cannot read.
///
/// ```swift
/// do { _ = try decoder.decode(bytes) }
/// catch let error as DiagnosticError { print(error.diagnostic) }
/// ```
public struct DiagnosticError: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostic: Diagnostic

    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    public init(code: String, message: String, location: SourceLocation = SourceLocation()) {
        diagnostic = Diagnostic(severity: .error, code: code, message: message, location: location)
    }

    public var description: String { diagnostic.description }
}
