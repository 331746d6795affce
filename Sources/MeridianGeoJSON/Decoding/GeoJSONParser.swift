import MeridianCore
import MeridianJSON
import MeridianPlatform

/// Reads GeoJSON objects straight from a ``JSONReader``: positions go into
/// `[Coordinate]` arrays as they are read, properties into ``JSONObject``s,
/// and no intermediate JSON tree is built for geometry.
///
/// Members may come in any order. Each object's members are read as they
/// come and the object is assembled when it closes, so a `type` written
/// after `coordinates` costs nothing extra.
struct GeoJSONParser {
    var reader: JSONReader
    /// What one parse leaves for the next (the last properties' keys, and
    /// a buffer for positions): a document's, or one stream's across its
    /// features.
    let carried: ParserCarryOver

    init(_ reader: JSONReader, carried: ParserCarryOver = ParserCarryOver()) {
        self.reader = reader
        self.carried = carried
    }

    /// What kind of object a position in the document allows.
    enum Expectation {
        case any, feature, geometry
    }

    /// A decoded GeoJSON object of any kind.
    enum Decoded {
        case featureCollection(FeatureCollection)
        case feature(Feature)
        case geometry(Geometry, members: JSONObject)
    }

    mutating func readObject(_ expectation: Expectation) throws(JSONReaderFailure)
        -> Decoded
    {
        let objectStart = reader.index
        guard try reader.peek() == 0x7B else {
            let (code, what) =
                switch expectation {
                case .feature: ("geojson.feature.not-object", "a Feature object")
                case .geometry: ("geojson.geometry.not-object", "a geometry object")
                case .any: ("geojson.root.not-object", "a GeoJSON object")
                }
            throw failure(code, "expected \(what), found \(describeValue())", at: reader.index)
        }
        var type: String?
        var typeOffset = objectStart
        var coordinates: CoordinateNode?
        var coordinatesOffset = objectStart
        var geometries: [Geometry]?
        var geometry: Geometry??
        var geometryMembers = JSONObject()
        var features: [Feature]?
        var properties: JSONValue?
        var id: FeatureIdentifier?
        var bbox: [Double]?
        var foreign = JSONObject()
        var sawFeatures = false

        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                if reader.equals(key, "type") {
                    typeOffset = reader.index
                    guard try reader.peek() == 0x22 else {
                        throw failure(
                            "geojson.type.not-string",
                            "\"type\" member should be string, but is \(describeValue()) instead",
                            at: reader.index)
                    }
                    type = try reader.readString()
                } else if reader.equals(key, "coordinates") {
                    coordinatesOffset = reader.index
                    coordinates = try readCoordinates()
                } else if reader.equals(key, "features") {
                    sawFeatures = true
                    features = try readFeatures()
                } else if reader.equals(key, "geometry") {
                    if try reader.peek() == 0x6E {
                        try reader.scanLiteral("null")
                        geometry = .some(nil)
                    } else {
                        guard case .geometry(let g, let members) = try readObject(.geometry) else {
                            preconditionFailure()
                        }
                        geometry = .some(g)
                        geometryMembers = members
                    }
                } else if reader.equals(key, "geometries") {
                    geometries = try readGeometries()
                } else if reader.equals(key, "properties") {
                    let next = try reader.peek()
                    guard next == 0x7B || next == 0x6E else {
                        throw failure(
                            "geojson.member.wrong-type",
                            "properties member should be an object or null, found \(describeValue())", at: reader.index)
                    }
                    properties = try reader.readValue(following: carried.propertyShape)
                } else if reader.equals(key, "id") {
                    let next = try reader.peek()
                    if next == 0x22 {
                        id = .string(try reader.readString())
                    } else if next == 0x2D || (next >= 0x30 && next <= 0x39) {
                        switch try reader.readNumberValue() {
                        case .integer(let value): id = .integer(value)
                        case .double(let value): id = .double(value)
                        default: break
                        }
                    } else {
                        throw failure(
                            "geojson.id.invalid", "id should be a string or number, found \(describeValue())",
                            at: reader.index)
                    }
                } else if reader.equals(key, "bbox") {
                    bbox = try readBoundingBox()
                } else {
                    let name = reader.string(key)
                    foreign[name] = try reader.readValue()
                }
            } while try reader.nextMember()
        }

        guard let type else {
            throw failure("geojson.type.missing", "\"type\" member required", at: objectStart)
        }
        switch type {
        case "FeatureCollection":
            guard expectation == .any else { throw wrongType(type, expectation, at: typeOffset) }
            guard sawFeatures else {
                throw failure("geojson.member.missing", "\"features\" member required", at: objectStart)
            }
            try forbid(
                geometry != nil
                    ? "geometry"
                    : properties != nil
                        ? "properties" : coordinates != nil ? "coordinates" : geometries != nil ? "geometries" : nil,
                in: "FeatureCollection", at: objectStart)
            if let id { foreign["id"] = id.jsonValue }
            return .featureCollection(FeatureCollection(features: features ?? [], bbox: bbox, foreignMembers: foreign))
        case "Feature":
            guard expectation != .geometry else { throw wrongType(type, expectation, at: typeOffset) }
            try forbid(
                features != nil
                    ? "features" : coordinates != nil ? "coordinates" : geometries != nil ? "geometries" : nil,
                in: "Feature", at: objectStart)
            var feature = Feature(id: id, geometry: geometry ?? nil, bbox: bbox, foreignMembers: foreign)
            feature.geometryMembers = geometryMembers
            switch properties {
            case .object(let object): feature.properties = object
            case .null: feature.propertiesAreNull = true
            default: break
            }
            return .feature(feature)
        default:
            guard expectation != .feature else { throw wrongType(type, expectation, at: typeOffset) }
            try forbid(
                features != nil ? "features" : geometry != nil ? "geometry" : properties != nil ? "properties" : nil,
                in: type, at: objectStart)
            var members = foreign
            if let bbox { members["bbox"] = .array(bbox.map(JSONValue.double)) }
            if let id { members["id"] = id.jsonValue }
            let result: Geometry
            if type == "GeometryCollection" {
                guard let geometries else {
                    throw failure("geojson.member.missing", "\"geometries\" member required", at: objectStart)
                }
                result = .geometryCollection(geometries)
            } else {
                guard Self.isGeometryType(type) else {
                    throw failure("geojson.type.unknown", "The type \(type) is unknown", at: typeOffset)
                }
                guard let coordinates else {
                    throw failure("geojson.member.missing", "\"coordinates\" member required", at: objectStart)
                }
                result = try makeGeometry(type, coordinates, at: coordinatesOffset)
            }
            return .geometry(result, members: members)
        }
    }

    /// The six geometry types with coordinates (a switch, not a
    /// `Set<String>`, whose first use makes generic metadata and looks up
    /// String's conformances at run time: 0.15 million instructions).
    static func isGeometryType(_ type: String) -> Bool {
        switch type {
        case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon": true
        default: false
        }
    }

    // MARK: - Members

    mutating func readFeatures() throws(JSONReaderFailure) -> [Feature] {
        try readObjects(member: "features", .feature) { decoded in
            guard case .feature(let feature) = decoded else {
                preconditionFailure("readObject(.feature) gives features")
            }
            return feature
        }
    }

    mutating func readGeometries() throws(JSONReaderFailure) -> [Geometry] {
        try readObjects(member: "geometries", .geometry) { decoded in
            guard case .geometry(let geometry, _) = decoded else {
                preconditionFailure("readObject(.geometry) gives geometries")
            }
            return geometry
        }
    }

    /// The objects of an array member (`features`, `geometries`), each read
    /// as `expectation` allows.
    mutating func readObjects<Element>(
        member: String, _ expectation: Expectation, _ element: (Decoded) -> Element
    ) throws(JSONReaderFailure) -> [Element] {
        guard try reader.peek() == 0x5B else {
            throw failure(
                "geojson.member.wrong-type", "\"\(member)\" member should be an array, found \(describeValue())",
                at: reader.index)
        }
        var elements: [Element] = []
        guard try reader.beginArray() else { return elements }
        repeat {
            let next = element(try readObject(expectation))
            elements.makeRoom(for: 1, read: reader.index, of: reader.bytes.count)
            elements.append(next)
        } while try reader.nextElement()
        return elements
    }

    mutating func readBoundingBox() throws(JSONReaderFailure) -> [Double] {
        guard try reader.peek() == 0x5B else {
            throw failure(
                "geojson.bbox.invalid", "bbox member must be an array of numbers, but is \(describeValue())",
                at: reader.index)
        }
        var numbers: [Double] = []
        guard try reader.beginArray() else { return numbers }
        repeat {
            let next = try reader.peek()
            guard next == 0x2D || (next >= 0x30 && next <= 0x39) else {
                throw failure(
                    "geojson.bbox.invalid", "each element in a bbox member must be a number", at: reader.index)
            }
            numbers.append(try reader.readDouble())
        } while try reader.nextElement()
        return numbers
    }

    // MARK: - Errors

    func failure(_ code: String, _ message: String, at offset: Int) -> JSONReaderFailure {
        JSONReaderFailure(kind: .geoJSON, message: message, offset: offset, code: code)
    }

    func wrongType(_ type: String, _ expectation: Expectation, at offset: Int) -> JSONReaderFailure {
        switch expectation {
        case .feature:
            failure(
                "geojson.type.unexpected", "Every feature must be a Feature object, found type \(type)", at: offset)
        case .geometry:
            failure(
                "geojson.type.unexpected", "a geometry must be one of the seven geometry types, found type \(type)",
                at: offset)
        case .any:
            failure("geojson.type.unexpected", "a \(type) cannot appear here", at: offset)
        }
    }

    /// RFC 7946, 7.1: refuses `member`, when there is one, a member that
    /// would change what a `type` object is. Each caller passes the first
    /// present of its list (a list of names and flags would be built for
    /// every object read).
    func forbid(_ member: String?, in type: String, at offset: Int) throws(JSONReaderFailure) {
        guard let member else { return }
        throw failure(
            "geojson.member.changes-semantics", "\(type) object cannot contain a \"\(member)\" member", at: offset)
    }

    /// The JSON type at the reader, for messages: "an object", "a string".
    mutating func describeValue() -> String {
        guard let next = try? reader.peek() else { return "end of input" }
        switch next {
        case 0x7B: return "an object"
        case 0x5B: return "an array"
        case 0x22: return "a string"
        case 0x74, 0x66: return "a boolean"
        case 0x6E: return "null"
        case 0x2D, 0x30...0x39: return "a number"
        default: return reader.describe(at: reader.index)
        }
    }

}

