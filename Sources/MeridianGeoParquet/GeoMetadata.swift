import MeridianCore
import MeridianJSON

/// GeoParquet's `geo` metadata (version 1.0 and 1.1): the primary
/// geometry column and, for each geometry column, its encoding, types,
/// system, extent and bbox covering.
public struct GeoMetadata: Sendable, Equatable {
    public struct Column: Sendable, Equatable {
        public var encoding: String
        public var geometryTypes: [String]
        /// PROJJSON; nil when the member is absent (OGC:CRS84), `.null`
        /// when it says the system is unknown.
        public var crs: JSONValue?
        public var bbox: [Double]?
        /// The paths of the covering's xmin, ymin, xmax and ymax columns.
        public var covering: [[String]]?
        public var edges: String?
        public var orientation: String?
    }

    public var version: String
    public var primaryColumn: String
    public var columns: [String: Column]
    /// The names of the columns, in the order the metadata gives them.
    public var columnNames: [String]

    /// Reads the metadata's JSON; a failure says what is wrong with it.
    public init(json text: String) throws(GeoMetadataFailure) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: Array(text.utf8))
        } catch {
            throw GeoMetadataFailure(pointer: "", reason: "is not JSON: \(error.diagnostic.message)")
        }
        guard let object = document.objectValue else {
            throw GeoMetadataFailure(pointer: "", reason: "is not an object")
        }
        guard let version = object["version"]?.stringValue else {
            throw GeoMetadataFailure(pointer: "/version", reason: "is missing or not a string")
        }
        guard let primary = object["primary_column"]?.stringValue else {
            throw GeoMetadataFailure(pointer: "/primary_column", reason: "is missing or not a string")
        }
        guard let members = object["columns"]?.objectValue else {
            throw GeoMetadataFailure(pointer: "/columns", reason: "is missing or not an object")
        }
        var columns: [String: Column] = [:]
        var names: [String] = []
        for (name, value) in members.members {
            let pointer = "/columns/\(name)"
            guard let column = value.objectValue else {
                throw GeoMetadataFailure(pointer: pointer, reason: "is not an object")
            }
            guard let encoding = column["encoding"]?.stringValue else {
                throw GeoMetadataFailure(pointer: pointer + "/encoding", reason: "is missing or not a string")
            }
            guard let types = column["geometry_types"]?.arrayValue, types.allSatisfy({ $0.stringValue != nil }) else {
                throw GeoMetadataFailure(
                    pointer: pointer + "/geometry_types", reason: "is missing or not a list of names")
            }
            var bbox: [Double]?
            if let raw = column["bbox"], !raw.isNull {
                guard let values = raw.arrayValue?.compactMap(\.doubleValue), values.count == 4 || values.count == 6,
                    values.count == raw.arrayValue?.count
                else { throw GeoMetadataFailure(pointer: pointer + "/bbox", reason: "is not 4 or 6 numbers") }
                bbox = values
            }
            var covering: [[String]]?
            if let raw = column["covering"]?.objectValue?["bbox"] {
                var paths: [[String]] = []
                for key in ["xmin", "ymin", "xmax", "ymax"] {
                    guard let path = raw.objectValue?[key]?.arrayValue?.compactMap(\.stringValue), !path.isEmpty else {
                        throw GeoMetadataFailure(
                            pointer: pointer + "/covering/bbox/\(key)", reason: "is missing or not a column path")
                    }
                    paths.append(path)
                }
                covering = paths
            }
            columns[name] = Column(
                encoding: encoding, geometryTypes: types.compactMap(\.stringValue), crs: column["crs"], bbox: bbox,
                covering: covering, edges: column["edges"]?.stringValue, orientation: column["orientation"]?.stringValue
            )
            names.append(name)
        }
        guard columns[primary] != nil else {
            throw GeoMetadataFailure(
                pointer: "/primary_column", reason: "names \(primary), which /columns does not describe")
        }
        self.version = version
        self.primaryColumn = primary
        self.columns = columns
        self.columnNames = names
    }
}

/// What is wrong with a `geo` metadata, at a JSON pointer into it.
public struct GeoMetadataFailure: Error, Sendable {
    public var pointer: String
    public var reason: String
}

extension GeoMetadata.Column {
    /// The system as PROJ reads it (the PROJJSON's text), or nil for
    /// longitude and latitude on WGS 84 (OGC:CRS84, EPSG:4326 and an
    /// absent member; GeoParquet's positions are always x, y).
    var coordinateSystem: String? {
        guard let crs, let object = crs.objectValue else { return nil }
        if let id = object["id"]?.objectValue, let authority = id["authority"]?.stringValue {
            let code = id["code"].map { $0.stringValue ?? $0.compactJSONText } ?? ""
            if (authority == "OGC" && code == "CRS84") || (authority == "EPSG" && code == "4326") { return nil }
        }
        return crs.compactJSONText
    }
}

extension GeoMetadata {
    /// The geometry type names GeoParquet allows, each also with " Z".
    static let typeNames: Set<String> = [
        "Point", "LineString", "Polygon", "MultiPoint", "MultiLineString", "MultiPolygon", "GeometryCollection",
    ]

    /// What breaks GeoParquet's rules without keeping the file from being
    /// read: an unknown version, geometry type, edges or orientation, a
    /// `crs` that is neither PROJJSON nor null; each at its JSON pointer.
    func ruleBreaks() -> [GeoMetadataFailure] {
        var found: [GeoMetadataFailure] = []
        if !(version.hasPrefix("1.0.") || version.hasPrefix("1.1.")) {
            found.append(
                GeoMetadataFailure(pointer: "/version", reason: "is \(version), not a GeoParquet 1.0 or 1.1 version"))
        }
        for name in columnNames {
            guard let column = columns[name] else { continue }
            let pointer = "/columns/\(name)"
            let encodings: Set<String> = [
                "WKB", "point", "linestring", "polygon", "multipoint", "multilinestring", "multipolygon",
            ]
            if !encodings.contains(column.encoding) {
                found.append(
                    GeoMetadataFailure(
                        pointer: pointer + "/encoding", reason: "is \(column.encoding), not WKB or a GeoArrow encoding")
                )
            }
            for (index, type) in column.geometryTypes.enumerated() {
                let base = type.hasSuffix(" Z") ? String(type.dropLast(2)) : type
                if !Self.typeNames.contains(base) {
                    found.append(
                        GeoMetadataFailure(
                            pointer: pointer + "/geometry_types/\(index)", reason: "is \(type), not a geometry type"))
                }
            }
            if let edges = column.edges, edges != "planar", edges != "spherical" {
                found.append(
                    GeoMetadataFailure(pointer: pointer + "/edges", reason: "is \(edges), not planar or spherical"))
            }
            if let orientation = column.orientation, orientation != "counterclockwise" {
                found.append(
                    GeoMetadataFailure(
                        pointer: pointer + "/orientation", reason: "is \(orientation), not counterclockwise"))
            }
            if let crs = column.crs, crs.objectValue == nil, !crs.isNull {
                found.append(
                    GeoMetadataFailure(pointer: pointer + "/crs", reason: "is neither PROJJSON (an object) nor null"))
            }
        }
        return found
    }
}
