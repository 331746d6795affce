import MeridianCore
import MeridianIMDF
import MeridianIO
import MeridianValidity

/// How much geometry validity `validate` checks (`--geometry`).
public typealias GeometryValidityLevel = ValidityLevel

/// Validates any input Meridian reads, by its detected format's own
/// validator (``FeatureFormat/validate(_:options:)``), or, for a format
/// without one, by reading every feature and checking its geometry: the
/// work behind `meridian validate`.
///
/// ```swift
/// let result = InputValidator().validate(try Input(path: "parks.geojson"))
/// result.diagnostics      // every problem found, located
/// ```
///
/// GeoJSON streams: a text sequence or NDJSON is checked record by record
/// in bounded memory, a single document is held whole (up to
/// ``JSONReadingOptions/maximumValueSize``). KML streams; KMZ and IMDF come
/// through the zip guard. The same problem listed over and over (a
/// repeated key in every feature, a million overlapping units) is kept
/// ``maximumPerCode`` times per code, then counted in one
/// `report.truncated` note (each validator gathers through a
/// `DiagnosticCollector`), so a report stays readable and memory bounded.
public struct InputValidator: Sendable {
    /// How many diagnostics of one code are kept per input.
    public var maximumPerCode: Int
    /// How much geometry validity (OGC rules, through GEOS) every input
    /// gets: `geometry.*` codes.
    public var geometry: GeometryValidityLevel

    public init(maximumPerCode: Int = 1_000, geometry: GeometryValidityLevel = .errors) {
        self.maximumPerCode = maximumPerCode
        self.geometry = geometry
    }

    /// What validating one input found.
    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        /// True for an IMDF input (its diagnostics print in IMDF's style).
        public var isIMDF: Bool
    }

    public func validate(_ input: Input) -> Result {
        let options = ValidationOptions(maximumPerCode: maximumPerCode, geometry: geometry)
        let diagnostics =
            input.recognisedFormat.validate(input, options: options) ?? Self.validateFeatures(input, geometry: geometry)
        return Result(diagnostics: diagnostics, isIMDF: input.format == .imdf)
    }

    /// What reading every feature finds (a GeoPackage's corrupt geometries
    /// and envelopes), and the validity of the geometries, located by feature.
    static func validateFeatures(_ input: Input, geometry: GeometryValidityLevel) -> [Diagnostic] {
        var validity = ValidityCollector(level: geometry)
        do throws(DiagnosticError) {
            let source = try FeatureSource(input: input)
            var index = 0
            while let feature = try source.next() {
                index += 1
                validity.check(
                    feature.geometry,
                    at: SourceLocation(file: input.name, featureID: feature.id?.description, record: index))
            }
            return input.recognisedFormat.asValidationFindings(source.warnings) + validity.diagnostics
        } catch {
            return validity.diagnostics + [error.diagnostic]
        }
    }
}
