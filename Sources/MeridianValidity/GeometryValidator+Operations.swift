import CGEOS
import MeridianCore

/// Geometry operations of GEOS the shaping options use: clipping to a box
/// and a point on the surface.
extension GeometryValidator {
    /// The part of `geometry` inside `box` (GEOS's ClipByRect, which keeps
    /// polygons polygons and lines lines); nil when nothing is inside.
    /// Points are kept when inside (edges included).
    public func clipped(_ geometry: Geometry, to box: BoundingBox) -> Geometry? {
        func inside(_ c: Coordinate) -> Bool {
            c.longitude >= box.west && c.longitude <= box.east && c.latitude >= box.south && c.latitude <= box.north
        }
        switch geometry {
        case .point(let c):
            return inside(c) ? geometry : nil
        case .multiPoint(let points):
            let kept = points.filter(inside)
            return kept.isEmpty ? nil : .multiPoint(kept)
        case .geometryCollection(let members):
            let kept = members.compactMap { clipped($0, to: box) }
            return kept.isEmpty ? nil : .geometryCollection(kept)
        default:
            if let bounds = geometry.boundingBox, bounds.west >= box.west, bounds.east <= box.east,
                bounds.south >= box.south, bounds.north <= box.north
            {
                return geometry
            }
            guard let geos = makeGEOS(geometry) else { return nil }
            defer { libgeos.GEOSGeom_destroy_r(context, geos) }
            guard let clipped = libgeos.GEOSClipByRect_r(context, geos, box.west, box.south, box.east, box.north) else {
                return nil
            }
            defer { libgeos.GEOSGeom_destroy_r(context, clipped) }
            guard let result = decode(clipped) else { return nil }
            // Keep the kind: a polygon clipped to two pieces is a MultiPolygon, not a collection.
            switch (geometry, result) {
            case (.polygon, .geometryCollection), (.multiPolygon, .geometryCollection):
                return result.polygonalPart(multi: true)
            default:
                return result
            }
        }
    }

    /// A point guaranteed to lie on `geometry`: inside a polygon (GEOS's
    /// PointOnSurface), on a line, or the point itself.
    public func pointOnSurface(_ geometry: Geometry) -> Coordinate? {
        switch geometry {
        case .point(let c): return c
        case .multiPoint(let points): return points.first
        case .geometryCollection(let members): return members.lazy.compactMap { self.pointOnSurface($0) }.first
        default:
            guard let geos = makeGEOS(geometry), let point = libgeos.GEOSPointOnSurface_r(context, geos) else {
                return nil
            }
            defer {
                libgeos.GEOSGeom_destroy_r(context, geos)
                libgeos.GEOSGeom_destroy_r(context, point)
            }
            if case .point(let c)? = decode(point) { return c }
            return nil
        }
    }
}

extension GeometryValidator {
    /// Douglas-Peucker simplification that keeps each geometry valid and
    /// its rings from crossing (GEOS's TopologyPreserveSimplify, what
    /// ogr2ogr's `-simplify` runs). Points pass unchanged.
    public func simplifiedPreservingTopology(_ geometry: Geometry, tolerance: Double) -> Geometry? {
        switch geometry {
        case .point, .multiPoint: return geometry
        case .geometryCollection(let members):
            let kept = members.compactMap { simplifiedPreservingTopology($0, tolerance: tolerance) }
            return kept.isEmpty ? nil : .geometryCollection(kept)
        default:
            guard let geos = makeGEOS(geometry) else { return geometry }
            defer { libgeos.GEOSGeom_destroy_r(context, geos) }
            guard let simpler = libgeos.GEOSTopologyPreserveSimplify_r(context, geos, tolerance) else {
                return geometry
            }
            defer { libgeos.GEOSGeom_destroy_r(context, simpler) }
            guard let result = decode(simpler) else { return nil }
            if case .multiPolygon = geometry, case .polygon(let rings) = result { return .multiPolygon([rings]) }
            return result
        }
    }
}
