import MeridianCore
import MeridianValidity

/// How `convert` shapes the data on its way through, feature by feature
/// (memory stays bounded by the largest feature).
public struct ShapingOptions: Sendable {
    /// Keep the features for which this holds (`--where`).
    public var filter: FeatureExpression?
    /// Keep only these properties, in this order (`--select`).
    public var select: [String]?
    /// Remove these properties (`--drop`).
    public var drop: [String] = []
    /// Rename properties, old to new (`--rename OLD=NEW`).
    public var rename: [(old: String, new: String)] = []
    /// Keep the features whose geometry meets this box (`--bbox`), as
    /// ``Geometry/meets(_:)`` decides...
    public var bbox: BoundingBox?
    /// ...and cut their geometry to it (`--clip`).
    public var clip = false
    /// Split multi-geometries (and collections) into one feature per part (`--explode`).
    public var explode = false
    /// Replace each geometry by a point on it (`--point-on-surface`).
    public var pointOnSurface = false
    /// Stop after this many features are written (`--limit`).
    public var limit: Int?
    /// Keep one layer of a multi-layer input (`--layer`), as
    /// ``FeatureSource/layer(of:)`` names them: a GeoPackage's table, a
    /// GPX's `waypoints`, `routes` or `tracks`, an IMDF archive's feature
    /// type (`unit`, `opening`...), a KML's top-level folder; a feature of
    /// no layer is in one named after its file, without the extension.
    public var layer: String?
    /// Simplify lines and rings to this tolerance, in degrees (`--simplify`).
    public var simplify: Double?
    /// Douglas-Peucker (each feature kept valid by GEOS) or Visvalingam.
    public var simplifyMethod: Simplification.Method = .douglasPeucker
    /// Keep borders shared by neighbouring features shared
    /// (``TopologySimplifier``): the whole layer is held.
    public var keepsSharedBorders = false

    public init() {}

    /// True when nothing is asked: features pass through untouched.
    public var isEmpty: Bool {
        filter == nil && select == nil && drop.isEmpty && rename.isEmpty && bbox == nil && !explode && !pointOnSurface
            && limit == nil && simplify == nil && layer == nil
    }
}

/// Applies ``ShapingOptions`` to one feature at a time: filter first (on
/// the properties as read), then the box, clipping, exploding, the point on
/// the surface, and last the properties kept, dropped and renamed. One
/// shaper per thread (it owns a GEOS context for clipping).
///
/// ```swift
/// var options = ShapingOptions()
/// options.filter = try FeatureExpression("type = 'park'")
/// options.select = ["name"]
/// let shaper = FeatureShaper(options: options)
/// shaper.shape(feature)      // [] or the shaped feature (several when exploded)
/// ```
public final class FeatureShaper {
    public let options: ShapingOptions
    /// How many features ``shape(_:)`` has let through.
    public private(set) var emitted = 0
    /// The layers met (for the warning when `layer` names none of them).
    public private(set) var layersSeen: [String] = []
    /// Whether any feature was in the layer asked for.
    public private(set) var sawLayer = false
    /// The layer of a feature its source puts in none: the input's file
    /// name without its extension.
    private let fileLayer: String
    private lazy var geos = GeometryValidator()

    /// `inputName` names the layer of features that have none.
    public init(options: ShapingOptions, inputName: String? = nil) {
        self.options = options
        let file = (inputName ?? "").split(separator: "/").last.map(String.init) ?? ""
        fileLayer = file.split(separator: ".").first.map(String.init) ?? file
    }

    /// True once ``ShapingOptions/limit`` features have been let through.
    public var isFull: Bool { options.limit.map { emitted >= $0 } ?? false }

    /// The features `feature` becomes: none, itself shaped, or its parts.
    /// `layer` is the one its source gives it (``FeatureSource/layer(of:)``).
    public func shape(_ feature: Feature, layer: String? = nil) -> [Feature] {
        if isFull { return [] }
        if let wanted = options.layer {
            let name = layer ?? fileLayer
            if !layersSeen.contains(name), layersSeen.count < 100 { layersSeen.append(name) }
            if name != wanted { return [] }
            sawLayer = true
        }
        if let filter = options.filter, !filter.matches(feature) { return [] }
        var feature = feature
        if let box = options.bbox {
            guard let geometry = feature.geometry, geometry.meets(box) else { return [] }
            if options.clip {
                guard let clipped = geos.clipped(geometry, to: box) else { return [] }
                feature.geometry = clipped
            }
        }
        if let tolerance = options.simplify, !options.keepsSharedBorders, let geometry = feature.geometry {
            switch options.simplifyMethod {
            case .douglasPeucker: feature.geometry = geos.simplifiedPreservingTopology(geometry, tolerance: tolerance)
            case .visvalingam:
                feature.geometry = TopologySimplifier.mapPaths(geometry) { path, closed in
                    let simpler = Simplification.visvalingam(path, tolerance: tolerance)
                    return simpler.count >= (closed ? 4 : 2) ? simpler : nil
                }
            }
        }
        var features = options.explode ? Self.exploded(feature) : [feature]
        if options.pointOnSurface {
            for index in features.indices {
                features[index].geometry = features[index].geometry.flatMap { geos.pointOnSurface($0) }.map(
                    Geometry.point)
            }
        }
        if options.select != nil || !options.drop.isEmpty || !options.rename.isEmpty {
            for index in features.indices { features[index].properties = shapedProperties(features[index].properties) }
        }
        if let limit = options.limit, emitted + features.count > limit {
            features.removeLast(emitted + features.count - limit)
        }
        emitted += features.count
        return features
    }

    /// One feature per part of a multi-geometry or collection (nested
    /// collections flattened); others as they are.
    static func exploded(_ feature: Feature) -> [Feature] {
        func parts(_ geometry: Geometry) -> [Geometry] {
            switch geometry {
            case .multiPoint(let points): points.map(Geometry.point)
            case .multiLineString(let lines): lines.map(Geometry.lineString)
            case .multiPolygon(let polygons): polygons.map(Geometry.polygon)
            case .geometryCollection(let members): members.flatMap(parts)
            default: [geometry]
            }
        }
        guard let geometry = feature.geometry else { return [feature] }
        return parts(geometry).map { part in
            var copy = feature
            copy.geometry = part
            copy.bbox = nil
            return copy
        }
    }

    private func shapedProperties(_ properties: JSONObject) -> JSONObject {
        var result: JSONObject
        if let select = options.select {
            result = JSONObject()
            for key in select { if let value = properties[key] { result[key] = value } }
        } else {
            result = properties
            for key in options.drop { result[key] = nil }
        }
        for (old, new) in options.rename {
            guard let value = result[old] else { continue }
            result = JSONObject(result.members.map { key, existing in key == old ? (new, value) : (key, existing) })
        }
        return result
    }
}
