/// A GeoJSON position, `[longitude, latitude]` or with altitude, as
/// `Codable` sees it (RFC 7946, 3.1.1).
extension Coordinate: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let longitude = try container.decode(Double.self)
        let latitude = try container.decode(Double.self)
        let altitude = container.isAtEnd ? nil : try container.decode(Double.self)
        self.init(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(longitude)
        try container.encode(latitude)
        if let altitude { try container.encode(altitude) }
    }
}

/// Geometry as a GeoJSON geometry object through `Encoder`/`Decoder`.
extension Geometry: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let type = try container.decode(String.self, forKey: AnyCodingKey("type"))
        let key = AnyCodingKey("coordinates")
        switch type {
        case "Point": self = .point(try container.decode(Coordinate.self, forKey: key))
        case "MultiPoint": self = .multiPoint(try container.decode([Coordinate].self, forKey: key))
        case "LineString": self = .lineString(try container.decode([Coordinate].self, forKey: key))
        case "MultiLineString": self = .multiLineString(try container.decode([[Coordinate]].self, forKey: key))
        case "Polygon": self = .polygon(try container.decode([[Coordinate]].self, forKey: key))
        case "MultiPolygon": self = .multiPolygon(try container.decode([[[Coordinate]]].self, forKey: key))
        case "GeometryCollection":
            self = .geometryCollection(try container.decode([Geometry].self, forKey: AnyCodingKey("geometries")))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey("type"), in: container, debugDescription: "unknown geometry type \(type)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(typeName, forKey: AnyCodingKey("type"))
        let key = AnyCodingKey("coordinates")
        switch self {
        case .point(let c): try container.encode(c, forKey: key)
        case .multiPoint(let cs), .lineString(let cs): try container.encode(cs, forKey: key)
        case .multiLineString(let lines), .polygon(let lines): try container.encode(lines, forKey: key)
        case .multiPolygon(let polygons): try container.encode(polygons, forKey: key)
        case .geometryCollection(let geometries): try container.encode(geometries, forKey: AnyCodingKey("geometries"))
        }
    }
}

extension FeatureIdentifier: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else {
            self = .double(try container.decode(Double.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        }
    }
}

/// Feature as a GeoJSON Feature object through `Encoder`/`Decoder`;
/// members other than the GeoJSON ones become foreign members.
extension Feature: Codable {
    static let reservedKeys: Set<String> = ["type", "id", "geometry", "properties", "bbox"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let type = try container.decode(String.self, forKey: AnyCodingKey("type"))
        guard type == "Feature" else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey("type"), in: container, debugDescription: "expected a Feature, found \(type)")
        }
        self.init()
        id = try container.decodeIfPresent(FeatureIdentifier.self, forKey: AnyCodingKey("id"))
        geometry = try container.decodeIfPresent(Geometry.self, forKey: AnyCodingKey("geometry"))
        if try container.decodeNil(forKey: AnyCodingKey("properties")) {
            propertiesAreNull = true
        } else {
            properties = try container.decode(JSONObject.self, forKey: AnyCodingKey("properties"))
        }
        bbox = try container.decodeIfPresent([Double].self, forKey: AnyCodingKey("bbox"))
        for key in container.allKeys where !Self.reservedKeys.contains(key.stringValue) {
            foreignMembers[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode("Feature", forKey: AnyCodingKey("type"))
        try container.encodeIfPresent(id, forKey: AnyCodingKey("id"))
        try container.encodeIfPresent(bbox, forKey: AnyCodingKey("bbox"))
        if propertiesAreNull && properties.isEmpty {
            try container.encodeNil(forKey: AnyCodingKey("properties"))
        } else {
            try container.encode(properties, forKey: AnyCodingKey("properties"))
        }
        if let geometry {
            try container.encode(geometry, forKey: AnyCodingKey("geometry"))
        } else {
            try container.encodeNil(forKey: AnyCodingKey("geometry"))
        }
        for (key, value) in foreignMembers.members { try container.encode(value, forKey: AnyCodingKey(key)) }
    }
}

/// FeatureCollection as a GeoJSON FeatureCollection through `Encoder`/`Decoder`.
extension FeatureCollection: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let type = try container.decode(String.self, forKey: AnyCodingKey("type"))
        guard type == "FeatureCollection" else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey("type"), in: container,
                debugDescription: "expected a FeatureCollection, found \(type)")
        }
        self.init(features: try container.decode([Feature].self, forKey: AnyCodingKey("features")))
        bbox = try container.decodeIfPresent([Double].self, forKey: AnyCodingKey("bbox"))
        for key in container.allKeys where !["type", "features", "bbox"].contains(key.stringValue) {
            foreignMembers[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode("FeatureCollection", forKey: AnyCodingKey("type"))
        try container.encodeIfPresent(bbox, forKey: AnyCodingKey("bbox"))
        for (key, value) in foreignMembers.members { try container.encode(value, forKey: AnyCodingKey(key)) }
        try container.encode(features, forKey: AnyCodingKey("features"))
    }
}
