import MeridianCore
import MeridianJSON

/// One layer of a Mapbox Vector Tile (specification 2.1): features whose
/// geometry is in tile units (0 to `extent`, the tile's north-west corner
/// first), with their properties as the layer's shared keys and values.
///
/// Geometry is written as the specification's commands: MoveTo, LineTo and
/// ClosePath with zig-zag deltas; polygons with exterior rings clockwise
/// and holes counterclockwise in tile coordinates (y down), as the
/// specification asks; rings and lines that collapse in integers are
/// left out.
struct VectorTileLayer {
    let name: String
    let extent: Int
    private var keys: [String] = []
    private var keyIndex: [String: UInt32] = [:]
    private var values: [JSONValue] = []
    private var valueIndex: [JSONValue: UInt32] = [:]
    private var features: [[UInt8]] = []

    init(name: String, extent: Int = 4096) {
        self.name = name
        self.extent = extent
    }

    var isEmpty: Bool { features.isEmpty }

    /// Adds a feature; false when its geometry leaves nothing in the tile.
    @discardableResult
    mutating func add(
        geometry: TileGeometry, properties: JSONObject, id: UInt64?
    ) -> Bool {
        guard let (type, commands) = geometry.commands() else { return false }
        add(type: type, commands: commands, properties: properties, id: id)
        return true
    }

    /// Adds a feature whose geometry is already encoded: its MVT type and commands.
    mutating func add(type: Int, commands: [UInt32], properties: JSONObject, id: UInt64?) {
        var tags: [UInt32] = []
        for (position, key) in properties.keys.enumerated() {
            let value = properties.value(at: position)
            guard let encodable = Self.encodable(value) else { continue }
            let keyNumber: UInt32
            if let known = keyIndex[key] {
                keyNumber = known
            } else {
                keyNumber = UInt32(keys.count)
                keyIndex[key] = keyNumber
                keys.append(key)
            }
            let valueNumber: UInt32
            if let known = valueIndex[encodable] {
                valueNumber = known
            } else {
                valueNumber = UInt32(values.count)
                valueIndex[encodable] = valueNumber
                values.append(encodable)
            }
            tags += [keyNumber, valueNumber]
        }
        var feature = ProtobufWriter()
        if let id { feature.field(1, varint: id) }
        feature.field(2, packed: tags)
        feature.field(3, varint: UInt64(type))
        feature.field(4, packed: commands)
        features.append(feature.bytes)
    }

    /// A value a tile can hold: strings, numbers and booleans; arrays and
    /// objects as their JSON text (as tippecanoe writes them); nulls left out.
    static func encodable(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .null: return nil
        case .string, .integer, .double, .bool: return value
        default: return .string(value.compactJSONText)
        }
    }

    func encoded() -> [UInt8] {
        var layer = ProtobufWriter()
        layer.field(15, varint: 2)
        layer.field(1, string: name)
        for feature in features { layer.field(2, bytes: feature) }
        for key in keys { layer.field(3, string: key) }
        for value in values {
            var encoded = ProtobufWriter()
            switch value {
            case .string(let text): encoded.field(1, string: text)
            case .double(let number): encoded.field(3, double: number)
            case .integer(let number):
                if number >= 0 {
                    encoded.field(5, varint: UInt64(number))
                } else {
                    encoded.field(6, varint: ProtobufWriter.zigzag(number))
                }
            case .bool(let flag): encoded.field(7, varint: flag ? 1 : 0)
            default: continue
            }
            layer.field(4, bytes: encoded.bytes)
        }
        layer.field(5, varint: UInt64(extent))
        return layer.bytes
    }
}

/// A geometry in integer tile units, as one tile holds it.
enum TileGeometry {
    case points([(Int64, Int64)])
    case lines([[(Int64, Int64)]])
    /// Polygons, each an exterior ring then its holes, rings closed.
    case polygons([[[(Int64, Int64)]]])

    /// How much of the tile the geometry takes, to drop the least first:
    /// a polygon's area (tile units squared), a line's length squared (so
    /// the two compare as areas), 0 for points.
    var size: Double {
        switch self {
        case .points: return 0
        case .lines(let lines):
            var length = 0.0
            for line in lines {
                for (a, b) in zip(line, line.dropFirst()) {
                    let (dx, dy) = (Double(b.0 - a.0), Double(b.1 - a.1))
                    length += (dx * dx + dy * dy).squareRoot()
                }
            }
            return length * length
        case .polygons(let polygons):
            var area = 0.0
            for polygon in polygons {
                for (index, ring) in polygon.enumerated() {
                    var twice = 0.0
                    for (a, b) in zip(ring, ring.dropFirst()) { twice += Double(a.0) * Double(b.1) - Double(b.0) * Double(a.1) }
                    area += index == 0 ? abs(twice) / 2 : -abs(twice) / 2
                }
            }
            return area
        }
    }

    /// The specification's geometry type and command integers, or nil
    /// when nothing is left.
    func commands() -> (type: Int, commands: [UInt32])? {
        var commands: [UInt32] = []
        var cursor: (Int64, Int64) = (0, 0)
        func command(_ id: UInt32, _ count: Int) { commands.append(id & 7 | UInt32(count) << 3) }
        func move(to point: (Int64, Int64)) {
            commands.append(UInt32(truncatingIfNeeded: ProtobufWriter.zigzag(point.0 - cursor.0)))
            commands.append(UInt32(truncatingIfNeeded: ProtobufWriter.zigzag(point.1 - cursor.1)))
            cursor = point
        }
        switch self {
        case .points(let points):
            guard !points.isEmpty else { return nil }
            command(1, points.count)
            for point in points { move(to: point) }
            return (1, commands)
        case .lines(let lines):
            for line in lines {
                var points: [(Int64, Int64)] = []
                for point in line where points.last.map({ $0 != point }) ?? true { points.append(point) }
                guard points.count >= 2 else { continue }
                command(1, 1)
                move(to: points[0])
                command(2, points.count - 1)
                for point in points.dropFirst() { move(to: point) }
            }
            return commands.isEmpty ? nil : (2, commands)
        case .polygons(let polygons):
            for polygon in polygons {
                for (number, ring) in polygon.enumerated() {
                    var points: [(Int64, Int64)] = []
                    for point in ring.dropLast() where points.last.map({ $0 != point }) ?? true {
                        points.append(point)
                    }
                    if points.count > 1, points.first! == points.last! { points.removeLast() }
                    guard points.count >= 3 else { continue }
                    // Twice the signed area with y down: positive is clockwise on screen.
                    var area: Int64 = 0
                    for index in points.indices {
                        let a = points[index]
                        let b = points[(index + 1) % points.count]
                        area += a.0 * b.1 - b.0 * a.1
                    }
                    guard area != 0 else { continue }
                    let exterior = number == 0
                    if (area > 0) != exterior { points.reverse() }
                    command(1, 1)
                    move(to: points[0])
                    command(2, points.count - 1)
                    for point in points.dropFirst() { move(to: point) }
                    command(7, 1)
                }
            }
            return commands.isEmpty ? nil : (3, commands)
        }
    }
}
