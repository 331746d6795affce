import MeridianCore
import MeridianJSON
import MeridianValidity

/// Checks a GeoJSON document against RFC 7946 and the advice geojsonhint
/// gives, and reports every problem as a located `Diagnostic`.
///
/// ```swift
/// let validator = GeoJSONValidator()
/// let problems = validator.validate(try Data(contentsOf: url), file: "parks.geojson")
/// for problem in problems where problem.severity >= .warning {
///     print(problem)
///     // parks.geojson:12:9: error: the first and last positions of a linear ring
///     //   must be the same [geojson.ring.unclosed] (feature 7, at /features/3/geometry/coordinates/0)
/// }
/// let isValid = !problems.contains { $0.severity == .error }
/// ```
///
/// Unlike the decoder, which stops at the first thing it cannot read, the
/// validator keeps going and reports everything it finds, in document
/// order, so one run shows all that needs fixing. Only a JSON syntax error
/// stops it: the document has no structure to check beyond that point, so
/// the result is then that single error.
///
/// What it reports, and how seriously:
/// - `.error` for what RFC 7946 forbids: a missing, misspelt or wrongly cased
///   `type`; missing or mistyped required members; members that give an
///   object another type's meaning (7.1); positions with fewer than two
///   numbers; lines with fewer than two positions; linear rings that are
///   open or shorter than four positions; coordinates nested too deeply or
///   too shallowly; an `id` that is neither string nor number; a malformed
///   `bbox`.
/// - `.warning` for what is allowed but almost certainly unintended or
///   discouraged: polygons against the right-hand rule (the RFC says
///   parsers must not reject them), positions with more than three
///   numbers or outside -180...180 / -90...90, duplicate keys, geometry
///   collections with one member or nested ones, the obsolete `crs`
///   member, and coordinates more precise than
///   ``Options/precisionWarningDigits``.
/// - `.info` for what is worth knowing only: empty coordinate arrays, and
///   how many precision warnings were left out.
///
/// Each diagnostic has a stable dotted code (`geojson.ring.unclosed`,
/// `geojson.position.too-short`, ...; JSON syntax errors use the reader's
/// `json.*` codes), a message worded after geojsonhint's, and a location
/// with line, column (in bytes), byte offset, RFC 6901 JSON pointer and,
/// inside a feature that has one, the feature's id as written. Problems
/// with an object's members (missing, mistyped, not allowed) point at the
/// object that owns them, as geojsonhint does; problems inside coordinates
/// point at the innermost array concerned; a repeated key points at its
/// repetition.
///
/// Cost: one pass to build a located tree of the whole document and one to
/// check it, so time is linear in the input and memory is proportional to
/// it (several times the input's size, as every value keeps its offset).
/// Line numbers are computed only when there is something to report. For
/// inputs too large to hold, decode them as a stream instead.
public struct GeoJSONValidator: Sendable {
    /// What to check beyond the RFC's rules, and limits.
    public struct Options: Sendable, Hashable {
        /// Warn about coordinates with more decimal places than this; nil
        /// turns the check off. Six places is about 10 cm, the precision
        /// RFC 7946 (11.2) suggests is enough; more only makes files larger.
        public var precisionWarningDigits: Int? = 6

        /// How many precision warnings to list before summarising the rest
        /// in one `geojson.precision.truncated` info (a file written with
        /// 15-digit coordinates would otherwise get one per position). Nil
        /// lists them all.
        public var precisionWarningLimit: Int? = 10

        /// The deepest nesting of arrays and objects read; deeper input is
        /// a `json.depth.exceeded` error rather than a stack overflow.
        public var maximumDepth: Int = InputLimits.maximumNesting

        /// How many diagnostics of one code are listed; the rest are
        /// counted in one `report.truncated` note (see
        /// ``DiagnosticCollector``), so memory stays bounded.
        public var maximumPerCode: Int = 1_000

        /// The largest document `validate(fileDescriptor:...)` holds whole
        /// (16 MiB); a larger one (a FeatureCollection of hundreds of
        /// megabytes) is checked one element of `features` at a time, so
        /// memory is bounded by the largest feature, with the same
        /// diagnostics.
        public var wholeDocumentLimit: Int = 16 << 20

        /// How much geometry validity (OGC Simple Features, through GEOS) is
        /// checked in polygons whose structure is sound: `geometry.*` codes.
        public var geometry: ValidityLevel = .errors

        /// The threads `validate(fileDescriptor:...)` checks the records of
        /// a text sequence or NDJSON, and the features of a collection past
        /// ``wholeDocumentLimit``, on; nil is one per core (or the
        /// environment's `MERIDIAN_THREADS`), 1 this thread alone. The
        /// diagnostics are the same whatever the number.
        public var threads: Int?

        public init(
            precisionWarningDigits: Int? = 6, precisionWarningLimit: Int? = 10,
            maximumDepth: Int = InputLimits.maximumNesting,
            maximumPerCode: Int = 1_000
        ) {
            self.precisionWarningDigits = precisionWarningDigits
            self.precisionWarningLimit = precisionWarningLimit
            self.maximumDepth = maximumDepth
            self.maximumPerCode = maximumPerCode
        }
    }

    public var options: Options
    /// About how many bytes of records or features are checked together
    /// on one thread (small in tests, to make many runs).
    var runSize = 512 << 10

    public init(options: Options = .init()) {
        self.options = options
    }

    /// Every problem in the UTF-8 document `bytes`, in document order; an
    /// empty array when there is nothing to say. `file` names the input in
    /// the diagnostics' locations. Never throws and never traps, whatever
    /// the input.
    public func validate<Bytes: Collection<UInt8>>(_ bytes: Bytes, file: String? = nil) -> [Diagnostic] {
        collect(bytes, file: file).diagnostics
    }

    /// The diagnostics of one document, capped per code.
    func collect<Bytes: Collection<UInt8>>(_ bytes: Bytes, file: String?) -> DiagnosticCollector {
        withContiguousBytes(bytes) { buffer in
            let root: LocatedJSON
            do throws(JSONReaderFailure) {
                root = try LocatedJSON.parse(buffer, maximumDepth: options.maximumDepth)
            } catch {
                var found = DiagnosticCollector(maximumPerCode: options.maximumPerCode)
                found.append(error.diagnostic(in: buffer, file: file))
                return found
            }
            var pass = GeoJSONValidationPass(bytes: buffer, file: file, options: options)
            pass.validateDocument(root)
            return pass.finish()
        }
    }
}
