import MeridianCore

/// The code of the `DiagnosticError` that `body` throws; nil when it throws
/// nothing (or another error).
///
/// ```swift
/// #expect(diagnosticCode { _ = try Input(path: "/missing") } == "io.open")
/// ```
public func diagnosticCode(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return (error as? DiagnosticError)?.diagnostic.code
    }
}
