import MeridianCore
import MeridianPlaces
import MeridianSpatial

/// The administrative areas and postcode areas of an input (OpenStreetMap's
/// `boundary=administrative` areas with an `admin_level` and a name, and
/// `boundary=postal_code` areas with a `postal_code`), which complete the
/// addresses of the places inside them, as Nominatim and Photon complete
/// them: what a place's own `addr:*` tags say is kept, and the parts they
/// leave out come from the smallest area of each rank that holds the
/// place's coordinate.
///
/// | `admin_level` | address part |
/// |---|---|
/// | 2 | `country`, from the area's `ISO3166-1` (or `ISO3166-1:alpha2`) code |
/// | 3, 4 | `province` (a state or region), 4 before 3 |
/// | 7, 8 | `locality` (a city, town or municipality), 8 before 7 |
/// | 9, 10 | `district` (a borough, quarter or neighbourhood), 9 before 10 |
/// | `boundary=postal_code` | `postalCode` |
///
/// A place without an address gets one of these parts alone. Lookups go
/// through an STR-tree of the areas' boxes and a ``PointLocator`` each
/// (GEOS where a point lies on an edge).
struct AdministrativeAreas {
    struct Area: @unchecked Sendable {
        var level: Int
        var name: String
        var locator: PointLocator
        var geometry: Geometry
    }

    private(set) var areas: [Area] = []

    var isEmpty: Bool { areas.isEmpty }

    /// The rank of the areas that give a part (the levels, most wanted first).
    nonisolated(unsafe) private static let ranks: [(part: WritableKeyPath<PlaceAddress, String?>, levels: [Int])] = [
        (\.country, [2]), (\.province, [4, 3]), (\.locality, [8, 7]), (\.district, [9, 10]), (\.postalCode, [postal]),
    ]
    /// The level of postcode areas.
    static let postal = 100

    mutating func add(_ area: Area) { areas.append(area) }

    /// The area `feature` is when it is an administrative or postcode area.
    static func area(of feature: Feature) -> Area? {
        guard let geometry = feature.geometry, PlaceExtractor.isArea(geometry),
            let boundary = feature.properties["boundary"]?.stringValue
        else { return nil }
        let properties = feature.properties
        if boundary == "postal_code", let code = properties["postal_code"]?.stringValue ?? properties["name"]?.stringValue {
            return Area(level: Self.postal, name: code, locator: PointLocator(geometry), geometry: geometry)
        }
        guard boundary == "administrative", let text = properties["admin_level"]?.stringValue,
            let level = Int(text), (2...10).contains(level)
        else { return nil }
        let name: String?
        if level == 2 {
            name = PlaceExtractor.first(properties, ["ISO3166-1", "ISO3166-1:alpha2", "country_code"])?.uppercased()
        } else {
            name = PlaceExtractor.first(properties, ["name"])
        }
        guard let name, !name.isEmpty else { return nil }
        return Area(level: level, name: name, locator: PointLocator(geometry), geometry: geometry)
    }

    /// The areas that hold `coordinate`, any level.
    func areas(holding coordinate: Coordinate, tree: STRTree, operations: GeometryOperations) -> [Area] {
        var found: [Area] = []
        let box = BoundingBox(
            west: coordinate.longitude, south: coordinate.latitude, east: coordinate.longitude,
            north: coordinate.latitude)
        tree.search(box) { index in
            let area = areas[index]
            switch area.locator.locate(coordinate) {
            case .inside: found.append(area)
            case .outside: break
            case .uncertain:
                if (try? operations.intersects(area.geometry, .point(coordinate))) == true { found.append(area) }
            }
        }
        return found
    }

    /// Completes the addresses of `places` from the areas that hold them.
    func complete(_ places: inout [Place]) {
        guard !areas.isEmpty else { return }
        let tree = STRTree(boxes: areas.map { $0.geometry.boundingBox })
        let operations = GeometryOperations()
        for index in places.indices {
            let holding = areas(holding: places[index].coordinate, tree: tree, operations: operations)
            guard !holding.isEmpty else { continue }
            var address = places[index].address ?? PlaceAddress()
            let before = address
            for rank in Self.ranks where address[keyPath: rank.part] == nil {
                for level in rank.levels {
                    // The smallest area of the level: the innermost.
                    let candidates = holding.filter { $0.level == level }
                    guard !candidates.isEmpty else { continue }
                    func size(_ area: Area) -> Double {
                        guard let box = area.geometry.boundingBox else { return 0 }
                        return (box.east - box.west) * (box.north - box.south)
                    }
                    let smallest = candidates.min { size($0) < size($1) }
                    address[keyPath: rank.part] = smallest?.name
                    break
                }
            }
            if address != before { places[index].address = address }
        }
    }
}
