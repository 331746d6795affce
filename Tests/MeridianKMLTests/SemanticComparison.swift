import MeridianCore

/// Compares GeoJSON semantically, as the conformance rules ask: same
/// features in order, geometries equal (coordinates within 1e-9 degrees,
/// for computed ones such as a rotated LatLonBox), same properties with
/// numbers compared by value; key order and number formatting are free.
enum Semantic {
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.integer, _), (.double, _):
            guard let x = a.doubleValue, let y = b.doubleValue else { return false }
            return x == y || abs(x - y) <= 1e-12 * max(abs(x), abs(y))
        case (.object(let x), .object(let y)):
            guard Set(x.keys) == Set(y.keys) else { return false }
            return x.keys.allSatisfy { equal(x[$0]!, y[$0]!) }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default:
            return a == b
        }
    }

    static func equal(_ a: Coordinate, _ b: Coordinate) -> Bool {
        abs(a.latitude - b.latitude) <= 1e-9 && abs(a.longitude - b.longitude) <= 1e-9
            && (a.altitude ?? 0) - (b.altitude ?? 0) == 0
    }

    static func equal(_ a: [Coordinate], _ b: [Coordinate]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
    }

    static func equal(_ a: Geometry?, _ b: Geometry?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.point(let x)?, .point(let y)?): return equal(x, y)
        case (.multiPoint(let x)?, .multiPoint(let y)?), (.lineString(let x)?, .lineString(let y)?):
            return equal(x, y)
        case (.multiLineString(let x)?, .multiLineString(let y)?), (.polygon(let x)?, .polygon(let y)?):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.multiPolygon(let x)?, .multiPolygon(let y)?):
            return x.count == y.count
                && zip(x, y).allSatisfy { p, q in p.count == q.count && zip(p, q).allSatisfy { equal($0, $1) } }
        case (.geometryCollection(let x)?, .geometryCollection(let y)?):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default: return false
        }
    }

    /// A GeometryCollection whose members all have one type, as the Multi*
    /// geometry Meridian keeps it as (a stated difference from togeojson).
    static func homogenised(_ geometry: Geometry?) -> Geometry? {
        guard case .geometryCollection(let parts)? = geometry else { return geometry }
        var points: [Coordinate] = []
        var lines: [[Coordinate]] = []
        var polygons: [[[Coordinate]]] = []
        for part in parts {
            switch part {
            case .point(let c): points.append(c)
            case .lineString(let l): lines.append(l)
            case .polygon(let p): polygons.append(p)
            default: break
            }
        }
        if points.count == parts.count { return .multiPoint(points) }
        if lines.count == parts.count { return .multiLineString(lines) }
        if polygons.count == parts.count { return .multiPolygon(polygons) }
        return geometry
    }

    /// The first difference between two features, or nil.
    static func difference(_ mine: Feature, _ expected: Feature) -> String? {
        if !equal(mine.geometry, expected.geometry) {
            return "geometry: \(String(describing: mine.geometry)) vs \(String(describing: expected.geometry))"
        }
        if mine.id != expected.id { return "id: \(String(describing: mine.id)) vs \(String(describing: expected.id))" }
        let a = mine.properties
        let b = expected.properties
        for key in Set(a.keys).union(b.keys).sorted() {
            switch (a[key], b[key]) {
            case (let x?, let y?) where equal(x, y): continue
            default: return "property \(key): \(String(describing: a[key])) vs \(String(describing: b[key]))"
            }
        }
        if (mine.bbox ?? []) != (expected.bbox ?? []) {
            guard let x = mine.bbox, let y = expected.bbox, x.count == y.count,
                zip(x, y).allSatisfy({ abs($0 - $1) <= 1e-9 })
            else { return "bbox: \(String(describing: mine.bbox)) vs \(String(describing: expected.bbox))" }
        }
        return nil
    }
}
