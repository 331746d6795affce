import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianJSON
import MeridianLibC
import MeridianPlatform

extension OutputFormat {
    /// An ESRI shapefile set: `.shp`, `.shx`, `.dbf`, `.prj` and `.cpg`.
    public static let shapefile = OutputFormat("shapefile")
}

/// Shapefiles as an output format (`.shp`, `--to shapefile`): one set of
/// one geometry type, written beside the `.shp` named.
public struct ShapefileOutputFormat: FeatureOutputFormat {
    public let format = OutputFormat.shapefile
    public let extensions = [".shp"]
    /// The `.prj` records the system.
    public let writesAnyCoordinateSystem = true

    public init() {}

    public func writer(to destination: OutputDestination, options: WritingOptions) throws(DiagnosticError)
        -> any FeatureWriter
    {
        try ShapefileWriter(destination: destination, system: options.coordinateSystem)
    }
}

/// Writes features as one shapefile set: their shapes stream into a
/// temporary file (the `.shp` header, which holds the extent and length,
/// comes first), their properties are held, and at the end the `.shp`,
/// `.shx`, `.dbf` (a field per property, typed from every value), `.prj`
/// and `.cpg` (UTF-8) are written, the siblings committed beside the `.shp`.
///
/// The format's limits are enforced with located errors rather than
/// truncation: one geometry type a set (`shp.output.mixed`, naming the
/// feature), 254 bytes a text value (`shp.output.too-long`), 2 GB a file
/// (`shp.output.too-large`). Field names longer than ten bytes are
/// shortened, and the mapping is reported (`shp.output.field-renamed`).
final class ShapefileWriter: FeatureWriter {
    private let destination: OutputDestination
    private let system: WrittenCoordinateSystem?
    private let spool: TemporaryFile
    private var buffer: [UInt8] = []
    private var spooled = 0
    private var offsets: [(offset: Int32, length: Int32)] = []
    private var properties: [JSONObject] = []
    private var kind: ShapeDecoder.Kind?
    private var box: (minX: Double, minY: Double, maxX: Double, maxY: Double, minZ: Double, maxZ: Double)?
    private var siblings: [OutputDestination] = []
    private(set) var warnings: [Diagnostic] = []

    /// The most bytes a `.shp` or `.dbf` may hold: offsets are 32-bit counts
    /// of 16-bit words, and readers take 2 GB as the limit.
    static let largestFile = Int(Int32.max)

    init(destination: OutputDestination, system: WrittenCoordinateSystem?) throws(DiagnosticError) {
        guard destination.path != "-" else {
            throw DiagnosticError(
                code: "shp.output.stream",
                message:
                    "a shapefile is a set of files (.shp, .shx, .dbf...): give the .shp's path, not standard output")
        }
        self.destination = destination
        self.system = system
        spool = try TemporaryFile(purpose: "shp")
    }

