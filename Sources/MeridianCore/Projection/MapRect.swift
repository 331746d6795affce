/// A rectangle on the map plane, as `MKMapRect`: an origin (its north-west
/// corner) and a size, in map points.
///
/// ```swift
/// let a = MapRect(x: 1, y: 2, width: 3, height: 4)
/// a.union(MapRect(x: 4, y: 3, width: 2, height: 1))   // {{1.0, 2.0}, {5.0, 4.0}}
/// a.contains(MapPoint(x: 1, y: 2))                     // true: edges are inside
/// MapRect.null.isNull                                  // true
/// ```
///
/// Every operation follows MapKit's recorded behaviour (see
/// docs/library.md, "Map math decisions"): ``null`` has an infinite origin and absorbs nothing
/// in a union, intersections of disjoint rects are ``null``, and rects that
/// reach past the world's east or west edge ``spans180thMeridian``.
/// All operations are O(1).
public struct MapRect: Sendable, Hashable {
    public var origin: MapPoint
    public var size: MapSize

    /// The all-zero rect, as `MKMapRect()`.
    public init() {
        origin = MapPoint(x: 0, y: 0)
        size = MapSize(width: 0, height: 0)
    }

    public init(origin: MapPoint, size: MapSize) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = MapPoint(x: x, y: y)
        size = MapSize(width: width, height: height)
    }

    /// The smallest rect holding every point; ``null`` for none.
    public init<S: Sequence>(boundingPoints points: S) where S.Element == MapPoint {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for point in points where !point.x.isNaN && !point.y.isNaN {
            minX = Swift.min(minX, point.x)
            maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y)
            maxY = Swift.max(maxY, point.y)
        }
        if minX > maxX {
            self = .null
        } else {
            self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    /// The rect covering a region: the projected north-west corner
    /// (center + latitudeDelta/2, center - longitudeDelta/2) to the
    /// projected south-east corner, the convention MapKit apps use.
    public init(_ region: CoordinateRegion) {
        let northWest = MapPoint(
            Coordinate(
                latitude: region.center.latitude + region.span.latitudeDelta / 2,
                longitude: region.center.longitude - region.span.longitudeDelta / 2))
        let southEast = MapPoint(
            Coordinate(
                latitude: region.center.latitude - region.span.latitudeDelta / 2,
                longitude: region.center.longitude + region.span.longitudeDelta / 2))
        self.init(
            x: Swift.min(northWest.x, southEast.x), y: Swift.min(northWest.y, southEast.y),
            width: abs(southEast.x - northWest.x), height: abs(southEast.y - northWest.y))
    }

    /// The whole world, (0, 0, 2^28, 2^28), as `MKMapRect.world`.
    public static let world = MapRect(origin: MapPoint(x: 0, y: 0), size: .world)

    /// The null rect: origin (+inf, +inf), size (0, 0), as `MKMapRect.null`.
    public static let null = MapRect(x: .infinity, y: .infinity, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// True when the origin is ``null``'s origin.
    public var isNull: Bool {
        origin.x == .infinity && origin.y == .infinity
    }

    /// True for ``null`` and for a rect with zero width and zero height.
    public var isEmpty: Bool {
        isNull || (size.width == 0 && size.height == 0)
    }

    /// The smallest rect holding both; a union with ``null`` is the other rect.
    public func union(_ other: MapRect) -> MapRect {
        if isNull { return other }
        if other.isNull { return self }
        let minX = Swift.min(self.minX, other.minX)
        let minY = Swift.min(self.minY, other.minY)
        let maxX = Swift.max(self.maxX, other.maxX)
        let maxY = Swift.max(self.maxY, other.maxY)
        return MapRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The overlap of two rects; ``null`` when they are disjoint. Rects that
    /// only touch intersect in a rect of zero width or height.
    public func intersection(_ other: MapRect) -> MapRect {
        if isNull || other.isNull { return .null }
        let minX = Swift.max(self.minX, other.minX)
        let minY = Swift.max(self.minY, other.minY)
        let maxX = Swift.min(self.maxX, other.maxX)
        let maxY = Swift.min(self.maxY, other.maxY)
        if minX > maxX || minY > maxY { return .null }
        return MapRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// True when the intersection is not ``null``.
    public func intersects(_ other: MapRect) -> Bool {
        !intersection(other).isNull
    }

    /// True when the point lies inside or on an edge: the empty rect at the
    /// origin contains the origin.
    public func contains(_ point: MapPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// True when `other` lies wholly inside (edges included), as MapKit:
    /// the union of the two equals this rect. Every rect contains ``null``.
    public func contains(_ other: MapRect) -> Bool {
        union(other) == self
    }

    /// Moves each edge inwards by `dx` and `dy` (outwards when negative).
    /// ``null`` stays ``null``, and so does a rect inset past its own size.
    public func insetBy(dx: Double, dy: Double) -> MapRect {
        if isNull { return .null }
        let inset = MapRect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
        return inset.width < 0 || inset.height < 0 ? .null : inset
    }

    /// Moves the rect by `dx` and `dy`; ``null`` stays ``null``.
    public func offsetBy(dx: Double, dy: Double) -> MapRect {
        if isNull { return .null }
        return MapRect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// An edge of a rect, for ``divided(atDistance:from:)``.
    public enum Edge: Sendable, Hashable, CaseIterable {
        case minXEdge, minYEdge, maxXEdge, maxYEdge
    }

    /// Splits the rect into a slice `distance` wide along `edge` and the
    /// remainder, as `MKMapRectDivide`. The distance is clamped to the rect.
    public func divided(atDistance distance: Double, from edge: Edge) -> (slice: MapRect, remainder: MapRect) {
        if isNull { return (.null, .null) }
        switch edge {
        case .minXEdge:
            let d = Swift.min(Swift.max(distance, 0), width)
            return (
                MapRect(x: minX, y: minY, width: d, height: height),
                MapRect(x: minX + d, y: minY, width: width - d, height: height)
            )
        case .maxXEdge:
            let d = Swift.min(Swift.max(distance, 0), width)
            return (
                MapRect(x: maxX - d, y: minY, width: d, height: height),
                MapRect(x: minX, y: minY, width: width - d, height: height)
            )
        case .minYEdge:
            let d = Swift.min(Swift.max(distance, 0), height)
            return (
                MapRect(x: minX, y: minY, width: width, height: d),
                MapRect(x: minX, y: minY + d, width: width, height: height - d)
            )
        case .maxYEdge:
            let d = Swift.min(Swift.max(distance, 0), height)
            return (
                MapRect(x: minX, y: maxY - d, width: width, height: d),
                MapRect(x: minX, y: minY, width: width, height: height - d)
            )
        }
    }

    /// True when the rect reaches past the world's west (x < 0) or east
    /// (x > 2^28) edge, that is across the 180th meridian.
    public var spans180thMeridian: Bool {
        !isNull && (minX < 0 || maxX > MapProjection.worldSize)
    }

    /// The part of the rect outside the world, wrapped to the other side
    /// (as `MKMapRectRemainder`); ``null`` for a rect inside the world.
    public var remainder: MapRect {
        guard spans180thMeridian else { return .null }
        let world = MapProjection.worldSize
        if minX < 0 {
            let outside = Swift.min(-minX, width)
            return MapRect(x: world + minX, y: minY, width: outside, height: height)
        }
        let outside = Swift.min(maxX - world, width)
        return MapRect(x: maxX - world - outside, y: minY, width: outside, height: height)
    }
}

extension MapRect: CustomStringConvertible {
    /// `{{x, y}, {w, h}}` with one decimal, as `MKStringFromMapRect`.
    public var description: String {
        "{\(origin), \(size)}"
    }
}
