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
    /// The system every input's positions are in, whatever it declares
    /// (`--s-srs`): positions are checked in it (``CoordinateSystemCheck``),
    /// not as longitude and latitude.
    public var sourceCoordinateSystem: String?

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
        guard var diagnostics = input.recognisedFormat.validate(input, options: options) else {
            let (diagnostics, _) = Self.validateFeatures(
                input, validity: ValidityCollector(level: geometry), maximumPerCode: maximumPerCode,
                source: sourceCoordinateSystem)
            return Result(diagnostics: diagnostics, isIMDF: false)
        }
        // A GeoJSON collection that declares a system of its own (RFC 7946
        // removed the member, but GDAL still writes it): read again, its
        // positions checked in that system, where longitude and latitude
        // ranges and decimal places mean nothing.
        if sourceCoordinateSystem != nil || diagnostics.contains(where: { $0.code == "geojson.crs.obsolete" }),
            input.path != "-", let again = try? Input(path: input.path)
        {
            let (found, metOtherSystem) = Self.validateFeatures(
                again, validity: nil, maximumPerCode: maximumPerCode, source: sourceCoordinateSystem)
            if metOtherSystem { diagnostics.removeAll { Self.meaningfulInWGS84Only.contains($0.code) } }
            diagnostics += found
        }
        return Result(diagnostics: diagnostics, isIMDF: input.format == .imdf)
    }

    /// GeoJSON's checks that hold of longitude and latitude only.
    static let meaningfulInWGS84Only: Set<String> = [
        "geojson.position.out-of-range", "geojson.precision.excessive", "geojson.precision.truncated",
    ]

    /// What reading every feature finds (a GeoPackage's corrupt geometries
    /// and envelopes), the systems the input declares
    /// (``CoordinateSystemCheck``), and, with `validity`, the validity of
    /// the geometries, located by feature; and whether a system other than
    /// WGS 84 was declared.
    static func validateFeatures(
        _ input: Input, validity: ValidityCollector?, maximumPerCode: Int, source: String?
    ) -> (diagnostics: [Diagnostic], metOtherSystem: Bool) {
        var validity = validity
        var systems = CoordinateSystemCheck(file: input.name, maximumPerCode: maximumPerCode, source: source)
        var warnings: [Diagnostic] = []
        do throws(DiagnosticError) {
            let reader = try input.reader(options: ReadingOptions())
            var index = 0
            while var feature = try reader.next() {
                let declared = reader.coordinateSystem(ofLayer: reader.layer(of: feature))
                try systems.carry(&feature, declared: declared, index: index)
                index += 1
                validity?.check(
                    feature.geometry,
                    at: SourceLocation(file: input.name, featureID: feature.id?.description, record: index))
            }
            warnings = validity == nil ? [] : input.recognisedFormat.asValidationFindings(reader.warnings)
        } catch {
            return (systems.diagnostics.diagnostics + (validity?.diagnostics ?? []) + [error.diagnostic], true)
        }
        return (warnings + systems.diagnostics.diagnostics + (validity?.diagnostics ?? []), systems.metOtherSystem)
    }
}
