import CGEOS
import MeridianCore
import MeridianLibC
import MeridianValidity

/// How ``JoinOperation`` matches features and what it adds.
public struct JoinOptions: Sendable, Hashable {
    /// When a feature of the input matches one of the other layer.
    public enum Predicate: String, Sendable, Hashable, CaseIterable {
        /// They share a point (boundaries included): a point in a polygon or on its edge.
        case intersects
        /// The input's feature lies inside the other's (its boundary not enough).
        case within
        /// The input's feature holds the other's inside it.
        case contains
        /// The other's feature nearest the input's (geodesic), within ``maximumDistance``.
        case nearest
    }

    public var predicate: Predicate
    /// For `.nearest`: the farthest a match may be, in metres (nil: any).
    public var maximumDistance: Double?
    /// Keep the input's features that match nothing (a left join); false
    /// drops them (an inner join).
    public var keepsUnmatched: Bool
    /// One feature per match (one-to-many), instead of one per input
    /// feature with its first match's properties.
    public var oneToMany: Bool
    /// The other layer's properties copied; nil copies all of them, or
    /// none when aggregates are asked for.
    public var fields: [String]?
    /// Summaries of the matches' properties (count, sum...).
    public var aggregates: [Aggregate]
    /// Added to the name of a copied property the input's feature already has.
    public var suffix: String
    /// For `.nearest`: add the distance in metres under this name.
    public var distanceName: String?

    public init(
        predicate: Predicate = .intersects, maximumDistance: Double? = nil, keepsUnmatched: Bool = true,
        oneToMany: Bool = false, fields: [String]? = nil, aggregates: [Aggregate] = [], suffix: String = "_2",
        distanceName: String? = nil
    ) {
        self.predicate = predicate
        self.maximumDistance = maximumDistance
        self.keepsUnmatched = keepsUnmatched
        self.oneToMany = oneToMany
        self.fields = fields
        self.aggregates = aggregates
        self.suffix = suffix
        self.distanceName = distanceName
    }
}

/// Adds to each feature of the input the properties of the features of
/// another layer it matches: `meridian join`, geopandas's `sjoin` and
/// `sjoin_nearest`, mapshaper's `-join`.
///
/// ```swift
/// let join = JoinOperation(indexed: counties, side: .other, options: JoinOptions(fields: ["NAME"]))
/// let school = join.apply(schoolFeature, at: location)[0]    // with the county's NAME
///
/// // Incidents counted per district: the districts indexed, the incidents streamed.
/// let count = JoinOperation(indexed: districts, side: .input, options: JoinOptions(aggregates: [Aggregate(.count, name: "incidents")]))
/// for (index, incident) in incidents.enumerated() { _ = count.apply(incident, at: SourceLocation(record: index + 1)) }
/// let counted = count.finish()                                // the districts, each with its count
/// ```
///
/// One side is held and indexed in an ``STRTree``, the other streamed
/// through ``apply(_:at:)``: `side` says which is held. With `.other`
/// (the other layer held), each input feature comes out as it is applied;
/// with `.input` (the input held, the other layer streamed, for ten
/// million points against a few hundred polygons), the input's features
/// come out of ``finish()`` in their order, and memory is bounded by the
/// input and its matches' aggregates. Points in polygons are decided by a
/// ``PointLocator`` (GEOS where a point is within rounding of an edge);
/// other pairs by GEOS's prepared geometries. `.nearest` always holds the
/// other layer, measures in metres on the ellipsoid (between points,
/// geodesics; otherwise in an azimuthal equidistant plane centred on the
/// input's feature), and takes the first of equally near features.
///
/// A feature's first match is the other layer's earliest; a one-to-one
/// join adds its properties (a name the input's feature has already gets
/// ``JoinOptions/suffix``), then the aggregates over every match. An
/// unmatched feature of a left join gets nulls for them, and counts of 0.
public final class JoinOperation: FeatureOperation, @unchecked Sendable {
    public enum IndexedSide: Sendable {
        /// The other layer is held; the input is streamed.
        case other
        /// The input is held; the other layer is streamed.
        case input
    }