/// The bytes a document is parsed from, shared with the threads that read
/// runs of one large coordinates array (which end before the parse does).
struct SharedBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}

/// What a parse of one GeoJSON object leaves for the next: the keys of the
/// last properties read (``KeyShape``) and the buffer positions are
/// gathered in. One per document or stream; not shared between threads.
final class ParserCarryOver {
    let propertyShape = KeyShape()
    var positions: [Coordinate] = []
    /// Threads a large coordinates array may be read on
    /// (``GeoJSONParser/readRestOnEveryCore()``): 1 for a parse
    /// that already runs beside others.
    var coordinateThreads: Int

    init(coordinateThreads: Int = 1) {
        self.coordinateThreads = coordinateThreads
    }
}

extension Array {
    /// Grows the array to hold `more` when it is full: to as many as the
    /// part of the input read so far (`read` of `total` bytes) foretells
    /// for the whole, and a tenth more, at least a quarter and at most
    /// twice what it holds. Doubling alone left the array of a 200 MB
    /// file's 95 000 features room for 131 072 (4 MB unused), and copied
    /// it once more near the end.
    mutating func makeRoom(for more: Int, read: Int, of total: Int) {
        let needed = count + more
        guard needed > capacity else { return }
        let foretold = Double(needed) * Double(total) / Double(Swift.max(read, 1)) * 1.1
        let room = foretold < Double(needed * 2) ? Int(foretold) : needed * 2
        reserveCapacity(Swift.max(room, needed + needed / 4))
    }
}
