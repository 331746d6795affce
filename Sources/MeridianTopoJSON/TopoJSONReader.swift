import MeridianCore
import MeridianJSON

/// Reads the features of a TopoJSON topology (the TopoJSON 1.0
/// specification): each object a layer, each geometry of a
/// GeometryCollection object a feature (an object that is a single
/// geometry, one feature), its lines and rings stitched from the shared
/// arcs, positions decoded through the `transform` when the topology is
/// quantized.
///
/// ```swift
/// let reader = try TopoJSONReader(bytes: Array(data), name: "us.topojson")
/// while let feature = try reader.next() { reader.currentLayer }   // "states", "counties"...
/// ```
///
/// The document is read whole (its arcs come after its objects). An arc
/// index outside the arcs, a transform that is not two pairs of numbers,
/// or a geometry that is not what its type says is an error located by
/// its JSON pointer (`topojson.*`).
public final class TopoJSONReader {
    /// The objects, in the order the file gives them.
    public let layers: [String]
    /// The layer of the feature ``next()`` returned last.
    public private(set) var currentLayer: String?

    private let name: String
    private let objects: [(name: String, value: JSONValue)]
    private let arcs: [[Coordinate]]
    private let transform: (scale: (Double, Double), translate: (Double, Double))?
    private var objectIndex = 0
    private var memberIndex = 0

    /// Parses a topology; `name` locates diagnostics.
    public init(bytes: [UInt8], name: String) throws(DiagnosticError) {
        self.name = name
        var options = JSONReadingOptions()
        options.fileName = name
        let document = try JSONValue(parsing: bytes, options: options)
        guard let root = document.objectValue, root["type"]?.stringValue == "Topology" else {
            throw Self.error(
                "topojson.topology.invalid", "\(name) is not a TopoJSON topology (its type is not \"Topology\")", name,
                "")
        }
        if let value = root["transform"] {
            guard let object = value.objectValue, let scale = Self.pair(object["scale"]),
                let translate = Self.pair(object["translate"])
            else {
                throw Self.error(
                    "topojson.transform.invalid", "the transform must hold scale and translate, each two numbers", name,
                    "/transform")
            }
            transform = (scale, translate)
        } else {
            transform = nil
        }
        guard let arcValues = (root["arcs"] ?? .array([])).arrayValue else {
            throw Self.error("topojson.arcs.invalid", "arcs must be an array of arcs", name, "/arcs")
        }
        var arcs: [[Coordinate]] = []
        arcs.reserveCapacity(arcValues.count)
        for (index, arc) in arcValues.enumerated() {
            guard let positions = arc.arrayValue, positions.count >= 2 else {
                throw Self.error(
                    "topojson.arcs.invalid", "arc \(index) must be an array of two or more positions", name,
                    "/arcs/\(index)")
            }
            var decoded: [Coordinate] = []
            decoded.reserveCapacity(positions.count)
            var (x, y) = (0.0, 0.0)
            for (number, position) in positions.enumerated() {
                guard let numbers = position.arrayValue, numbers.count >= 2, let dx = numbers[0].doubleValue,
                    let dy = numbers[1].doubleValue
                else {
                    throw Self.error(
                        "topojson.arcs.invalid", "arc \(index), position \(number) must be two or more numbers", name,
                        "/arcs/\(index)/\(number)")
                }
                let altitude = numbers.count > 2 ? numbers[2].doubleValue : nil
                if let transform {
                    x += dx
                    y += dy
                    decoded.append(
                        Coordinate(
                            latitude: y * transform.scale.1 + transform.translate.1,
                            longitude: x * transform.scale.0 + transform.translate.0, altitude: altitude))
                } else {
                    decoded.append(Coordinate(latitude: dy, longitude: dx, altitude: altitude))
                }
                guard decoded[decoded.count - 1].latitude.isFinite, decoded[decoded.count - 1].longitude.isFinite else {
                    throw Self.error(
                        "topojson.arcs.invalid",
                        "arc \(index), position \(number) is beyond the range of a double once decoded", name,
                        "/arcs/\(index)/\(number)")
                }
            }
            arcs.append(decoded)
        }
        self.arcs = arcs
        guard let objects = root["objects"]?.objectValue else {
            throw Self.error("topojson.topology.invalid", "\(name) has no objects member", name, "/objects")
        }
        self.objects = Array(objects.members)
        layers = self.objects.map(\.name)
    }

    private static func pair(_ value: JSONValue?) -> (Double, Double)? {
        guard let numbers = value?.arrayValue, numbers.count == 2, let a = numbers[0].doubleValue,
            let b = numbers[1].doubleValue, a.isFinite, b.isFinite
        else { return nil }
        return (a, b)
    }

    private static func error(_ code: String, _ message: String, _ name: String, _ pointer: String) -> DiagnosticError {
        DiagnosticError(code: code, message: message, location: SourceLocation(file: name, jsonPointer: pointer))
    }

