import MeridianCore
import MeridianIO
import MeridianJSON

extension OutputFormat {
    /// TopoJSON: a topology of shared arcs.
    public static let topoJSON = OutputFormat("topojson")
}

/// Where ``WritingOptions`` keeps the TopoJSON quantization.
enum TopoJSONQuantizationKey: FormatOptionKey {
    static let defaultValue: Int? = nil
}

extension WritingOptions {
    /// Quantize a TopoJSON output's positions to a grid of this many
    /// steps a side over its extent (`--quantize`, 10 000 to 1 000 000 as
    /// topojson and mapshaper use): arcs delta-encoded, a `transform`
    /// given. Nil writes positions as they are.
    public var topoJSONQuantization: Int? {
        get { self[TopoJSONQuantizationKey.self] }
        set { self[TopoJSONQuantizationKey.self] = newValue }
    }
}

/// TopoJSON as an output format (`.topojson`, `--to topojson`).
public struct TopoJSONOutputFormat: FeatureOutputFormat {
    public let format = OutputFormat.topoJSON
    public let extensions = [".topojson"]

    public init() {}

    public func writer(to destination: OutputDestination, options: WritingOptions) throws(DiagnosticError)
        -> any FeatureWriter
    {
        TopoJSONWriter(destination: destination, options: options)
    }
}

/// Writes features as one TopoJSON topology: an object (a
/// GeometryCollection) per layer of the input, as `--layer` names them,
/// or one named after the output file; lines and rings cut into arcs at
/// their junctions by ``ArcTopology``, as `convert --topology` cuts them,
/// so that a border two polygons share is written once. The features are
/// held to the end, as the arcs need every neighbour.
final class TopoJSONWriter: FeatureWriter {
    private let destination: OutputDestination
    private let options: WritingOptions
    private var features: [(feature: Feature, layer: String)] = []

    init(destination: OutputDestination, options: WritingOptions) {
        self.destination = destination
        self.options = options
    }

    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
        features.append((feature, layer ?? destination.layerName))
    }

    func complete(collection: FeatureCollection) throws(DiagnosticError) {
        try destination.write(TopologyEncoder(options: options).encode(features))
    }
}

