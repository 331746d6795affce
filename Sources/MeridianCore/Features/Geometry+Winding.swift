extension Geometry {
    /// Twice the signed planar area of a ring in longitude/latitude:
    /// positive when counter-clockwise (the shoelace formula).
    public static func signedArea(ofRing ring: [Coordinate]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var sum = 0.0
        var previous = ring[ring.count - 1]
        for current in ring {
            sum += (previous.longitude * current.latitude) - (current.longitude * previous.latitude)
            previous = current
        }
        return sum
    }

    /// The geometry with every polygon's exterior ring counter-clockwise and
    /// its holes clockwise, RFC 7946's right-hand rule (3.1.6). Other
    /// geometries are returned unchanged.
    public func rewoundToRightHandRule() -> Geometry {
        func rewind(_ rings: [[Coordinate]]) -> [[Coordinate]] {
            rings.enumerated().map { index, ring in
                let area = Geometry.signedArea(ofRing: ring)
                let wantCounterClockwise = index == 0
                return (area < 0 && wantCounterClockwise) || (area > 0 && !wantCounterClockwise)
                    ? ring.reversed() : ring
            }
        }
        switch self {
        case .polygon(let rings): return .polygon(rewind(rings))
        case .multiPolygon(let polygons): return .multiPolygon(polygons.map(rewind))
        case .geometryCollection(let geometries):
            return .geometryCollection(geometries.map { $0.rewoundToRightHandRule() })
        default: return self
        }
    }

    /// True when every polygon ring follows the right-hand rule.
    public var followsRightHandRule: Bool {
        self == rewoundToRightHandRule()
    }
}