    public let options: JoinOptions
    public let side: IndexedSide
    private let indexed: [Feature]
    private let tree: STRTree
    private let operations = GeometryOperations()
    private var locators: [PointLocator?]
    /// The held polygons' grid, made when the first point streams past.
    private var grid: PolygonGrid??
    private var prepared: [Int: (geometry: OpaquePointer, prepared: OpaquePointer)] = [:]
    private var found = DiagnosticCollector()
    /// The other layer's property names met, in order (for the nulls of unmatched features).
    private var otherNames: [String] = []
    private var otherNamesSeen: Set<String> = []
    /// With `.input` held: each input feature's matches so far.
    private var firstMatch: [[(String, JSONValue)]?] = []
    private var allMatches: [[[(String, JSONValue)]]] = []
    private var accumulators: [[Aggregate.Accumulator]] = []
    /// Each aggregate's field (nil for a count).
    private let aggregateFields: [String?]
    /// Whether each held feature is a polygon or MultiPolygon.
    private let polygonal: [Bool]
    /// Whether some held features are points or lines.
    private let holdsOtherThanPolygons: Bool

    private var context: GEOSContextHandle_t { operations.context }

    public init(indexed: [Feature], side: IndexedSide, options: JoinOptions) {
        self.indexed = indexed
        self.side = options.predicate == .nearest ? .other : side
        self.options = options
        tree = STRTree(boxes: indexed.map { $0.geometry?.boundingBox })
        polygonal = indexed.map { $0.geometry?.isPolygonal == true }
        holdsOtherThanPolygons = indexed.contains { $0.geometry.map { !$0.isPolygonal } ?? false }
        aggregateFields = options.aggregates.map { $0.kind == .count ? nil : $0.field }
        locators = Array(repeating: nil, count: indexed.count)
        if self.side == .other {
            for feature in indexed { noteNames(of: feature) }
        } else {
            firstMatch = Array(repeating: nil, count: indexed.count)
            allMatches = Array(repeating: [], count: options.oneToMany ? indexed.count : 0)
            accumulators = Array(repeating: options.aggregates.map(Aggregate.Accumulator.init), count: indexed.count)
        }
    }

    deinit {
        for (geometry, prepared) in prepared.values {
            libgeos.GEOSPreparedGeom_destroy_r(context, prepared)
            libgeos.GEOSGeom_destroy_r(context, geometry)
        }
    }

    public var diagnostics: [Diagnostic] { found.diagnostics }

    public func apply(_ feature: Feature, at location: @autoclosure () -> SourceLocation) -> [Feature] {
        switch side {
        case .other:
            let matches = self.matches(of: feature, at: location).sorted { $0.index < $1.index }
            return joined(feature, matches.map { (indexed[$0.index], $0.distance) })
        case .input:
            noteNames(of: feature)
            // Copied only when a match keeps them: most streamed features match nothing new.
            var copied: [(String, JSONValue)]?
            for match in matches(of: feature, at: location) {
                let i = match.index
                if firstMatch[i] == nil || options.oneToMany {
                    let properties = copied ?? copiedProperties(of: feature)
                    copied = properties
                    if firstMatch[i] == nil { firstMatch[i] = properties }
                    if options.oneToMany { allMatches[i].append(properties) }
                }
                for (slot, field) in aggregateFields.enumerated() {
                    accumulators[i][slot].add(field.map { feature.properties[$0] } ?? nil)
                }
            }
            return []
        }
    }

    public func finish() -> [Feature] {
        guard side == .input else { return [] }
        var result: [Feature] = []
        for (index, feature) in indexed.enumerated() {
            guard let first = firstMatch[index] else {
                if options.keepsUnmatched { result.append(unmatched(feature)) }
                continue
            }
            if options.oneToMany {
                result += allMatches[index].map { with(feature, $0, aggregates: []) }
            } else {
                result.append(with(feature, first, aggregates: accumulators[index]))
            }
        }
        return result
    }

    // MARK: - Output

    private func joined(_ feature: Feature, _ matches: [(Feature, Double?)]) -> [Feature] {
        guard let first = matches.first else { return options.keepsUnmatched ? [unmatched(feature)] : [] }
        if options.oneToMany {
            return matches.map { match, distance in
                var out = with(feature, copiedProperties(of: match), aggregates: [])
                if let name = options.distanceName { out.properties[name] = distance.map(JSONValue.double) ?? .null }
                return out
            }
        }
        var accumulators = options.aggregates.map(Aggregate.Accumulator.init)
        for (match, _) in matches {
            for slot in accumulators.indices {
                let aggregate = accumulators[slot].aggregate
                accumulators[slot].add(aggregate.kind == .count ? nil : match.properties[aggregate.field])
            }
        }
        var out = with(feature, copiedProperties(of: first.0), aggregates: accumulators)
        if let name = options.distanceName { out.properties[name] = first.1.map(JSONValue.double) ?? .null }
        return [out]
    }

