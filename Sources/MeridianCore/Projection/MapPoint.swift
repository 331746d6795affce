/// A point on the flat Web Mercator plane MapKit draws on, as `MKMapPoint`.
///
/// The plane is ``MapSize/world`` (2^28 map points) on each side, x growing
/// east from the antimeridian and y growing south from the north edge.
///
/// ```swift
/// let point = MapPoint(Coordinate(latitude: 45.52, longitude: -122.681944))
/// point.x            // 42739440.27609316
/// point.coordinate   // back to (45.52, -122.681944)
/// ```
///
/// Projection costs one `sin` and one `log`; the inverse one `atan` and one
/// `sinh`. Latitudes are clamped to +-85 degrees before projecting, as MapKit
/// does.
import MeridianLibC

public struct MapPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Projects a coordinate, as `MKMapPoint(_:)`: spherical Web Mercator
    /// with latitude clamped to +-85 degrees; |latitude| > 90 gives y = 0 and
    /// NaN stays NaN, as recorded on devices.
    public init(_ coordinate: Coordinate) {
        x = MapProjection.x(longitude: coordinate.longitude)
        y = MapProjection.y(latitude: coordinate.latitude)
    }

    /// The coordinate at this map point (the inverse projection).
    public var coordinate: Coordinate {
        Coordinate(latitude: MapProjection.latitude(y: y), longitude: MapProjection.longitude(x: x))
    }

    /// Metres between two map points along the Earth's surface, as
    /// `MKMapPoint.distance(to:)`.
    ///
    /// MapKit does not document its model; its one recorded sample,
    /// (0, 0) to (1000, 1000) = 18.153 m, is matched only by the haversine
    /// formula on a sphere of the WGS-84 polar radius (6 356 752.314 m),
    /// which is what this uses. For survey-grade distances use
    /// ``Geodesic/inverse(from:to:)``.
    public func distance(to other: MapPoint) -> Double {
        let a = coordinate
        let b = other.coordinate
        let radius = 6_356_752.314
        let phi1 = a.latitude * .pi / 180
        let phi2 = b.latitude * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * radius * asin(min(1, sqrt(h)))
    }
}

extension MapPoint: CustomStringConvertible {
    /// `{x, y}` with one decimal, as MapKit's `MKStringFromMapPoint`.
    public var description: String {
        "{\(formatFixed(x, decimals: 1)), \(formatFixed(y, decimals: 1))}"
    }
}