    private var stem: String { String(destination.path.dropLast(4)) }

    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
        let index = offsets.count
        var content: [UInt8]
        if let geometry = feature.geometry {
            let shape = try Self.kind(of: geometry, feature: feature, index: index, file: destination.displayName)
            if kind == nil || kind == .null { kind = shape }
            // Z or not is the set's, from its first shape: a shape without
            // altitudes in a set with them gets 0.
            guard let kind, kind.name == shape.name else {
                throw DiagnosticError(
                    code: "shp.output.mixed",
                    message:
                        "feature \(index + 1)\(feature.id.map { " (\($0.description))" } ?? "") is a \(geometry.typeName), but \(destination.displayName) holds \(kind!.name)s: a shapefile holds one geometry type; write each type apart (--where \"$geometry = '\(geometry.typeName)'\")",
                    location: SourceLocation(file: destination.displayName, featureID: feature.id?.description))
            }
            content = encode(geometry, as: kind)
        } else {
            if kind == nil { kind = .null }
            content = Self.int32(0)
        }
        let start = 100 + spooled + buffer.count
        guard start + 8 + content.count <= Self.largestFile else {
            throw DiagnosticError(
                code: "shp.output.too-large",
                message:
                    "\(destination.displayName) would pass 2 GB, the most a shapefile holds, at feature \(index + 1): split the input (meridian split)",
                location: SourceLocation(file: destination.displayName))
        }
        offsets.append((Int32(start / 2), Int32(content.count / 2)))
        buffer += Self.bigInt32(index + 1) + Self.bigInt32(content.count / 2) + content
        if buffer.count >= 1 << 20 { try flush() }
        properties.append(feature.properties)
    }

    private func flush() throws(DiagnosticError) {
        try spool.write(buffer, displayName: destination.displayName)
        spooled += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    func complete(collection: FeatureCollection) throws(DiagnosticError) {
        try flush()
        let type = kind ?? .null
        let fileLength = 100 + spooled
        try destination.write(header(type: type, length: fileLength))
        try copySpool()
        var index = header(type: type, length: 100 + 8 * offsets.count)
        index.reserveCapacity(100 + 8 * offsets.count)
        for (offset, length) in offsets { index += Self.bigInt32(Int(offset)) + Self.bigInt32(Int(length)) }
        try sibling("shx", index)
        try sibling("dbf", try table())
        try sibling("prj", Array((system?.wkt ?? Self.wgs84).utf8))
        try sibling("cpg", Array("UTF-8".utf8))
        for file in siblings { try file.commit() }
    }

    func discard() {
        for file in siblings { file.discard() }
        spool.remove()
    }

    private func sibling(_ ext: String, _ bytes: [UInt8]) throws(DiagnosticError) {
        guard bytes.count <= Self.largestFile else {
            throw DiagnosticError(
                code: "shp.output.too-large",
                message: "\(stem).\(ext) would pass 2 GB, the most a shapefile holds: split the input (meridian split)",
                location: SourceLocation(file: "\(stem).\(ext)"))
        }
        let file = try OutputDestination(path: "\(stem).\(ext)")
        siblings.append(file)
        try file.write(bytes)
    }

    private func copySpool() throws(DiagnosticError) {
        let descriptor = open(spool.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(code: "io.read", message: "cannot read back the shapes just written")
        }
        defer { _ = Platform.close(descriptor) }
        var chunk: [UInt8] = []
        while true {
            chunk.removeAll(keepingCapacity: true)
            let count = Platform.read(descriptor, appendingTo: &chunk, count: 1 << 20)
            if count < 0 { throw DiagnosticError(code: "io.read", message: "cannot read back the shapes just written") }
            if count == 0 { break }
            try destination.write(chunk)
        }
    }

    // MARK: Shapes

    /// The shape type of a geometry: with Z when its first position has an altitude.
    private static func kind(of geometry: Geometry, feature: Feature, index: Int, file: String) throws(DiagnosticError)
        -> ShapeDecoder.Kind
    {
        var hasZ = false
        geometry.forEachCoordinate { if $0.altitude != nil { hasZ = true } }
        switch geometry {
        case .point: return hasZ ? .pointZ : .point
        case .multiPoint: return hasZ ? .multiPointZ : .multiPoint
        case .lineString, .multiLineString: return hasZ ? .polylineZ : .polyline
        case .polygon, .multiPolygon: return hasZ ? .polygonZ : .polygon
        case .geometryCollection:
            throw DiagnosticError(
                code: "shp.output.mixed",
                message: "feature \(index + 1) is a GeometryCollection, which a shapefile cannot hold",
                location: SourceLocation(file: file, featureID: feature.id?.description))
        }
    }

    /// A record's content; polygons' shells wound clockwise and holes
    /// counterclockwise, as the format says.
    private func encode(_ geometry: Geometry, as kind: ShapeDecoder.Kind) -> [UInt8] {
        var parts: [[Coordinate]]
        switch geometry {
        case .point(let position):
            extend(with: [position])
            var content = Self.int32(kind.rawValue) + Self.double(position.longitude) + Self.double(position.latitude)
            if kind.hasZ { content += Self.double(position.altitude ?? 0) + Self.double(0) }
            return content
        case .multiPoint(let positions):
            extend(with: positions)
            var content = Self.int32(kind.rawValue) + bounds(positions) + Self.int32(Int32(positions.count))
            for position in positions { content += Self.double(position.longitude) + Self.double(position.latitude) }
            if kind.hasZ { content += zValues(positions) }
            return content
        case .lineString(let line): parts = [line]
        case .multiLineString(let lines): parts = lines
        case .polygon(let rings): parts = Self.wound(rings)
        case .multiPolygon(let polygons): parts = polygons.flatMap(Self.wound)
        case .geometryCollection: parts = []
        }
        let all = Array(parts.joined())
        extend(with: all)
        var content =
            Self.int32(kind.rawValue) + bounds(all) + Self.int32(Int32(parts.count)) + Self.int32(Int32(all.count))
        var start = 0
        for part in parts {
            content += Self.int32(Int32(start))
            start += part.count
        }
        for position in all { content += Self.double(position.longitude) + Self.double(position.latitude) }
        if kind.hasZ { content += zValues(all) }
        return content
    }

    /// A polygon's shell clockwise and its holes counterclockwise.
    private static func wound(_ rings: [[Coordinate]]) -> [[Coordinate]] {
        rings.enumerated().map { index, ring in
            let clockwise = PolygonAssembler.signedArea(ring) < 0
            return clockwise == (index == 0) ? ring : ring.reversed()
        }
    }

    private func bounds(_ positions: [Coordinate]) -> [UInt8] {
        let xs = positions.map(\.longitude)
        let ys = positions.map(\.latitude)
        return [xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0].flatMap(Self.double)
    }

    private func zValues(_ positions: [Coordinate]) -> [UInt8] {
        let zs = positions.map { $0.altitude ?? 0 }
        return Self.double(zs.min() ?? 0) + Self.double(zs.max() ?? 0) + zs.flatMap(Self.double)
    }

    private func extend(with positions: [Coordinate]) {
        for position in positions {
            let (x, y, z) = (position.longitude, position.latitude, position.altitude ?? 0)
            if let current = box {
                box = (
                    min(current.minX, x), min(current.minY, y), max(current.maxX, x), max(current.maxY, y),
                    min(current.minZ, z), max(current.maxZ, z)
                )
            } else {
                box = (x, y, x, y, z, z)
            }
        }
    }

    private func header(type: ShapeDecoder.Kind, length: Int) -> [UInt8] {
        var bytes = Self.bigInt32(9994) + [UInt8](repeating: 0, count: 20) + Self.bigInt32(length / 2)
        bytes += Self.int32(1000) + Self.int32(type.rawValue)
        let extent = box ?? (0, 0, 0, 0, 0, 0)
        bytes += [extent.minX, extent.minY, extent.maxX, extent.maxY, extent.minZ, extent.maxZ, 0, 0].flatMap(
            Self.double)
        return bytes
    }

    // MARK: The table

    /// The `.dbf`: a field per property key, in the order first met, typed
    /// from every value: L when all are booleans, N with no decimals when
    /// all are integers, N(24,15) when all are numbers, else C as wide as
    /// the longest (JSON text for arrays and objects).
    private func table() throws(DiagnosticError) -> [UInt8] {
        var keys: [String] = []
        var seen: Set<String> = []
        for object in properties { for key in object.keys where seen.insert(key).inserted { keys.append(key) } }
        guard keys.count <= 255 else {
            throw DiagnosticError(
                code: "shp.output.too-many-fields",
                message:
                    "the features have \(keys.count) property names, more than the 255 fields a .dbf holds: keep fewer (--select)",
                location: SourceLocation(file: "\(stem).dbf"))
        }
        var fields: [(name: [UInt8], type: UInt8, length: Int, decimals: Int, key: String)] = []
        var used: Set<[UInt8]> = []
        for key in keys {
            let name = Self.fieldName(key, used: &used)
            if String(decoding: name, as: UTF8.self) != key {
                warnings.append(
                    Diagnostic(
                        severity: .warning, code: "shp.output.field-renamed",
                        message:
                            "property \"\(key)\" is written as field \(String(decoding: name, as: UTF8.self)) (a .dbf field name is at most 10 bytes)",
                        location: SourceLocation(file: "\(stem).dbf", property: key)))
            }
            var (booleans, integers, numbers, width) = (true, true, true, 1)
            var integerWidth = 1
            for (index, object) in properties.enumerated() {
                guard let value = object[key], value != .null else { continue }
                switch value {
                case .bool:
                    integers = false
                    numbers = false
                case .integer(let number):
                    booleans = false
                    integerWidth = max(integerWidth, String(number).utf8.count)
                case .double:
                    booleans = false
                    integers = false
                default:
                    booleans = false
                    integers = false
                    numbers = false
                }
                let text = Self.text(of: value)
                guard text.count <= 254 else {
                    throw DiagnosticError(
                        code: "shp.output.too-long",
                        message:
                            "feature \(index + 1), property \"\(key)\": \(text.count) bytes, more than the 254 a .dbf field holds",
                        location: SourceLocation(file: "\(stem).dbf", featureID: "#\(index + 1)", property: key))
                }
                width = max(width, text.count)
            }
            if booleans {
                fields.append((name, UInt8(ascii: "L"), 1, 0, key))
            } else if integers, integerWidth <= 18 {
                fields.append((name, UInt8(ascii: "N"), max(integerWidth, 1), 0, key))
            } else if numbers {
                fields.append((name, UInt8(ascii: "N"), 24, 15, key))
            } else {
                fields.append((name, UInt8(ascii: "C"), width, 0, key))
            }
        }
        let recordLength = 1 + fields.reduce(0) { $0 + $1.length }
        let headerLength = 32 + 32 * fields.count + 1
        guard headerLength + recordLength * properties.count + 1 <= Self.largestFile else {
            throw DiagnosticError(
                code: "shp.output.too-large",
                message: "\(stem).dbf would pass 2 GB, the most a shapefile holds: split the input (meridian split)",
                location: SourceLocation(file: "\(stem).dbf"))
        }
        var bytes: [UInt8] = [3, 126, 1, 1] + Self.int32(Int32(properties.count))
        bytes += [
            UInt8(headerLength & 0xFF), UInt8(headerLength >> 8), UInt8(recordLength & 0xFF), UInt8(recordLength >> 8),
        ]
        bytes += [UInt8](repeating: 0, count: 20)
        for field in fields {
            bytes += field.name + [UInt8](repeating: 0, count: 11 - field.name.count)
            bytes +=
                [field.type, 0, 0, 0, 0, UInt8(field.length), UInt8(field.decimals)] + [UInt8](repeating: 0, count: 14)
        }
        bytes.append(0x0D)
        bytes.reserveCapacity(bytes.count + recordLength * properties.count + 1)
        for object in properties {
            bytes.append(0x20)
            for field in fields {
                let value = object[field.key] ?? .null
                var cell: [UInt8]
                switch (field.type, value) {
                case (_, .null): cell = []
                case (UInt8(ascii: "L"), .bool(let flag)): cell = [flag ? UInt8(ascii: "T") : UInt8(ascii: "F")]
                case (UInt8(ascii: "N"), _): cell = Self.text(of: value)
                default: cell = Self.text(of: value)
                }
                if field.type == UInt8(ascii: "N") {
                    cell = [UInt8](repeating: 0x20, count: max(0, field.length - cell.count)) + cell
                }
                cell += [UInt8](repeating: 0x20, count: max(0, field.length - cell.count))
                bytes += cell.prefix(field.length)
            }
        }
        bytes.append(0x1A)
        return bytes
    }

    /// A value's text in a field: numbers as Swift's shortest round trip.
    private static func text(of value: JSONValue) -> [UInt8] {
        switch value {
        case .string(let text): Array(text.utf8)
        case .integer(let number): Array(String(number).utf8)
        case .double(let number): Array(number.description.utf8)
        case .bool(let flag): Array((flag ? "true" : "false").utf8)
        case .null: []
        default: Array(value.compactJSONText.utf8)
        }
    }

    /// A name of at most ten bytes, unique among `used`: the key cut on a
    /// character boundary, then `_1`, `_2`... over its end.
    private static func fieldName(_ key: String, used: inout Set<[UInt8]>) -> [UInt8] {
        func cut(_ text: Substring, to length: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for character in text where bytes.count + character.utf8.count <= length { bytes += character.utf8 }
            return bytes
        }
        var name = cut(Substring(key.isEmpty ? "FIELD" : key), to: 10)
        var suffix = 1
        while used.contains(name) {
            let tail = Array("_\(suffix)".utf8)
            name = cut(Substring(key.isEmpty ? "FIELD" : key), to: 10 - tail.count) + tail
            suffix += 1
        }
        used.insert(name)
        return name
    }

    static let wgs84 =
        #"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#

    static func int32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    static func bigInt32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: Int32(value).bigEndian) { Array($0) } }
    static func double(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }
}