    private func with(_ feature: Feature, _ copied: [(String, JSONValue)], aggregates: [Aggregate.Accumulator])
        -> Feature
    {
        var out = feature
        out.propertiesAreNull = false
        for (name, value) in copied { out.properties[outputName(name, in: feature)] = value }
        for accumulator in aggregates { out.properties[accumulator.aggregate.name] = accumulator.result }
        return out
    }

    private func unmatched(_ feature: Feature) -> Feature {
        let names = options.fields ?? (options.aggregates.isEmpty ? otherNames : [])
        var out = with(
            feature, names.map { ($0, .null) }, aggregates: options.aggregates.map(Aggregate.Accumulator.init))
        if let name = options.distanceName { out.properties[name] = .null }
        return out
    }

    private func outputName(_ name: String, in feature: Feature) -> String {
        feature.properties[name] == nil ? name : name + options.suffix
    }

    private func copiedProperties(of other: Feature) -> [(String, JSONValue)] {
        if let fields = options.fields { return fields.map { ($0, other.properties[$0] ?? .null) } }
        guard options.aggregates.isEmpty else { return [] }
        return Array(other.properties.members)
    }

    private func noteNames(of feature: Feature) {
        guard options.fields == nil, options.aggregates.isEmpty else { return }
        for name in feature.properties.keys where otherNamesSeen.insert(name).inserted { otherNames.append(name) }
    }

    // MARK: - Matching

    /// The indexed features `feature` matches, with the distance for `.nearest`.
    private func matches(of feature: Feature, at location: () -> SourceLocation) -> [(index: Int, distance: Double?)] {
        guard let geometry = feature.geometry, let box = geometry.boundingBox else { return [] }
        if options.predicate == .nearest { return nearest(to: geometry, box: box, at: location) }
        var result: [(index: Int, distance: Double?)] = []
        var streamedGEOS: OpaquePointer?
        defer { if let streamedGEOS { libgeos.GEOSGeom_destroy_r(context, streamedGEOS) } }
        let point: Coordinate? = if case .point(let c) = geometry { c } else { nil }
        if let point, options.predicate == .intersects, let grid = polygonGrid() {
            // Points in polygons: the grid, the locators of the polygons
            // whose edges cross the point's cell, GEOS when they are in doubt.
            grid.candidates(of: point) { index, covers in
                let place = covers ? .inside : locator(index).locate(point)
                if place == .inside {
                    result.append((index, nil))
                } else if place == .uncertain, let prepared = preparedGeometry(index) {
                    if streamedGEOS == nil { streamedGEOS = validatorGEOS(geometry, at: location) }
                    if let streamedGEOS, libgeos.GEOSPreparedIntersects_r(context, prepared, streamedGEOS) == 1 {
                        result.append((index, nil))
                    }
                }
            }
            // Held points and lines the grid does not hold.
            if holdsOtherThanPolygons {
                tree.search(box) { index in
                    if !polygonal[index], let prepared = preparedGeometry(index) {
                        if streamedGEOS == nil { streamedGEOS = validatorGEOS(geometry, at: location) }
                        if let streamedGEOS, libgeos.GEOSPreparedIntersects_r(context, prepared, streamedGEOS) == 1 {
                            result.append((index, nil))
                        }
                    }
                }
            }
            return result
        }
        tree.search(box) { index in
            // A streamed point against an indexed polygon: the locator,
            // GEOS only when in doubt.
            if let point, polygonal[index] {
                let place = locator(index).locate(point)
                if place != .uncertain {
                    let isMatch =
                        switch options.predicate {
                        case .intersects, .nearest: place == .inside
                        // The input's point within the other's polygon.
                        case .within: place == .inside && side == .other
                        // The input's polygon holding the other's point.
                        case .contains: place == .inside && side == .input
                        }
                    if isMatch { result.append((index, nil)) }
                    return
                }
            }
            if streamedGEOS == nil { streamedGEOS = validatorGEOS(geometry, at: location) }
            guard let streamedGEOS, let prepared = preparedGeometry(index) else { return }
            let answer: Int8
            switch (options.predicate, side) {
            case (.within, .other): answer = libgeos.GEOSPreparedContains_r(context, prepared, streamedGEOS)
            case (.within, .input): answer = libgeos.GEOSPreparedWithin_r(context, prepared, streamedGEOS)
            case (.contains, .other): answer = libgeos.GEOSPreparedWithin_r(context, prepared, streamedGEOS)
            case (.contains, .input): answer = libgeos.GEOSPreparedContains_r(context, prepared, streamedGEOS)
            default: answer = libgeos.GEOSPreparedIntersects_r(context, prepared, streamedGEOS)
            }
            if answer == 1 { result.append((index, nil)) }
            if answer == 2 { failed("GEOS could not test the \(options.predicate.rawValue) predicate", at: location) }
        }
        return result
    }

