import MeridianCore

extension IMDF {
    /// IMDF's LINEAL geometry: a LineString or a MultiLineString (details).
    ///
    /// ```swift
    /// let length = detail.geometry?.polylines.reduce(0) { $0 + $1.length }
    /// ```
    public enum Lineal: Sendable, Hashable {
        case polyline(Polyline)
        case multiPolyline(MultiPolyline)

        public var polylines: [Polyline] {
            switch self {
            case .polyline(let line): [line]
            case .multiPolyline(let multi): multi.polylines
            }
        }

        public var boundingMapRect: MapRect {
            polylines.reduce(MapRect.null) { $0.union($1.boundingMapRect) }
        }

        init?(_ geometry: Geometry) {
            switch geometry {
            case .lineString(let coordinates): self = .polyline(Polyline(coordinates))
            case .multiLineString(let lines): self = .multiPolyline(MultiPolyline(lines.map { Polyline($0) }))
            default: return nil
            }
        }
    }
}
