/// A longitude/latitude box: GeoJSON's 2D `bbox` (RFC 7946, 5) as
/// west, south, east, north in degrees.
///
/// ```swift
/// var box = BoundingBox(west: 0, south: 50, east: 1, north: 51)
/// box.extend(Coordinate(latitude: 52, longitude: 2))
/// box.north   // 52
/// ```
///
/// A box whose west is greater than its east crosses the antimeridian.
public struct BoundingBox: Sendable, Hashable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Grows the box (without wrapping) to hold a coordinate.
    public mutating func extend(_ coordinate: Coordinate) {
        west = min(west, coordinate.longitude)
        east = max(east, coordinate.longitude)
        south = min(south, coordinate.latitude)
        north = max(north, coordinate.latitude)
    }

    /// Grows the box (without wrapping) to hold another box.
    public mutating func extend(_ other: BoundingBox) {
        west = min(west, other.west)
        east = max(east, other.east)
        south = min(south, other.south)
        north = max(north, other.north)
    }

    /// The region this box covers.
    public var region: CoordinateRegion {
        CoordinateRegion(
            center: Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2),
            span: CoordinateSpan(latitudeDelta: north - south, longitudeDelta: east - west))
    }
}