    /// The nearest indexed features within the maximum distance: the box
    /// searched grows until one is found nearer than its half-width.
    private func nearest(to geometry: Geometry, box: BoundingBox, at location: () -> SourceLocation) -> [(
        index: Int, distance: Double?
    )] {
        guard let centre = GeometryOperations.centre(of: geometry) else { return [] }
        let limit = options.maximumDistance ?? GeometryOperations.halfMeridian
        var radius = min(limit, 1_000.0)
        var measured: [Int: Double] = [:]
        while true {
            let grown = Self.grown(box, by: radius)
            tree.search(grown) { index in
                if measured[index] == nil { measured[index] = distance(from: geometry, centre: centre, to: index) }
            }
            let best = measured.filter { $0.value <= radius && $0.value <= limit }.min {
                $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key)
            }
            if let best { return [(best.key, best.value)] }
            if radius >= limit { return [] }
            radius = min(limit, radius * 4)
        }
    }

    /// `box` grown by `metres` on every side (generously: a degree of
    /// latitude is taken as 110 km, of longitude at the box's widest).
    static func grown(_ box: BoundingBox, by metres: Double) -> BoundingBox {
        let latitude = metres / 110_000
        let widest = max(abs(box.south), abs(box.north)) + latitude
        let longitude = widest >= 89 ? 360 : metres / (110_000 * cos(widest * .pi / 180))
        return BoundingBox(
            west: max(-180, box.west - longitude), south: max(-90, box.south - latitude),
            east: min(180, box.east + longitude), north: min(90, box.north + latitude))
    }

    /// Metres from `geometry` to the indexed feature: a geodesic between
    /// points, else GEOS's distance in a plane centred on `centre`.
    private func distance(from geometry: Geometry, centre: Coordinate, to index: Int) -> Double {
        guard let other = indexed[index].geometry else { return .infinity }
        if case .point(let a) = geometry, case .point(let b) = other { return a.distance(to: b) }
        let plane = AzimuthalEquidistant(centre: centre)
        func projected(_ g: Geometry) -> Geometry {
            g.mappingCoordinates {
                let (x, y) = plane.forward($0)
                return Coordinate(latitude: y, longitude: x)
            }
        }
        guard let a = operations.validator.makeAnyGEOS(projected(geometry)),
            let b = operations.validator.makeAnyGEOS(projected(other))
        else { return .infinity }
        defer {
            libgeos.GEOSGeom_destroy_r(context, a)
            libgeos.GEOSGeom_destroy_r(context, b)
        }
        var metres = 0.0
        return libgeos.GEOSDistance_r(context, a, b, &metres) == 1 ? metres : .infinity
    }

    /// The grid of the held polygons, when there are some.
    private func polygonGrid() -> PolygonGrid? {
        if let grid { return grid }
        for index in indexed.indices where polygonal[index] { _ = locator(index) }
        let made = PolygonGrid(indexed.map { $0.geometry?.isPolygonal == true ? $0.geometry : nil }, locators: locators)
        grid = .some(made)
        return made
    }

    private func locator(_ index: Int) -> PointLocator {
        if let known = locators[index] { return known }
        // Asked only for polygons (`polygonal`), so the geometry is there.
        let made = PointLocator(indexed[index].geometry ?? .multiPolygon([]))
        locators[index] = made
        return made
    }

    private func preparedGeometry(_ index: Int) -> OpaquePointer? {
        if let known = prepared[index] { return known.prepared }
        guard let geometry = indexed[index].geometry, let made = operations.validator.makeAnyGEOS(geometry) else {
            return nil
        }
        guard let ready = libgeos.GEOSPrepare_r(context, made) else {
            libgeos.GEOSGeom_destroy_r(context, made)
            return nil
        }
        prepared[index] = (made, ready)
        return ready
    }

    private func validatorGEOS(_ geometry: Geometry, at location: () -> SourceLocation) -> OpaquePointer? {
        guard let made = operations.validator.makeAnyGEOS(geometry) else {
            failed("the geometry cannot be given to GEOS (a ring not closed, or a line of one position)", at: location)
            return nil
        }
        return made
    }

    private func failed(_ message: String, at location: () -> SourceLocation) {
        found.append(Diagnostic(severity: .error, code: "join.failed", message: message, location: location()))
    }
}
