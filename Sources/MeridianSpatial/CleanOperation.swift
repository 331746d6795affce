import MeridianCore

/// Finds the overlaps and gaps between neighbouring polygons of a layer,
/// reports each, and mends them: `meridian clean`, as mapshaper's
/// `-clean` does.
///
/// ```swift
/// let clean = CleanOperation(gapArea: 10_000)
/// for (index, parcel) in parcels.enumerated() { _ = clean.apply(parcel, at: SourceLocation(record: index + 1)) }
/// let mended = clean.finish()      // the parcels, in order, without overlaps or small gaps
/// clean.diagnostics                // clean.overlap and clean.gap, located at the features
/// ```
///
/// - An **overlap** is the area two polygons both cover. It is given to
///   the larger of the two (by area; the earlier one when equal) and cut
///   out of the other.
/// - A **gap** is a hole in the union of the layer that at least two
///   features border (a hole inside one polygon, a lake, is that
///   polygon's own). One smaller than `gapArea` square metres (geodesic)
///   is given to the neighbour that shares the longest border with it;
///   larger ones are reported and left.
///
/// Only the features an overlap or a gap touches change, and only along
/// the overlap or gap: every other border keeps its positions. Features
/// that are not polygons pass through unchanged. Cost: every feature is
/// held; each pair of neighbours is intersected once.
public final class CleanOperation: FeatureOperation, @unchecked Sendable {
    /// Gaps smaller than this (m², on the ellipsoid) are filled.
    public let gapArea: Double
    /// Whether to mend what is found, or only report it.
    public let mends: Bool
    private var features: [Feature] = []
    private var locations: [SourceLocation] = []
    private let operations = GeometryOperations()
    private var found = DiagnosticCollector()

    public init(gapArea: Double = 10_000, mends: Bool = true) {
        self.gapArea = gapArea
        self.mends = mends
    }

    public var diagnostics: [Diagnostic] { found.diagnostics }

    public func apply(_ feature: Feature, at location: @autoclosure () -> SourceLocation) -> [Feature] {
        features.append(feature)
        locations.append(location())
        return []
    }

    public func finish() -> [Feature] {
        defer {
            features = []
            locations = []
        }
        var geometries: [Geometry?] = features.map { $0.geometry?.isPolygonal == true ? $0.geometry : nil }
        do {
            try mendOverlaps(&geometries)
            try fillGaps(&geometries)
        } catch {
            found.append(
                Diagnostic(
                    severity: .error, code: "clean.failed", message: error.description,
                    location: SourceLocation(file: locations.first?.file)))
            return features
        }
        guard mends else { return features }
        return features.enumerated().map { index, feature in
            var out = feature
            if feature.geometry?.isPolygonal == true { out.geometry = geometries[index]?.rewoundToRightHandRule() }
            return out
        }
    }

    // MARK: - Overlaps

    private func mendOverlaps(_ geometries: inout [Geometry?]) throws(GeometryOperationError) {
        let tree = STRTree(boxes: geometries.map { $0?.boundingBox })
        let areas = geometries.map { $0?.geodesicArea ?? 0 }
        var cuts: [[Geometry]] = Array(repeating: [], count: geometries.count)
        for (i, geometry) in geometries.enumerated() {
            guard let geometry, let box = geometry.boundingBox else { continue }
            var neighbours: [Int] = []
            tree.search(box) { if $0 > i { neighbours.append($0) } }
            for j in neighbours.sorted() {
                guard let other = geometries[j], try operations.intersects(geometry, other),
                    let shared = try operations.intersection(geometry, other)?.polygonalPart(multi: false)
                else { continue }
                let area = shared.geodesicArea
                guard area > 0 else { continue }
                let (keeper, loser) = areas[j] > areas[i] ? (j, i) : (i, j)
                cuts[loser].append(shared)
                let place = operations.pointOnSurface(shared)
                found.append(
                    Diagnostic(
                        severity: .warning, code: "clean.overlap",
                        message:
                            "overlaps \(name(j)) by \(Self.squareMetres(area))\(place.map { " around \(Self.position($0))" } ?? "")\(mends ? "; given to \(name(keeper)), the larger" : "")",
                        location: locations[i]))
            }
        }
        guard mends else { return }
        for (index, pieces) in cuts.enumerated() where !pieces.isEmpty {
            guard let geometry = geometries[index], let cut = try operations.union(of: pieces) else { continue }
            geometries[index] = try operations.difference(geometry, cut)?.polygonalPart(multi: false)
        }
    }

    // MARK: - Gaps

    private func fillGaps(_ geometries: inout [Geometry?]) throws(GeometryOperationError) {
        guard let union = try operations.union(of: geometries.compactMap { $0 }) else { return }
        let tree = STRTree(boxes: geometries.map { $0?.boundingBox })
        var additions: [[Geometry]] = Array(repeating: [], count: geometries.count)
        for polygon in union.polygons {
            for hole in polygon.dropFirst() {
                let gap = Geometry.polygon([Array(hole.reversed())])
                guard let box = gap.boundingBox else { continue }
                let edge = Geometry.lineString(hole)
                // The features along the gap's edge, and how long each shares it.
                var borders: [(index: Int, length: Double)] = []
                var candidates: [Int] = []
                tree.search(box) { candidates.append($0) }
                for index in candidates.sorted() {
                    guard let geometry = geometries[index], try operations.intersects(edge, geometry),
                        let shared = try operations.intersection(edge, geometry)
                    else { continue }
                    borders.append((index, shared.geodesicLength))
                }
                guard borders.count >= 2 else { continue }
                let area = gap.geodesicArea
                let fills = mends && area < gapArea
                guard
                    let neighbour = borders.max(by: {
                        $0.length < $1.length || ($0.length == $1.length && $0.index > $1.index)
                    })
                else { continue }
                let place = operations.pointOnSurface(gap)
                found.append(
                    Diagnostic(
                        severity: .warning, code: "clean.gap",
                        message:
                            "a gap of \(Self.squareMetres(area)) between \(borders.count) features\(place.map { " around \(Self.position($0))" } ?? "")"
                            + (fills
                                ? "; given to \(name(neighbour.index)), which borders it longest"
                                : mends ? "; left (not under --gap-area)" : ""),
                        location: locations[borders[0].index]))
                if fills { additions[neighbour.index].append(gap) }
            }
        }
        for (index, pieces) in additions.enumerated() where !pieces.isEmpty {
            guard let geometry = geometries[index] else { continue }
            geometries[index] = try operations.union(of: [geometry] + pieces)?.polygonalPart(multi: false)
        }
    }

    // MARK: - Words

    /// A feature as a message names it: its id, else its number.
    private func name(_ index: Int) -> String {
        if let id = features[index].id { return "feature \(id.description)" }
        return "feature \(index + 1)"
    }

    static func squareMetres(_ area: Double) -> String {
        area >= 1e6 ? "\((area / 1e4).rounded() / 100) km²" : "\((area * 10).rounded() / 10) m²"
    }

    static func position(_ c: Coordinate) -> String {
        "\((c.longitude * 1e6).rounded() / 1e6), \((c.latitude * 1e6).rounded() / 1e6)"
    }
}
