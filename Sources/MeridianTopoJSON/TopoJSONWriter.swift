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

    /// The grid positions are snapped to when quantizing: a step per axis
    /// and the origin.
    struct Grid {
        var kx, ky, x0, y0: Double

        func cell(_ position: Coordinate) -> (x: Int64, y: Int64) {
            (Int64(((position.longitude - x0) / kx).rounded()), Int64(((position.latitude - y0) / ky).rounded()))
        }
    }

    /// The topology of features, each in its layer, as JSON text.
    package func encode(_ features: [(feature: Feature, layer: String)]) -> [UInt8] {
        var layers: [String] = []
        var byLayer: [String: [Feature]] = [:]
        var topology = ArcTopology()
        var extent: BoundingBox?
        for (feature, layer) in features {
            if byLayer[layer] == nil { layers.append(layer) }
            byLayer[layer, default: []].append(feature)
            topology.add(feature.geometry)
            if let box = feature.geometry?.boundingBox {
                if extent == nil { extent = box } else { extent!.extend(box) }
            }
        }
        let grid = extent.flatMap(grid(over:))
        var objects = JSONObject()
        for name in layers {
            var geometries: [JSONValue] = []
            for feature in byLayer[name]! {
                var object = JSONObject()
                if let geometry = feature.geometry {
                    object = encode(geometry, topology: &topology, grid: grid)
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

    /// The grid `--quantize` asks for over the extent; nil without it.
    private func grid(over extent: BoundingBox) -> Grid? {
        guard let steps = options.topoJSONQuantization, steps > 1 else { return nil }
        let kx = extent.east > extent.west ? (extent.east - extent.west) / Double(steps - 1) : 1
        let ky = extent.north > extent.south ? (extent.north - extent.south) / Double(steps - 1) : 1
        return Grid(kx: kx, ky: ky, x0: extent.west, y0: extent.south)
    }

    /// A position as it is (to `--precision` decimals), with its altitude.
    private func plain(_ position: Coordinate) -> JSONValue {
        var numbers = [position.longitude, position.latitude].map { value -> JSONValue in
            guard let precision = options.precision else { return .double(value) }
            let scale = JSONOutput.powersOfTen[min(max(precision, 0), 17)]
            return .double((value * scale).rounded() / scale)
        }
        if let altitude = position.altitude { numbers.append(.double(altitude)) }
        return .array(numbers)
    }

    private func encodeArc(_ arc: [Coordinate], grid: Grid?) -> JSONValue {
        guard let grid else { return .array(arc.map(plain)) }
        // Delta-encoded grid steps; a step that moves nowhere is left out
        // (but an arc keeps two positions).
        var result: [JSONValue] = []
        var previous: (x: Int64, y: Int64) = (0, 0)
        for (index, position) in arc.enumerated() {
            let cell = grid.cell(position)
            if index > 0, cell == previous, !(index == arc.count - 1 && result.count < 2) { continue }
            result.append(.array([.integer(cell.x - previous.x), .integer(cell.y - previous.y)]))
            previous = cell
        }
        return .array(result)
    }

    /// A point's position: its grid cell (not delta-encoded), or as it is.
    private func encodePoint(_ position: Coordinate, grid: Grid?) -> JSONValue {
        guard let cell = grid?.cell(position) else { return plain(position) }
        return .array([.integer(cell.x), .integer(cell.y)])
    }

    /// A geometry object: its type and its coordinates or arc indices
    /// (`~i`, that is -i-1, for arc i run backwards).
    private func encode(_ geometry: Geometry, topology: inout ArcTopology, grid: Grid?) -> JSONObject {
        func arcs(_ path: [Coordinate], closed: Bool) -> JSONValue {
            .array(
                topology.cut(path, closed: closed).map { .integer($0.reversed ? Int64(~$0.index) : Int64($0.index)) })
        }
        var object = JSONObject([("type", .string(geometry.typeName))])
        switch geometry {
        case .point(let position): object["coordinates"] = encodePoint(position, grid: grid)
        case .multiPoint(let positions):
            object["coordinates"] = .array(positions.map { encodePoint($0, grid: grid) })
        case .lineString(let line): object["arcs"] = arcs(line, closed: false)
        case .multiLineString(let lines): object["arcs"] = .array(lines.map { arcs($0, closed: false) })
        case .polygon(let rings): object["arcs"] = .array(rings.map { arcs($0, closed: true) })
        case .multiPolygon(let polygons):
            object["arcs"] = .array(polygons.map { .array($0.map { arcs($0, closed: true) }) })
        case .geometryCollection(let members):
            object["geometries"] = .array(members.map { .object(encode($0, topology: &topology, grid: grid)) })
        }
        return object
    }
}
