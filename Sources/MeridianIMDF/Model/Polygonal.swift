import MeridianCore

extension IMDF {
    /// IMDF's POLYGONAL geometry: a Polygon or a MultiPolygon.
    ///
    /// ```swift
    /// if unit.geometry?.contains(point) == true { ... }
    /// ```
    ///
    /// ``contains(_:)`` is linear in the number of vertices.
    public enum Polygonal: Sendable, Hashable {
        case polygon(Polygon)
        case multiPolygon(MultiPolygon)

        /// The geometry as its polygons (one for a Polygon).
        public var polygons: [Polygon] {
            switch self {
            case .polygon(let polygon): [polygon]
            case .multiPolygon(let multi): multi.polygons
            }
        }

        public var shape: any Shape {
            switch self {
            case .polygon(let polygon): polygon
            case .multiPolygon(let multi): multi
            }
        }

        public var boundingMapRect: MapRect { shape.boundingMapRect }

        /// True when the coordinate lies in one of the polygons (boundary
        /// included).
        public func contains(_ coordinate: Coordinate) -> Bool {
            polygons.contains { $0.contains(coordinate) }
        }

        /// The geodesic area in square metres.
        public var area: Double { polygons.reduce(0) { $0 + $1.area } }

        init?(_ geometry: Geometry) {
            switch geometry {
            case .polygon(let rings): self = .polygon(Polygon(rings: rings))
            case .multiPolygon(let polygons): self = .multiPolygon(MultiPolygon(polygons.map { Polygon(rings: $0) }))
            default: return nil
            }
        }
    }
}
