import MeridianCore

/// Checks a KML or KMZ document and lists its problems: XML errors (with
/// line and column, as errors), malformed coordinates, unresolved
/// styleUrls and elements that are not KML 2.2 (as warnings).
///
/// ```swift
/// let problems = KMLValidator.validate(path: "tour.kml")
/// problems.filter { $0.severity == .error }.isEmpty    // valid XML, readable KML
/// ```
///
/// The hook for `meridian validate`: it never throws; a document that
/// cannot be read at all gives one error diagnostic. Cost: one streaming
/// read of the document.
public enum KMLValidator {
    public static func validate(path: String) -> [Diagnostic] {
        validate { options throws(DiagnosticError) in try KMLFeatureReader(path: path, options: options) }
    }

    public static func validate(bytes: [UInt8], fileName: String? = nil) -> [Diagnostic] {
        validate { options throws(DiagnosticError) in
            try KMLFeatureReader(bytes: bytes, fileName: fileName, options: options)
        }
    }

    /// Validates what a reader opened by `open` reads, with the options
    /// validation needs (recovery on, unknown elements reported).
    public static func validate(_ open: (KMLReadingOptions) throws(DiagnosticError) -> KMLFeatureReader)
        -> [Diagnostic]
    {
        let options = KMLReadingOptions(recoversFromErrors: true, reportsUnknownElements: true)
        let reader: KMLFeatureReader
        do {
            reader = try open(options)
        } catch {
            return [error.diagnostic]
        }
        var result: [Diagnostic] = []
        do {
            while try reader.next() != nil {}
        } catch {
            result.append(error.diagnostic)
        }
        // A recovered XML error is a warning for reading but an error for validation.
        let found = reader.diagnostics.map { diagnostic -> Diagnostic in
            guard diagnostic.code == "kml.xml.recovered" else { return diagnostic }
            var error = diagnostic
            error.severity = .error
            error.code = "kml.xml.syntax"
            return error
        }
        return found + result
    }
}
