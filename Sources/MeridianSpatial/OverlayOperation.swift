import MeridianCore

/// What ``OverlayOperation`` makes of the input and the other layer, as
/// mapshaper's `-clip` and `-erase` and geopandas's `overlay` name it.
public enum OverlayKind: String, Sendable, Hashable, CaseIterable {
    /// The part of each input feature inside the other layer (the input's properties).
    case clip
    /// The part of each input feature outside the other layer (the input's
    /// properties); geopandas calls it `difference`.
    case erase
    /// Each piece where an input feature and an other feature meet, with
    /// both features' properties.
    case intersect
    /// The pieces of `intersect`, and the parts of each input feature
    /// outside the other layer.
    case identity
    /// The pieces of `intersect`, and the parts of each feature of either
    /// layer outside the other.
    case union
    /// The parts of each feature of either layer outside the other.
    case symmetricDifference = "symmetric-difference"
}

/// Overlays the input on another layer, held in memory: `meridian
/// overlay`. The input streams; each feature is cut against the other
/// layer's features whose boxes meet its own (an ``STRTree``), by GEOS.
///
/// ```swift
/// let parks = try RepairedLayer(path: "parks.geojson").features
/// let overlay = OverlayOperation(other: parks, kind: .erase)
/// let builtLand = overlay.apply(parcel, at: SourceLocation())   // the parcel less the parks
/// ```
///
/// A piece keeps the dimension of the feature it was cut from (a polygon
/// cut by a polygon it only touches leaves no line behind), as geopandas's
/// `keep_geom_type` does; a feature of which nothing is left is not
/// written. In the pieces with both features' properties, a property of
/// the other feature whose name the input's has gets `suffix`. With
/// `.union` and `.symmetricDifference`, the other layer's parts outside the
/// input come out of ``finish()``, in the other layer's order, after every
/// input feature's.
public final class OverlayOperation: FeatureOperation, @unchecked Sendable {
    public let kind: OverlayKind
    public let suffix: String
    private let other: [Feature]
    private let tree: STRTree
    private let operations = GeometryOperations()
    private var found = DiagnosticCollector()
    /// With `.union` and `.symmetricDifference`: the input pieces met by each other feature.
    private var covered: [[Geometry]]
    /// The other layer's property names, for the nulls of one-sided pieces.
    private let otherNames: [String]
    private var inputNames: [String] = []
    private var inputNamesSeen: Set<String> = []

    public init(other: [Feature], kind: OverlayKind, suffix: String = "_2") {
        self.other = other
        self.kind = kind
        self.suffix = suffix
        tree = STRTree(boxes: other.map { $0.geometry?.boundingBox })
        covered = Array(repeating: [], count: other.count)
        var names: [String] = []
        var seen: Set<String> = []
        for feature in other {
            for name in feature.properties.keys where seen.insert(name).inserted { names.append(name) }
        }
        otherNames = names
    }

    public var diagnostics: [Diagnostic] { found.diagnostics }

    public func apply(_ feature: Feature, at location: @autoclosure () -> SourceLocation) -> [Feature] {
        for name in feature.properties.keys where inputNamesSeen.insert(name).inserted { inputNames.append(name) }
        guard let geometry = feature.geometry, let box = geometry.boundingBox else {
            // Without geometry, nothing to cut: erase and the one-sided kinds keep it.
            return [.clip, .intersect].contains(kind) ? [] : [feature]
        }
        var candidates: [Int] = []
        tree.search(box) { candidates.append($0) }
        candidates.sort()
        do {
            var meeting: [Int] = []
            for index in candidates {
                guard let shape = other[index].geometry, try operations.intersects(geometry, shape) else { continue }
                meeting.append(index)
            }
            var out: [Feature] = []
            switch kind {
            case .clip:
                let inside = try operations.union(of: meeting.compactMap { other[$0].geometry })
                if let inside, let piece = try kept(operations.intersection(geometry, inside), like: geometry) {
                    out.append(with(feature, geometry: piece))
                }
            case .intersect, .identity, .union:
                for index in meeting {
                    guard let shape = other[index].geometry,
                        let piece = try kept(operations.intersection(geometry, shape), like: geometry)
                    else { continue }
                    out.append(joined(feature, other[index], geometry: piece))
                    if kind == .union { covered[index].append(geometry) }
                }
                if kind != .intersect, let rest = try outside(geometry, meeting) {
                    out.append(oneSided(feature, geometry: rest))
                }
            case .erase:
                if let rest = try outside(geometry, meeting) { out.append(with(feature, geometry: rest)) }
            case .symmetricDifference:
                for index in meeting { covered[index].append(geometry) }
                if let rest = try outside(geometry, meeting) { out.append(oneSided(feature, geometry: rest)) }
            }
            return out
        } catch {
            found.append(
                Diagnostic(
                    severity: .error, code: "overlay.failed", message: error.description, location: location()))
            return []
        }
    }

