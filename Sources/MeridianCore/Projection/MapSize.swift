/// A width and height on the map plane, as `MKMapSize`.
///
/// ```swift
/// MapSize.world.width   // 268435456, 2^28
/// ```
public struct MapSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The whole projected world: 2^28 map points on each side
    /// (MapKit's `MKMapSize.world`).
    public static let world = MapSize(width: MapProjection.worldSize, height: MapProjection.worldSize)
}

extension MapSize: CustomStringConvertible {
    /// `{w, h}` with one decimal, as MapKit's `MKStringFromMapSize`.
    public var description: String {
        "{\(formatFixed(width, decimals: 1)), \(formatFixed(height, decimals: 1))}"
    }
}