    /// The next feature, object after object; nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        while objectIndex < objects.count {
            let (layer, object) = objects[objectIndex]
            let pointer = "/objects/" + Self.escape(layer)
            currentLayer = layer
            if object.objectValue?["type"]?.stringValue == "GeometryCollection" {
                let members = object.objectValue?["geometries"]?.arrayValue ?? []
                if memberIndex < members.count {
                    memberIndex += 1
                    return try feature(members[memberIndex - 1], at: "\(pointer)/geometries/\(memberIndex - 1)")
                }
                objectIndex += 1
                memberIndex = 0
                continue
            }
            objectIndex += 1
            return try feature(object, at: pointer)
        }
        return nil
    }

    /// RFC 6901: `~` and `/` in a member name.
    private static func escape(_ name: String) -> String {
        name.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }

    private func feature(_ value: JSONValue, at pointer: String) throws(DiagnosticError) -> Feature {
        guard let object = value.objectValue else {
            throw Self.error("topojson.geometry.invalid", "a geometry must be an object", name, pointer)
        }
        var feature = Feature()
        feature.id = object["id"].flatMap(FeatureIdentifier.init)
        if let properties = object["properties"]?.objectValue { feature.properties = properties }
        feature.geometry = try geometry(object, at: pointer, depth: 0)
        return feature
    }

    private func geometry(_ object: JSONObject, at pointer: String, depth: Int) throws(DiagnosticError) -> Geometry? {
        guard depth < 32 else {
            throw Self.error(
                "topojson.geometry.invalid", "geometry collections nested more than 32 deep", name, pointer)
        }
        guard case .string(let type)? = object["type"] else {
            if object["type"] == nil || object["type"] == .null { return nil }
            throw Self.error("topojson.geometry.invalid", "a geometry's type must be a string", name, pointer + "/type")
        }
        switch type {
        case "Point":
            return .point(try position(object["coordinates"], at: pointer + "/coordinates"))
        case "MultiPoint":
            guard let list = object["coordinates"]?.arrayValue else {
                throw Self.error("topojson.geometry.invalid", "a MultiPoint needs coordinates", name, pointer)
            }
            var positions: [Coordinate] = []
            for (index, item) in list.enumerated() {
                positions.append(try position(item, at: "\(pointer)/coordinates/\(index)"))
            }
            return .multiPoint(positions)
        case "LineString":
            return .lineString(try line(object["arcs"], at: pointer + "/arcs"))
        case "MultiLineString":
            return .multiLineString(try lines(object["arcs"], at: pointer + "/arcs", closed: false))
        case "Polygon":
            return .polygon(try lines(object["arcs"], at: pointer + "/arcs", closed: true))
        case "MultiPolygon":
            guard let list = object["arcs"]?.arrayValue else {
                throw Self.error("topojson.geometry.invalid", "a MultiPolygon needs arcs", name, pointer)
            }
            var polygons: [[[Coordinate]]] = []
            for (index, item) in list.enumerated() {
                polygons.append(try lines(item, at: "\(pointer)/arcs/\(index)", closed: true))
            }
            return .multiPolygon(polygons)
        case "GeometryCollection":
            var members: [Geometry] = []
            for (index, item) in (object["geometries"]?.arrayValue ?? []).enumerated() {
                guard let member = item.objectValue else {
                    throw Self.error(
                        "topojson.geometry.invalid", "a geometry must be an object", name,
                        "\(pointer)/geometries/\(index)")
                }
                if let geometry = try geometry(member, at: "\(pointer)/geometries/\(index)", depth: depth + 1) {
                    members.append(geometry)
                }
            }
            return .geometryCollection(members)
        default:
            throw Self.error(
                "topojson.geometry.invalid", "\"\(type)\" is not a TopoJSON geometry type", name, pointer + "/type")
        }
    }

    /// A point's position, decoded through the transform (not delta-encoded).
    private func position(_ value: JSONValue?, at pointer: String) throws(DiagnosticError) -> Coordinate {
        guard let numbers = value?.arrayValue, numbers.count >= 2, let x = numbers[0].doubleValue,
            let y = numbers[1].doubleValue
        else { throw Self.error("topojson.geometry.invalid", "a position must be two or more numbers", name, pointer) }
        let altitude = numbers.count > 2 ? numbers[2].doubleValue : nil
        var position = Coordinate(latitude: y, longitude: x, altitude: altitude)
        if let transform {
            position.latitude = y * transform.scale.1 + transform.translate.1
            position.longitude = x * transform.scale.0 + transform.translate.0
        }
        guard position.latitude.isFinite, position.longitude.isFinite else {
            throw Self.error(
                "topojson.geometry.invalid", "a position beyond the range of a double once decoded", name, pointer)
        }
        return position
    }

    private func lines(_ value: JSONValue?, at pointer: String, closed: Bool) throws(DiagnosticError)
        -> [[Coordinate]]
    {
        guard let list = value?.arrayValue else {
            throw Self.error("topojson.geometry.invalid", "arcs must be an array of arc lists", name, pointer)
        }
        var result: [[Coordinate]] = []
        for (index, item) in list.enumerated() {
            var path = try line(item, at: "\(pointer)/\(index)")
            if closed, let first = path.first, path.last != first { path.append(first) }
            result.append(path)
        }
        return result
    }

    /// The positions of arcs joined end to end: each arc after the first
    /// without its first position; `~i` (a negative index) is arc i reversed.
    private func line(_ value: JSONValue?, at pointer: String) throws(DiagnosticError) -> [Coordinate] {
        guard let list = value?.arrayValue else {
            throw Self.error("topojson.geometry.invalid", "arcs must be an array of arc indices", name, pointer)
        }
        var path: [Coordinate] = []
        for (index, item) in list.enumerated() {
            guard case .integer(let number) = item, number >= -Int64(arcs.count), number < Int64(arcs.count) else {
                throw Self.error(
                    "topojson.arc.out-of-range",
                    "arc index \(item.compactJSONText) is outside the topology's \(arcs.count) arcs (0...\(arcs.count - 1), or ~i for arc i reversed)",
                    name, "\(pointer)/\(index)")
            }
            let arc = number >= 0 ? arcs[Int(number)] : arcs[Int(~number)].reversed()
            path += path.isEmpty ? arc[...] : arc.dropFirst()
        }
        return path
    }
}
