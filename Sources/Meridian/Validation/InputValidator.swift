import MeridianCSV
import MeridianCore
import MeridianGeoJSON
import MeridianIMDF
import MeridianKML
import MeridianValidity

/// How much geometry validity `validate` checks (`--geometry`).
public typealias GeometryValidityLevel = ValidityLevel

/// Validates any input Meridian reads, by its detected format: the work
/// behind `meridian validate`.
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
        let diagnostics: [Diagnostic]
        switch input.format {
        case .geojson:
            guard case .stream(let descriptor, let prefix, let lines, let bytes, _) = input.content else {
                return Result(diagnostics: [], isIMDF: false)
            }
            var options = GeoJSONValidator.Options(maximumPerCode: maximumPerCode)
            options.geometry = geometry
            diagnostics = GeoJSONValidator(options: options).validate(
                fileDescriptor: descriptor, prefix: prefix, skippedLines: lines, skippedBytes: bytes, file: input.name)
        case .kml, .kmz:
            diagnostics = KMLValidator.validate(geometry: geometry) { options throws(DiagnosticError) in
                guard let reader = try input.kmlReader(options: options) else {
                    throw DiagnosticError(code: "io.open", message: "\(input.name) is not KML")
                }
                return reader
            }
        case .gpx, .tcx:
            diagnostics = GPXValidator.validate(geometry: geometry) { () throws(DiagnosticError) in
                guard let reader = try input.gpxReader() else {
                    throw DiagnosticError(code: "io.open", message: "\(input.name) is not GPX or TCX")
                }
                return reader
            }
        case .csv:
            diagnostics = Self.validateCSV(input, geometry: geometry)
        case .gpkg:
            diagnostics = Self.validateFeatures(input, geometry: geometry)
        case .imdf:
            do throws(DiagnosticError) {
                var options = IMDFValidator.Options()
                options.maximumPerCode = maximumPerCode
                diagnostics = IMDFValidator(options: options).validate(try input.imdfArchive(tolerant: true))
            } catch {
                diagnostics = [error.diagnostic]
            }
        }
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
            return source.warnings + validity.diagnostics
        } catch {
            return validity.diagnostics + [error.diagnostic]
        }
    }

    /// A CSV's faults (ragged rows, bad coordinates, WKT, quotes) and the
    /// validity of its WKT geometries, at their rows' lines.
    static func validateCSV(_ input: Input, geometry: GeometryValidityLevel) -> [Diagnostic] {
        let reader: CSVFeatureReader
        do throws(DiagnosticError) {
            guard let opened = try input.csvReader(options: CSVReadingOptions()) else { return [] }
            reader = opened
        } catch {
            return [error.diagnostic]
        }
        var validity = ValidityCollector(level: geometry)
        var failure: [Diagnostic] = []
        do throws(DiagnosticError) {
            while let feature = try reader.next() {
                validity.check(feature.geometry, at: SourceLocation(file: reader.sourceName, line: reader.lastLine))
            }
        } catch {
            failure.append(error.diagnostic)
        }
        return reader.diagnostics + validity.diagnostics + failure
    }
}
