import MeridianCore
import MeridianPlaces

/// One feature (or overlay) broken into what the renderer draws: areas,
/// lines and points, with the properties that style and label it.
///
/// A GeometryCollection contributes to all three lists, so one feature can
/// appear in each z-order group; every element it produces carries the
/// same `data-id`.
struct DrawItem {
    var layer: Int
    /// Position in the input, for stable ordering.
    var order: Int
    var id: String?
    var category: String?
    /// The `feature_type` property, written out as `data-feature-type`
    /// for scripts and style sheets; it changes nothing in the drawing.
    var featureType: String?
    var properties: JSONObject
    /// Read once from `properties`: draw order, marker, line cap, context, label rank.
    var hints: DrawingHints
    var label: String?
    var polygons: [[[Coordinate]]] = []
    var lines: [[Coordinate]] = []
    var points: [Coordinate] = []
    /// A circle is turned into its geodesic boundary once the scale is known.
    var circle: Circle?

    var isEmpty: Bool { polygons.isEmpty && lines.isEmpty && points.isEmpty && circle == nil }

    mutating func add(_ geometry: Geometry) {
        switch geometry {
        case .point(let c): points.append(c)
        case .multiPoint(let cs): points.append(contentsOf: cs)
        case .lineString(let cs): lines.append(cs)
        case .multiLineString(let lines): self.lines.append(contentsOf: lines)
        case .polygon(let rings): polygons.append(rings)
        case .multiPolygon(let polygons): self.polygons.append(contentsOf: polygons)
        case .geometryCollection(let geometries): for member in geometries { add(member) }
        }
    }

    /// Text of a property for a label or category: strings as they are,
    /// numbers as written, LABELS objects by their `en` entry or first string.
    static func text(of value: JSONValue?) -> String? {
        guard let value else { return nil }
        switch value {
        case .string(let text): return text.isEmpty ? nil : text
        case .integer(let number): return String(number)
        case .double(let number): return number.description
        case .bool(let flag): return flag ? "true" : "false"
        case .object(let object):
            if let english = object["en"]?.stringValue, !english.isEmpty { return english }
            for (_, member) in object.members { if let text = member.stringValue, !text.isEmpty { return text } }
            return nil
        default: return nil
        }
    }

    /// The item's extent for automatic framing.
    func addExtent(to extent: inout ContentExtent) {
        func add(_ coordinates: [Coordinate]) {
            var west = Double.infinity
            var east = -Double.infinity
            var south = Double.infinity
            var north = -Double.infinity
            var unwrapper = LongitudeUnwrapper()
            for c in coordinates where c.isDrawable {
                let longitude = unwrapper.next(c.longitude)
                west = min(west, longitude)
                east = max(east, longitude)
                south = min(south, c.latitude)
                north = max(north, c.latitude)
            }
            extent.add(west: west, east: east, south: south, north: north)
        }
        for polygon in polygons { for ring in polygon { add(ring) } }
        for line in lines { add(line) }
        for point in points { add([point]) }
        if let circle, circle.center.isDrawable {
            let rect = circle.boundingMapRect
            let northWest = MapPoint(x: rect.minX, y: rect.minY).coordinate
            let southEast = MapPoint(x: rect.maxX, y: rect.maxY).coordinate
            let west = circle.center.longitude - (circle.center.longitude - northWest.longitude)
            extent.add(
                west: west, east: west + rect.width / MapSize.world.width * 360, south: southEast.latitude,
                north: northWest.latitude)
        }
    }
}

extension DrawItem {
    /// The point's MapKit category (see ``Snapshotter/Options/pointFilter``).
    func pointOfInterestCategory(_ featureType: String?) -> PointOfInterestCategory? {
        if let category {
            if let named = PointOfInterestCategory(rawValue: category) ?? PointOfInterestCategory.imdf(category) {
                return named
            }
        }
        return PointOfInterestCategory.of(properties: properties, featureType: featureType)
    }
}
