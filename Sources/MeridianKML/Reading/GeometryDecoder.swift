import MeridianCore
import MeridianLibC

/// Turns the geometry elements of a Placemark into one ``Geometry``
/// (OGC 07-147r2, 10.2-10.8; Google's gx:Track, 2.2 extension).
///
/// ```swift
/// var decoder = GeometryDecoder()
/// let geometry = decoder.geometry(of: placemark)   // nil when it has none
/// decoder.times                                    // gx:Track <when>s
/// ```
///
/// - Point: its first coordinate tuple. LineString: 2 or more positions.
///   A LinearRing directly under a Placemark is a line.
/// - Polygon: outerBoundaryIs then every innerBoundaryIs ring; open rings
///   are closed; a ring needs 4 positions after closing.
/// - MultiGeometry and gx:MultiTrack are flattened (nested ones too). One
///   geometry stays itself; several of one type become MultiPoint,
///   MultiLineString or MultiPolygon (as GDAL does); mixed types a
///   GeometryCollection.
/// - gx:Track: `gx:coord` ("lon lat alt") paired with `when`; a LineString
///   (a Point for a single position), its times kept in ``times``.
///
/// Anything skipped is reported in ``problems`` with its line.
struct GeometryDecoder {
    /// The `when` times of each track, in order.
    var times: [[String]] = []
    var problems: [(message: String, line: Int)] = []

    mutating func geometry(of placemark: KMLElement) -> Geometry? {
        var parts: [Geometry] = []
        collect(placemark, into: &parts, depth: 0)
        return Self.combine(parts)
    }

    static func combine(_ parts: [Geometry]) -> Geometry? {
        guard let first = parts.first else { return nil }
        if parts.count == 1 { return first }
        var points: [Coordinate] = []
        var lines: [[Coordinate]] = []
        var polygons: [[[Coordinate]]] = []
        for part in parts {
            switch part {
            case .point(let c): points.append(c)
            case .lineString(let cs): lines.append(cs)
            case .polygon(let rings): polygons.append(rings)
            default: break
            }
        }
        if points.count == parts.count { return .multiPoint(points) }
        if lines.count == parts.count { return .multiLineString(lines) }
        if polygons.count == parts.count { return .multiPolygon(polygons) }
        return .geometryCollection(parts)
    }

    /// Collects the geometries among the children of `parent`.
    private mutating func collect(_ parent: KMLElement, into parts: inout [Geometry], depth: Int) {
        guard depth < 64 else {
            problems.append(
                ("geometries nested more than 64 deep were skipped", parent.children.first { _ in true }?.line ?? 0))
            return
        }
        for element in parent.children {
            switch element.tag {
            case .MultiGeometry, .MultiTrack:
                collect(element, into: &parts, depth: depth + 1)
            case .Point:
                let coordinates = self.coordinates(of: element)
                if let first = coordinates.first {
                    parts.append(.point(first))
                } else {
                    problems.append(("a Point has no coordinates", element.line))
                }
            case .LineString, .LinearRing:
                let coordinates = self.coordinates(of: element)
                if coordinates.count >= 2 {
                    parts.append(.lineString(coordinates))
                } else {
                    problems.append(
                        ("a \(element.name) needs at least 2 positions; it has \(coordinates.count)", element.line))
                }
            case .Polygon:
                if let polygon = polygon(element) { parts.append(polygon) }
            case .Track:
                if let track = track(element) { parts.append(track) }
            default:
                break
            }
        }
    }

    private mutating func coordinates(of element: KMLElement) -> [Coordinate] {
        guard let node = element.is(.coordinates) ? element : element.descendant(.coordinates) else { return [] }
        let parsed = node.withBytes { CoordinateParser.parse($0) }
        for problem in parsed.problems { problems.append((problem, node.line)) }
        return parsed.coordinates
    }

