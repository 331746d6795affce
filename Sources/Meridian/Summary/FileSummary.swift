import MeridianCore

/// What `meridian info` reports about a file: its layout, how many
/// features of each geometry type, the extent, and the property keys.
///
/// ```swift
/// let summary = try FileSummary(path: "countries.geo.json")
/// summary.featureCount          // 180
/// summary.geometryCounts        // ["Polygon": 171, "MultiPolygon": 9]
/// ```
///
/// The file is streamed, so summarising a file of any size needs memory
/// for one feature at a time.
public struct FileSummary: Sendable {
    public var path: String
    public var layout: String
    public var featureCount = 0
    /// Geometry type name -> count, in order of first appearance.
    public var geometryCounts: [(name: String, count: Int)] = []
    public var nullGeometryCount = 0
    public var positionCount = 0
    public var boundingBox: BoundingBox?
    /// Property key -> number of features that have it, in order of first appearance.
    public var propertyKeys: [(name: String, count: Int)] = []
    /// The coordinate reference systems the features are in, by name and
    /// code (``FeatureSource/sourceCoordinateSystems``); the extent is in
    /// WGS 84 longitude and latitude unless `extentSystem` says otherwise.
    public var coordinateSystems: [String] = []
    /// The system of the extent when it is not WGS 84 (`info --t-srs`).
    public var extentSystem: String?

    /// Summarises any file Meridian reads (see ``init(source:progress:)``).
    public init(path: String) throws(DiagnosticError) {
        try self.init(source: FeatureSource(path: path))
    }

    /// Creates an empty summary for a layout; ``add(_:)`` counts features in.
    public init(path: String, layout: String) {
        self.path = path
        self.layout = layout
    }

    private var geometryIndex: [String: Int] = [:]
    private var keyIndex: [String: Int] = [:]
    /// The last feature's keys and their places in ``propertyKeys``:
    /// features read from one file mostly share their keys' array.
    private var lastKeys: [String] = []
    private var lastPlaces: [Int] = []

    /// Counts one feature into the summary.
    public mutating func add(_ feature: Feature) {
        featureCount += 1
        if let geometry = feature.geometry {
            Self.tally(geometry.typeName, 1, into: &geometryCounts, index: &geometryIndex)
            positionCount += geometry.coordinateCount
            if let box = geometry.boundingBox {
                if boundingBox == nil { boundingBox = box } else { boundingBox!.extend(box) }
            }
        } else {
            nullGeometryCount += 1
        }
        let keys = feature.properties.keys
        if keys != lastKeys {
            lastKeys = keys
            lastPlaces = keys.map { key in
                Self.tally(key, 0, into: &propertyKeys, index: &keyIndex)
                return keyIndex[key]!
            }
        }
        for place in lastPlaces { propertyKeys[place].count += 1 }
    }

    /// Counts in a summary of the features that follow this one's (a later
    /// part of the same file, summarised on another thread): names first
    /// seen there come after those seen here.
    public mutating func add(_ later: FileSummary) {
        featureCount += later.featureCount
        nullGeometryCount += later.nullGeometryCount
        positionCount += later.positionCount
        if let box = later.boundingBox {
            if boundingBox == nil { boundingBox = box } else { boundingBox!.extend(box) }
        }
        for (name, count) in later.geometryCounts {
            Self.tally(name, count, into: &geometryCounts, index: &geometryIndex)
        }
        for (name, count) in later.propertyKeys { Self.tally(name, count, into: &propertyKeys, index: &keyIndex) }
    }

    /// Adds `count` to `name`'s entry, appending it when first seen.
    private static func tally(
        _ name: String, _ count: Int, into list: inout [(name: String, count: Int)], index: inout [String: Int]
    ) {
        if let position = index[name] {
            list[position].count += count
        } else {
            index[name] = list.count
            list.append((name, count))
        }
    }

    /// An Apple Maps link framing the extent (see ``MapsURL/init(extent:)``).
    public var mapsURL: MapsURL? {
        boundingBox.map(MapsURL.init(extent:))
    }

    /// The summary as aligned text.
    public var text: String {
        var lines = [path]
        func row(_ label: String, _ value: String) {
            lines.append("  " + label + String(repeating: " ", count: max(1, 12 - label.count)) + value)
        }
        row("layout", layout)
        row("features", String(featureCount))
        let counts =
            geometryCounts.map { "\($0.name) \($0.count)" }
            + (nullGeometryCount > 0 ? ["none \(nullGeometryCount)"] : [])
        row("geometries", counts.isEmpty ? "none" : counts.joined(separator: ", "))
        row("positions", String(positionCount))
        if !coordinateSystems.isEmpty { row("crs", coordinateSystems.joined(separator: ", ")) }
        if let box = boundingBox {
            if let extentSystem {
                row("extent", "x \(box.west) to \(box.east), y \(box.south) to \(box.north) (\(extentSystem))")
            } else {
                row("extent", "west \(box.west), south \(box.south), east \(box.east), north \(box.north)")
            }
        }
        if extentSystem == nil, let mapsURL { row("maps", mapsURL.string) }
        // The text lists the first 100 keys (a file can have hundreds of
        // thousands); the JSON form lists them all.
        let listed = propertyKeys.prefix(100).map { "\($0.name) (\($0.count))" }
        let more = propertyKeys.count > 100 ? ", and \(propertyKeys.count - 100) more keys" : ""
        row("properties", propertyKeys.isEmpty ? "none" : listed.joined(separator: ", ") + more)
        return lines.joined(separator: "\n")
    }

    /// The summary as a JSON object.
    public var json: JSONValue {
        var object = JSONObject()
        object["file"] = .string(path)
        object["layout"] = .string(layout)
        object["features"] = .integer(Int64(featureCount))
        object["geometries"] = .object(JSONObject(geometryCounts.map { ($0.name, JSONValue.integer(Int64($0.count))) }))
        object["nullGeometries"] = .integer(Int64(nullGeometryCount))
        object["positions"] = .integer(Int64(positionCount))
        if let box = boundingBox {
            object["bbox"] = .array([.double(box.west), .double(box.south), .double(box.east), .double(box.north)])
        }
        if !coordinateSystems.isEmpty { object["crs"] = .array(coordinateSystems.map(JSONValue.string)) }
        if let extentSystem { object["bboxCrs"] = .string(extentSystem) }
        if extentSystem == nil, let mapsURL { object["maps"] = .string(mapsURL.string) }
        object["properties"] = .object(JSONObject(propertyKeys.map { ($0.name, JSONValue.integer(Int64($0.count))) }))
        return .object(object)
    }
}
