import MeridianCore
import MeridianValidity

/// Checks a KML or KMZ document and lists its problems: XML errors (with
/// line and column, as errors), malformed coordinates, unresolved
/// styleUrls and elements that are not KML 2.2 (as warnings), and the
/// OGC validity of every polygon and line (`geometry.*`, through GEOS, at
/// the line of its Placemark, naming the polygon, ring and vertex).
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
    public static func validate(path: String, geometry: ValidityLevel = .errors) -> [Diagnostic] {
        validate(geometry: geometry) { options throws(DiagnosticError) in
            try KMLFeatureReader(path: path, options: options)
        }
    }

    public static func validate(bytes: [UInt8], fileName: String? = nil, geometry: ValidityLevel = .errors)
        -> [Diagnostic]
    {
        validate(geometry: geometry) { options throws(DiagnosticError) in
            try KMLFeatureReader(bytes: bytes, fileName: fileName, options: options)
        }
    }

    /// Validates what a reader opened by `open` reads, with the options
    /// validation needs (recovery on, unknown elements reported), with
    /// geometry validity at `geometry`.
    public static func validate(
        geometry: ValidityLevel = .errors, _ open: (KMLReadingOptions) throws(DiagnosticError) -> KMLFeatureReader
    ) -> [Diagnostic] {
        let options = KMLReadingOptions(recoversFromErrors: true, reportsUnknownElements: true)
        let reader: KMLFeatureReader
        do {
            reader = try open(options)
        } catch {
            return [error.diagnostic]
        }
        var result: [Diagnostic] = []
        var validity = ValidityCollector(level: geometry, maximumPerCode: KMLFeatureReader.maximumDiagnosticsPerCode)
        do {
            while let feature = try reader.next() {
                validity.check(
                    feature.geometry,
                    at: SourceLocation(
                        file: reader.sourceName, line: reader.featureLine, featureID: feature.id?.description))
            }
        } catch {
            result.append(error.diagnostic)
        }
        result = validity.diagnostics + result
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