    public func finish() -> [Feature] {
        guard kind == .union || kind == .symmetricDifference else { return [] }
        var out: [Feature] = []
        for (index, feature) in other.enumerated() {
            guard let geometry = feature.geometry else { continue }
            do {
                let rest: Geometry?
                if covered[index].isEmpty {
                    rest = geometry
                } else if let inputs = try operations.union(of: covered[index]) {
                    rest = try kept(operations.difference(geometry, inputs), like: geometry)
                } else {
                    rest = geometry
                }
                guard let rest else { continue }
                var properties = JSONObject()
                for name in inputNames { properties[name] = .null }
                for (name, value) in feature.properties.members { properties[outputName(name)] = value }
                out.append(Feature(id: feature.id, geometry: rest, properties: properties))
            } catch {
                found.append(
                    Diagnostic(
                        severity: .error, code: "overlay.failed",
                        message: "the other layer's feature \(index + 1): \(error.description)",
                        location: SourceLocation()))
            }
            covered[index] = []
        }
        return out
    }

    /// The part of `geometry` outside the other features `meeting` it.
    private func outside(_ geometry: Geometry, _ meeting: [Int]) throws(GeometryOperationError) -> Geometry? {
        guard !meeting.isEmpty else { return geometry }
        guard let cover = try operations.union(of: meeting.compactMap { other[$0].geometry }) else { return geometry }
        return try kept(operations.difference(geometry, cover), like: geometry)
    }

    /// The parts of `piece` of the dimension of `source` (polygons of a
    /// polygon, lines of a line, points of a point); nil when none.
    private func kept(_ piece: Geometry?, like source: Geometry) -> Geometry? {
        guard let piece else { return nil }
        let parts = piece.simpleParts.filter { $0.dimension == source.dimension }
        guard !parts.isEmpty else { return nil }
        if parts.count == 1, !source.isMulti { return parts[0] }
        switch source.dimension {
        case 2: return .multiPolygon(parts.flatMap(\.polygons))
        case 1:
            return .multiLineString(parts.compactMap { if case .lineString(let line) = $0 { line } else { nil } })
        default: return .multiPoint(parts.compactMap { if case .point(let c) = $0 { c } else { nil } })
        }
    }

    private func with(_ feature: Feature, geometry: Geometry) -> Feature {
        var out = feature
        out.geometry = geometry.isPolygonal ? geometry.rewoundToRightHandRule() : geometry
        return out
    }

    private func joined(_ feature: Feature, _ otherFeature: Feature, geometry: Geometry) -> Feature {
        var out = with(feature, geometry: geometry)
        out.propertiesAreNull = false
        for (name, value) in otherFeature.properties.members { out.properties[outputName(name)] = value }
        return out
    }

    /// A piece of the input alone, with nulls for the other layer's properties.
    private func oneSided(_ feature: Feature, geometry: Geometry) -> Feature {
        var out = with(feature, geometry: geometry)
        guard kind != .erase else { return out }
        out.propertiesAreNull = false
        for name in otherNames where out.properties[outputName(name)] == nil {
            out.properties[outputName(name)] = .null
        }
        return out
    }

    private func outputName(_ name: String) -> String {
        inputNamesSeen.contains(name) ? name + suffix : name
    }
}

extension Geometry {
    /// 0 for points, 1 for lines, 2 for polygons (a collection: its highest).
    var dimension: Int {
        switch self {
        case .point, .multiPoint: 0
        case .lineString, .multiLineString: 1
        case .polygon, .multiPolygon: 2
        case .geometryCollection(let members): members.map(\.dimension).max() ?? 0
        }
    }

    var isMulti: Bool {
        switch self {
        case .multiPoint, .multiLineString, .multiPolygon, .geometryCollection: true
        default: false
        }
    }
}