    private mutating func ring(_ element: KMLElement, role: String) -> [Coordinate]? {
        var ring = coordinates(of: element)
        if let first = ring.first, let last = ring.last, first != last { ring.append(first) }
        guard ring.count >= 4 else {
            problems.append(
                ("a polygon's \(role) ring needs 4 positions once closed; it has \(ring.count)", element.line))
            return nil
        }
        return ring
    }

    private mutating func polygon(_ element: KMLElement) -> Geometry? {
        let outerElement = element.child(.outerBoundaryIs)?.descendant(.LinearRing) ?? element.descendant(.LinearRing)
        guard let outerElement, let outer = ring(outerElement, role: "outer") else {
            problems.append(("a Polygon without a usable outer ring was skipped", element.line))
            return nil
        }
        var rings = [outer]
        for inner in element.children(named: .innerBoundaryIs) {
            for linearRing in inner.descendants(named: .LinearRing) {
                if let hole = ring(linearRing, role: "inner") { rings.append(hole) }
            }
        }
        return .polygon(rings)
    }

    private mutating func track(_ element: KMLElement) -> Geometry? {
        var coordinates: [Coordinate] = []
        for coord in element.children where coord.is(.coord) {
            let numbers = coord.withBytes { Self.numbers($0) }
            if numbers.count >= 2 {
                coordinates.append(
                    Coordinate(
                        latitude: numbers[1], longitude: numbers[0], altitude: numbers.count >= 3 ? numbers[2] : nil))
            } else {
                problems.append(("a gx:coord needs a longitude and a latitude", coord.line))
            }
        }
        guard !coordinates.isEmpty else { return nil }
        let when = element.children.compactMap { $0.is(.when) ? $0.text.trimmedKMLWhitespace : nil }
        if !when.isEmpty { times.append(when) }
        return coordinates.count >= 2 ? .lineString(coordinates) : .point(coordinates[0])
    }

    /// The whitespace-separated numbers of a gx:coord.
    static func numbers(_ buffer: UnsafeBufferPointer<UInt8>) -> [Double] {
        do {
            var result: [Double] = []
            result.reserveCapacity(3)
            var index = 0
            while index < buffer.count {
                while index < buffer.count,
                    buffer[index] == 0x20 || buffer[index] == 0x09 || buffer[index] == 0x0A || buffer[index] == 0x0D
                { index += 1 }
                var end = index
                while end < buffer.count,
                    !(buffer[end] == 0x20 || buffer[end] == 0x09 || buffer[end] == 0x0A || buffer[end] == 0x0D)
                { end += 1 }
                if end > index, let value = CoordinateParser.parseNumber(buffer, from: index, to: end) {
                    result.append(value)
                }
                index = end
            }
            return result
        }
    }

    /// The ring of a `<LatLonBox>`: west-north, east-north, east-south,
    /// west-south, closed, turned by `rotation` degrees about the centre
    /// (counter-clockwise positive, OGC 07-147r2, 11.4.2), plus the box as
    /// a bbox.
    static func latLonBox(_ box: KMLElement) -> (ring: [Coordinate], bbox: [Double])? {
        guard let north = box.number(.north), let south = box.number(.south), let east = box.number(.east),
            let west = box.number(.west)
        else { return nil }
        var ring = [
            Coordinate(latitude: north, longitude: west), Coordinate(latitude: north, longitude: east),
            Coordinate(latitude: south, longitude: east), Coordinate(latitude: south, longitude: west),
            Coordinate(latitude: north, longitude: west),
        ]
        if let rotation = box.number(.rotation) {
            let cx = (west + east) / 2
            let cy = (south + north) / 2
            ring = ring.map { c in
                let dx = c.longitude - cx
                let dy = c.latitude - cy
                let distance = (dx * dx + dy * dy).squareRoot()
                let angle = atan2(dy, dx) + rotation * .pi / 180
                return Coordinate(latitude: cy + sin(angle) * distance, longitude: cx + cos(angle) * distance)
            }
        }
        return (ring, [west, south, east, north])
    }
}
