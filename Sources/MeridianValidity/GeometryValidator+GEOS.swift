import CGEOS
import MeridianCore

/// Geometries to GEOS and back, in the validator's context. Positions go
/// in as x = longitude, y = latitude (or planar metres, for the planar
/// measures), two dimensions.
extension GeometryValidator {
    /// A polygonal or linear geometry in GEOS; nil for points and
    /// collections (valid by construction, so the checks skip them).
    package func makeGEOS(_ geometry: Geometry) -> OpaquePointer? {
        switch geometry {
        case .polygon(let rings):
            return polygon(rings)
        case .multiPolygon(let polygons):
            return collection(GEOS_MULTIPOLYGON, polygons.map { polygon($0) })
        case .lineString(let line):
            return lineString(line)
        case .multiLineString(let lines):
            return collection(GEOS_MULTILINESTRING, lines.map { lineString($0) })
        default:
            return nil
        }
    }

    /// Any geometry in GEOS, points and collections included; nil when a
    /// part cannot be made (a ring not closed, a line of one position).
    package func makeAnyGEOS(_ geometry: Geometry) -> OpaquePointer? {
        switch geometry {
        case .point(let c):
            return libgeos.GEOSGeom_createPointFromXY_r(context, c.longitude, c.latitude)
        case .multiPoint(let points):
            return collection(
                GEOS_MULTIPOINT, points.map { libgeos.GEOSGeom_createPointFromXY_r(context, $0.longitude, $0.latitude) }
            )
        case .geometryCollection(let members):
            return collection(GEOS_GEOMETRYCOLLECTION, members.map { makeAnyGEOS($0) })
        default:
            return makeGEOS(geometry)
        }
    }

    private func sequence(_ coordinates: [Coordinate]) -> OpaquePointer? {
        guard let sequence = libgeos.GEOSCoordSeq_create_r(context, UInt32(coordinates.count), 2) else { return nil }
        for (index, c) in coordinates.enumerated() {
            _ = libgeos.GEOSCoordSeq_setXY_r(context, sequence, UInt32(index), c.longitude, c.latitude)
        }
        return sequence
    }

    private func lineString(_ line: [Coordinate]) -> OpaquePointer? {
        guard line.count >= 2, let sequence = sequence(line) else { return nil }
        return libgeos.GEOSGeom_createLineString_r(context, sequence)
    }

    /// Nil for a polygon whose rings are not closed or too short: the
    /// format's structural checks report those.
    private func polygon(_ rings: [[Coordinate]]) -> OpaquePointer? {
        guard !rings.isEmpty, rings.allSatisfy({ $0.count >= 4 && $0.first == $0.last }) else { return nil }
        var made: [OpaquePointer] = []
        for ring in rings {
            guard let sequence = sequence(ring), let linear = libgeos.GEOSGeom_createLinearRing_r(context, sequence)
            else {
                for ring in made { libgeos.GEOSGeom_destroy_r(context, ring) }
                return nil
            }
            made.append(linear)
        }
        var holes: [OpaquePointer?] = made.dropFirst().map { $0 }
        return holes.withUnsafeMutableBufferPointer { buffer in
            libgeos.GEOSGeom_createPolygon_r(context, made[0], buffer.baseAddress, UInt32(buffer.count))
        }
    }

    /// A collection of `parts`, or nil (and the parts freed) when one
    /// could not be made.
    package func collection(_ type: GEOSGeomTypes, _ parts: [OpaquePointer?]) -> OpaquePointer? {
        guard parts.allSatisfy({ $0 != nil }) else {
            for part in parts { if let part { libgeos.GEOSGeom_destroy_r(context, part) } }
            return nil
        }
        var parts = parts
        return parts.withUnsafeMutableBufferPointer { buffer in
            libgeos.GEOSGeom_createCollection_r(context, Int32(type.rawValue), buffer.baseAddress, UInt32(buffer.count))
        }
    }

    // MARK: - From GEOS

    /// The positions of a GEOS point, line or ring.
    private func coordinates(of geometry: OpaquePointer) -> [Coordinate] {
        guard let sequence = libgeos.GEOSGeom_getCoordSeq_r(context, geometry) else { return [] }
        var size: UInt32 = 0
        _ = libgeos.GEOSCoordSeq_getSize_r(context, sequence, &size)
        var result: [Coordinate] = []
        result.reserveCapacity(Int(size))
        for index in 0..<size {
            var x = 0.0
            var y = 0.0
            _ = libgeos.GEOSCoordSeq_getXY_r(context, sequence, index, &x, &y)
            result.append(Coordinate(latitude: y, longitude: x))
        }
        return result
    }