/// Builds a topology's JSON: the arcs of every path, then the objects.
package struct TopologyEncoder {
    let options: WritingOptions

    package init(options: WritingOptions) { self.options = options }

    /// The topology of features, each in its layer, as JSON text.
    package func encode(_ features: [(feature: Feature, layer: String)]) -> [UInt8] {
        var layers: [String] = []
        var byLayer: [String: [Feature]] = [:]
        for (feature, layer) in features {
            if byLayer[layer] == nil { layers.append(layer) }
            byLayer[layer, default: []].append(feature)
        }
        var topology = ArcTopology()
        var extent: BoundingBox?
        for name in layers {
            for feature in byLayer[name]! {
                topology.add(feature.geometry)
                feature.geometry?.forEachCoordinate { position in
                    if extent == nil {
                        extent = BoundingBox(
                            west: position.longitude, south: position.latitude, east: position.longitude,
                            north: position.latitude)
                    } else {
                        extent!.extend(position)
                    }
                }
            }
        }
        var objects = JSONObject()
        for name in layers {
            var geometries: [JSONValue] = []
            for feature in byLayer[name]! {
                var object = JSONObject()
                if let geometry = feature.geometry {
                    object = encode(geometry, topology: &topology, extent: extent)
                } else {
                    object["type"] = .null
                }
                if let id = feature.id { object["id"] = id.jsonValue }
                if !feature.properties.isEmpty { object["properties"] = .object(feature.properties) }
                geometries.append(.object(object))
            }
            objects[name] = .object(JSONObject([("type", "GeometryCollection"), ("geometries", .array(geometries))]))
        }
        var root = JSONObject([("type", "Topology")])
        if let extent {
            root["bbox"] = .array([extent.west, extent.south, extent.east, extent.north].map(JSONValue.double))
        }
        let grid = quantization(extent)
        if let grid {
            root["transform"] = .object(
                JSONObject([
                    ("scale", .array([.double(grid.kx), .double(grid.ky)])),
                    ("translate", .array([.double(grid.x0), .double(grid.y0)])),
                ]))
        }
        root["objects"] = .object(objects)
        root["arcs"] = .array(topology.arcs.map { encodeArc($0, grid: grid) })
        return JSONValue.object(root).jsonBytes(pretty: options.pretty)
    }

    /// The grid positions are snapped to: a step per axis and the origin.
    private func quantization(_ extent: BoundingBox?) -> (kx: Double, ky: Double, x0: Double, y0: Double)? {
        guard let steps = options.topoJSONQuantization, steps > 1, let extent else { return nil }
        let kx = extent.east > extent.west ? (extent.east - extent.west) / Double(steps - 1) : 1
        let ky = extent.north > extent.south ? (extent.north - extent.south) / Double(steps - 1) : 1
        return (kx, ky, extent.west, extent.south)
    }

    private func number(_ value: Double) -> JSONValue {
        guard let precision = options.precision else { return .double(value) }
        let scale = pow10(precision)
        return .double((value * scale).rounded() / scale)
    }

    private func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }

    private func encodeArc(
        _ arc: [Coordinate], grid: (kx: Double, ky: Double, x0: Double, y0: Double)?
    ) -> JSONValue {
        guard let grid else {
            return .array(
                arc.map { position in
                    var numbers = [number(position.longitude), number(position.latitude)]
                    if let altitude = position.altitude { numbers.append(.double(altitude)) }
                    return .array(numbers)
                })
        }
        // Delta-encoded grid steps; a step that moves nowhere is left out
        // (but an arc keeps two positions).
        var result: [JSONValue] = []
        var (px, py): (Int64, Int64) = (0, 0)
        for (index, position) in arc.enumerated() {
            let x = Int64(((position.longitude - grid.x0) / grid.kx).rounded())
            let y = Int64(((position.latitude - grid.y0) / grid.ky).rounded())
            if index > 0, x == px, y == py, !(index == arc.count - 1 && result.count < 2) { continue }
            result.append(.array([.integer(x - px), .integer(y - py)]))
            (px, py) = (x, y)
        }
        return .array(result)
    }

    private func encodePoint(_ position: Coordinate, extent: BoundingBox?) -> JSONValue {
        if let grid = quantization(extent) {
            return .array([
                .integer(Int64(((position.longitude - grid.x0) / grid.kx).rounded())),
                .integer(Int64(((position.latitude - grid.y0) / grid.ky).rounded())),
            ])
        }
        var numbers = [number(position.longitude), number(position.latitude)]
        if let altitude = position.altitude { numbers.append(.double(altitude)) }
        return .array(numbers)
    }

    /// A geometry object: its type and its coordinates or arc indices
    /// (`~i`, that is -i-1, for arc i run backwards).
    private func encode(_ geometry: Geometry, topology: inout ArcTopology, extent: BoundingBox?) -> JSONObject {
        func arcs(_ path: [Coordinate], closed: Bool) -> JSONValue {
            .array(
                topology.cut(path, closed: closed).map { .integer($0.reversed ? Int64(~$0.index) : Int64($0.index)) })
        }
        var object = JSONObject([("type", .string(geometry.typeName))])
        switch geometry {
        case .point(let position): object["coordinates"] = encodePoint(position, extent: extent)
        case .multiPoint(let positions):
            object["coordinates"] = .array(positions.map { encodePoint($0, extent: extent) })
        case .lineString(let line): object["arcs"] = arcs(line, closed: false)
        case .multiLineString(let lines): object["arcs"] = .array(lines.map { arcs($0, closed: false) })
        case .polygon(let rings): object["arcs"] = .array(rings.map { arcs($0, closed: true) })
        case .multiPolygon(let polygons):
            object["arcs"] = .array(polygons.map { .array($0.map { arcs($0, closed: true) }) })
        case .geometryCollection(let members):
            object["geometries"] = .array(
                members.map { .object(encode($0, topology: &topology, extent: extent)) })
        }
        return object
    }
}
