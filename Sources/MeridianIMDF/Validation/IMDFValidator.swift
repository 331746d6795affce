import MeridianCore
import MeridianValidity

/// Validates an IMDF archive as Apple's IMDF validator and the validators
/// in the field do: the structural rules under their official names, the
/// manifest, exactly one venue, required properties and their types,
/// geometry types, categories, references, display points and anchors
/// inside their features, geometry validity; and as warnings, missing
/// display points, unknown keys, overlapping units, slivers, ordinal gaps,
/// openings off unit boundaries, wrong winding. ``IMDFRule`` lists every
/// check with its code and severity.
///
/// ```swift
/// let archive = try IMDFArchive(contentsOf: "venue.zip")
/// let diagnostics = IMDFValidator().validate(archive)
/// let violations = diagnostics.filter { $0.severity == .error }
/// for d in violations { print(d.location.file ?? "", d.location.featureID ?? "", d.message) }
/// ```
///
/// Cost model: linear in the archive's vertices for the per-feature
/// checks; the overlap, opening and containment checks pair features
/// through a `SpatialIndex` per level, so they cost O(n log n) plus the
/// pairs whose bounding rects meet (a handful per unit on a floor plan).
/// A synthetic venue of 100 000 units validates in seconds.
public struct IMDFValidator: Sendable {
    /// Tolerances, in metres on the ground.
    public struct Options: Sendable, Hashable {
        /// Units may share walls; they overlap when one reaches more than
        /// this far into the other.
        public var overlapTolerance: Double = 0.05
        /// An opening touches a unit boundary when it comes this close.
        public var openingTolerance: Double = 0.10
        /// A polygon is a sliver when its mean width (2 x area / perimeter)
        /// is below this...
        public var sliverWidth: Double = 0.10
        /// ...or its area (m^2) is below this.
        public var sliverArea: Double = 0.05
        /// An opening's display point may lie this far off its line.
        public var openingDisplayPointTolerance: Double = 0.5
        /// How many diagnostics of one code are listed; the rest are
        /// counted in one `report.truncated` note.
        public var maximumPerCode: Int = 1_000
        /// The most pairs of features with meeting bounding boxes the
        /// overlap and opening checks test on one level.
        public var maximumPairsPerLevel: Int = 2_000_000
        /// How much OGC geometry validity (through GEOS) polygons get:
        /// `.errors` (the default) or `.all` (repeated positions too).
        public var geometry: ValidityLevel = .errors

        public init() {}
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads and validates the archive at `path`. Throws only when it
    /// cannot be read (missing, an unsafe or corrupt zip).
    public func validate(path: String) throws(DiagnosticError) -> [Diagnostic] {
        validate(try IMDFArchive(contentsOf: path))
    }

    /// Every problem: what decoding found, then the checks across
    /// features. Sorted by file, stable otherwise.
    public func validate(_ archive: IMDFArchive) -> [Diagnostic] {
        var context = Context(archive: archive, options: options)
        context.found.append(contentsOf: archive.diagnostics)
        context.checkArchive()
        context.checkReferences()
        context.checkGeometry()
        context.checkSpatial()
        context.checkContainment()
        context.checkDuplicates()
        context.found.sortKept { $0.location.file ?? "" }
        return context.found.diagnostics
    }

    /// The state of one validation run.
    struct Context {
        let archive: IMDFArchive
        let options: Options
        var found: DiagnosticCollector
        let projection: PlanarShape.Projection
        /// GEOS, for validity and containment.
        let validator = GeometryValidator()

        init(archive: IMDFArchive, options: Options) {
            self.archive = archive
            self.options = options
            self.found = DiagnosticCollector(maximumPerCode: options.maximumPerCode)
            let reference =
                archive.venues.first?.displayPoint
                ?? archive.venues.first?.geometry.map {
                    MapPoint(x: $0.boundingMapRect.midX, y: $0.boundingMapRect.midY).coordinate
                }
                ?? archive.levels.first?.geometry.map {
                    MapPoint(x: $0.boundingMapRect.midX, y: $0.boundingMapRect.midY).coordinate
                }
                ?? archive.units.first?.geometry.map {
                    MapPoint(x: $0.boundingMapRect.midX, y: $0.boundingMapRect.midY).coordinate
                }
                ?? Coordinate(latitude: 0, longitude: 0)
            projection = PlanarShape.Projection(
                reference: reference.isValid ? reference : Coordinate(latitude: 0, longitude: 0))
        }

        mutating func report(_ rule: IMDFRule, _ message: String, id: String, property: String? = nil) {
            found.append(rule.diagnostic(message, at: archive.location(of: id, property: property)))
        }

        /// False once `rule` has as many diagnostics as are listed.
        func accepts(_ rule: IMDFRule) -> Bool { found.accepts(rule.code) }

        mutating func report(_ rule: IMDFRule, _ message: String, file: String) {
            found.append(rule.diagnostic(message, at: SourceLocation(file: file)))
        }

        /// Counts and archive-wide rules.
        mutating func checkArchive() {
            let venueFile = IMDFSource.join(archive.path, "venue.geojson")
            if archive.venues.count != 1 {
                report(
                    .venueCount, "an archive must hold exactly one venue, found \(archive.venues.count)",
                    file: venueFile)
            }
            if archive.levels.isEmpty {
                report(
                    .levelMissing, "an archive must hold at least one level",
                    file: IMDFSource.join(archive.path, "level.geojson"))
            }
            if !archive.addresses.contains(where: { $0.unit != nil }) {
                report(
                    .zeroCountOfUnitQualifiedAddresses, "no address names a unit (suite, shop number)",
                    file: IMDFSource.join(archive.path, "address.geojson"))
            }
            let ordinals = archive.levelGroups.map(\.ordinal)
            for (low, high) in zip(ordinals, ordinals.dropFirst()) where high - low > 1 {
                let level = archive.levelGroups.first { $0.ordinal == high }!.levels[0]
                report(
                    .levelOrdinalGap, "no level has ordinal \(low + 1) ... \(high - 1), between \(low) and \(high)",
                    id: level.id, property: "ordinal")
            }
        }
    }
}