    private func rings(of polygon: OpaquePointer) -> [[Coordinate]] {
        guard let exterior = libgeos.GEOSGetExteriorRing_r(context, polygon) else { return [] }
        var rings = [coordinates(of: exterior)]
        let holes = libgeos.GEOSGetNumInteriorRings_r(context, polygon)
        for index in 0..<max(holes, 0) {
            if let hole = libgeos.GEOSGetInteriorRingN_r(context, polygon, index) {
                rings.append(coordinates(of: hole))
            }
        }
        return rings
    }

    /// The GEOS geometry as Meridian's (empty parts dropped; nil for an
    /// empty geometry).
    package func decode(_ geos: OpaquePointer) -> Geometry? {
        if libgeos.GEOSisEmpty_r(context, geos) == 1 { return nil }
        let parts = (0..<max(libgeos.GEOSGetNumGeometries_r(context, geos), 0)).compactMap {
            libgeos.GEOSGetGeometryN_r(context, geos, $0)
        }
        switch libgeos.GEOSGeomTypeId_r(context, geos) {
        case Int32(GEOS_POINT.rawValue):
            return coordinates(of: geos).first.map(Geometry.point)
        case Int32(GEOS_LINESTRING.rawValue), Int32(GEOS_LINEARRING.rawValue):
            return .lineString(coordinates(of: geos))
        case Int32(GEOS_POLYGON.rawValue):
            return .polygon(rings(of: geos))
        case Int32(GEOS_MULTIPOINT.rawValue):
            return .multiPoint(parts.compactMap { coordinates(of: $0).first })
        case Int32(GEOS_MULTILINESTRING.rawValue):
            return .multiLineString(parts.map { coordinates(of: $0) })
        case Int32(GEOS_MULTIPOLYGON.rawValue):
            return .multiPolygon(parts.filter { libgeos.GEOSisEmpty_r(context, $0) == 0 }.map { rings(of: $0) })
        default:
            let members = parts.compactMap { decode($0) }
            return members.isEmpty ? nil : .geometryCollection(members)
        }
    }
}

extension GeometryValidator {
    /// GEOS's planar area of a polygonal geometry (0 for others), in the
    /// square of its coordinates' unit.
    package func area(_ geometry: Geometry) -> Double {
        guard let geos = makeGEOS(geometry) else { return 0 }
        defer { libgeos.GEOSGeom_destroy_r(context, geos) }
        var area = 0.0
        return libgeos.GEOSArea_r(context, geos, &area) == 1 ? area : 0
    }
}

extension GeometryValidator {
    /// Where a label (an IMDF display point) goes in a polygonal geometry:
    /// the centre of the largest circle inside it, its pole of
    /// inaccessibility (GEOS's MaximumInscribedCircle, to a thousandth of
    /// its extent), which lies inside even for an L or a U where the
    /// centroid would not. Nil for an empty or invalid geometry.
    ///
    /// GEOS starts from a grid of square cells as wide as the shorter side
    /// of the bounding box, so a box thousands of times longer than wide (a
    /// sliver, or a hostile longitude of 1e300) would mean billions of
    /// cells; such a geometry gets GEOS's point on surface instead.
    public func labelPoint(of geometry: Geometry) -> Coordinate? {
        guard let box = geometry.boundingBox else { return nil }
        let width = box.east - box.west
        let height = box.north - box.south
        let extent = max(width, height)
        guard extent.isFinite, min(width, height) * 10_000 >= extent else { return pointOnSurface(geometry) }
        guard let geos = makeGEOS(geometry) else { return nil }
        defer { libgeos.GEOSGeom_destroy_r(context, geos) }
        guard extent > 0, let circle = libgeos.GEOSMaximumInscribedCircle_r(context, geos, extent / 1000) else {
            return nil
        }
        defer { libgeos.GEOSGeom_destroy_r(context, circle) }
        // The result is a line from the centre to the nearest boundary point.
        guard let centre = decode(circle), case .lineString(let line) = centre, let first = line.first else {
            return nil
        }
        return first
    }
}
