import Foundation
import Testing

@testable import MeridianCore

/// Checks `Geodesic` against tables produced by GeographicLib's `GeodSolve`
/// and `Planimeter` (see Scripts/geodesic-reference.sh).
///
/// Tolerances:
/// - distance: 1 mm; perimeter: 1 mm.
/// - bearings: 1e-8°, or, when larger, the angle that moves the far end of
///   the geodesic by 1 mm, i.e. (1 mm / |m12|) rad with m12 the reduced
///   length from GeodSolve. Only near the antipodal point, where m12 → 0 and
///   the azimuth is ill-conditioned, does this exceed 1e-8°.
/// - direct: destination within 1 mm; final bearing within 1e-8°.
/// - area: within 1e-9 relative or 1 m², whichever is larger.
@Suite("Geodesic")
struct GeodesicTests {
    // MARK: Reference data

    struct InverseRow {
        var line: Int, kind: String
        var lat1, lon1, azi1, lat2, lon2, azi2, s12, m12: Double
    }

    struct DirectRow {
        var line: Int, kind: String
        var lat1, lon1, azi1, s12, lat2, lon2, azi2: Double
    }

    struct PolygonRow {
        var line: Int, kind: String
        var perimeter, area: Double
        var vertices: [Coordinate]
    }

    static func resource(_ name: String) throws -> [(line: Int, fields: [String])] {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "Resources")
                ?? Bundle.module.resourceURL?.appendingPathComponent("Resources/\(name).csv")
        )
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [(Int, [String])] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            rows.append((index + 1, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
        #expect(rows.count > 1, "\(name).csv is empty")
        return Array(rows.dropFirst())  // header
    }

    static func number(_ s: String) -> Double {
        Double(s) ?? .nan
    }

    static func geodesicRows() throws -> (inverse: [InverseRow], direct: [DirectRow]) {
        var inverse: [InverseRow] = []
        var direct: [DirectRow] = []
        for (line, f) in try resource("geodesic-reference") {
            // problem,case,lat1,lon1,azi1,lat2,lon2,azi2,s12,a12,m12
            let v = f.map(number)
            if f[0] == "inverse" {
                inverse.append(
                    InverseRow(
                        line: line, kind: f[1], lat1: v[2], lon1: v[3], azi1: v[4],
                        lat2: v[5], lon2: v[6], azi2: v[7], s12: v[8], m12: v[10]))
            } else {
                direct.append(
                    DirectRow(
                        line: line, kind: f[1], lat1: v[2], lon1: v[3], azi1: v[4],
                        s12: v[8], lat2: v[5], lon2: v[6], azi2: v[7]))
            }
        }
        return (inverse, direct)
    }

    static func polygonRows() throws -> [PolygonRow] {
        try resource("polygon-area-reference").map { line, f in
            // case,count,perimeter,area,vertices
            let vertices = f[4].split(separator: ";").map { pair -> Coordinate in
                let p = pair.split(separator: " ").map { number(String($0)) }
                return Coordinate(latitude: p[0], longitude: p[1])
            }
            return PolygonRow(line: line, kind: f[0], perimeter: number(f[2]), area: number(f[3]), vertices: vertices)
        }
    }

    /// Difference of two angles in degrees, reduced to [0, 180].
    static func angleError(_ a: Double, _ b: Double) -> Double {
        abs((a - b).remainder(dividingBy: 360))
    }

    /// The bearing tolerance in degrees (see the type's documentation).
    static func bearingTolerance(reducedLength m12: Double) -> Double {
        max(1e-8, 1e-3 / abs(m12) * 180 / .pi)
    }

    /// Upper bound of the distance in metres between two nearby points.
    static func positionError(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let r = 6_400_000.0  // exceeds both radii of curvature of WGS-84
        let dlat = (lat1 - lat2) * .pi / 180
        let dlon = (lon1 - lon2).remainder(dividingBy: 360) * .pi / 180
        return r * hypot(dlat, dlon * cos(lat2 * .pi / 180))
    }

    let g = Geodesic.wgs84

    // MARK: Inverse problem

    @Test("inverse distance is within 1 mm of GeodSolve for every reference row")
    func inverseDistanceWithinOneMillimetre() throws {
        let rows = try Self.geodesicRows().inverse
        #expect(rows.count >= 2000)
        #expect(rows.filter { $0.kind == "antipodal" }.count >= 300)
        for row in rows {
            let r = g.inverse(
                from: Coordinate(latitude: row.lat1, longitude: row.lon1),
                to: Coordinate(latitude: row.lat2, longitude: row.lon2))
            #expect(abs(r.distance - row.s12) <= 1e-3, "line \(row.line) (\(row.kind)): \(r.distance) vs \(row.s12)")
        }
    }

    @Test("inverse bearings are within 1e-8 degrees, or within 1 mm / |m12| near the antipode")
    func inverseBearingsWithinToleranceScaledByReducedLength() throws {
        for row in try Self.geodesicRows().inverse {
            let r = g.inverse(
                from: Coordinate(latitude: row.lat1, longitude: row.lon1),
                to: Coordinate(latitude: row.lat2, longitude: row.lon2))
            let tolerance = Self.bearingTolerance(reducedLength: row.m12)
            #expect(
                Self.angleError(r.initialBearing, row.azi1) <= tolerance,
                "line \(row.line) (\(row.kind)): azi1 \(r.initialBearing) vs \(row.azi1)")
            #expect(
                Self.angleError(r.finalBearing, row.azi2) <= tolerance,
                "line \(row.line) (\(row.kind)): azi2 \(r.finalBearing) vs \(row.azi2)")
        }
    }

    @Test("inverse bearings lie in (-180, 180]")
    func inverseBearingsInHalfOpenRange() throws {
        for row in try Self.geodesicRows().inverse {
            let r = g.inverse(
                from: Coordinate(latitude: row.lat1, longitude: row.lon1),
                to: Coordinate(latitude: row.lat2, longitude: row.lon2))
            #expect(r.initialBearing > -180 && r.initialBearing <= 180, "line \(row.line)")
            #expect(r.finalBearing > -180 && r.finalBearing <= 180, "line \(row.line)")
        }
        // Due south: GeodSolve may print -180 here; we report 180.
        let south = g.inverse(
            from: Coordinate(latitude: 10, longitude: 0), to: Coordinate(latitude: 0, longitude: -0.0))
        #expect(south.initialBearing == 180 && south.finalBearing == 180)
    }

    @Test("inverse of coincident points is zero distance")
    func coincidentPointsHaveZeroDistance() {
        for c in [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 90, longitude: 12),
            Coordinate(latitude: -33.9, longitude: 151.2),
        ] {
            #expect(g.inverse(from: c, to: c).distance == 0)
        }
    }

    // MARK: Direct problem

    @Test("direct destination is within 1 mm of GeodSolve for every reference row")
    func directDestinationWithinOneMillimetre() throws {
        let rows = try Self.geodesicRows().direct
        #expect(rows.count >= 300)
        for row in rows {
            let r = g.direct(
                from: Coordinate(latitude: row.lat1, longitude: row.lon1), bearing: row.azi1, distance: row.s12)
            let error = Self.positionError(r.destination.latitude, r.destination.longitude, row.lat2, row.lon2)
            #expect(error <= 1e-3, "line \(row.line) (\(row.kind)): \(r.destination) vs \(row.lat2) \(row.lon2)")
            #expect(r.destination.longitude >= -180 && r.destination.longitude <= 180, "line \(row.line)")
        }
    }

    @Test("direct final bearing is within 1e-8 degrees of GeodSolve for every reference row")
    func directFinalBearingWithinTolerance() throws {
        for row in try Self.geodesicRows().direct {
            let r = g.direct(
                from: Coordinate(latitude: row.lat1, longitude: row.lon1), bearing: row.azi1, distance: row.s12)
            #expect(
                Self.angleError(r.finalBearing, row.azi2) <= 1e-8,
                "line \(row.line) (\(row.kind)): \(r.finalBearing) vs \(row.azi2)")
        }
    }

    @Test("direct after inverse returns to the end point within 1 mm")
    func directInvertsInverse() throws {
        for row in try Self.geodesicRows().inverse where row.kind == "random" || row.kind == "short" {
            let start = Coordinate(latitude: row.lat1, longitude: row.lon1)
            let r = g.inverse(from: start, to: Coordinate(latitude: row.lat2, longitude: row.lon2))
            let d = g.direct(from: start, bearing: r.initialBearing, distance: r.distance)
            #expect(
                Self.positionError(d.destination.latitude, d.destination.longitude, row.lat2, row.lon2) <= 1e-3,
                "line \(row.line)")
        }
    }

    // MARK: Polygon area

    @Test("polygon area is within 1e-9 relative (or 1 m²) of Planimeter for every reference polygon")
    func polygonAreaWithinOnePartPerBillion() throws {
        let rows = try Self.polygonRows()
        #expect(rows.count >= 50)
        for row in rows {
            let m = g.area(of: row.vertices)
            #expect(
                abs(m.area - row.area) <= max(1, 1e-9 * abs(row.area)),
                "line \(row.line) (\(row.kind)): \(m.area) vs \(row.area)")
        }
    }

    @Test("polygon perimeter is within 1 mm of Planimeter for every reference polygon")
    func polygonPerimeterWithinOneMillimetre() throws {
        for row in try Self.polygonRows() {
            let m = g.area(of: row.vertices)
            #expect(abs(m.perimeter - row.perimeter) <= 1e-3, "line \(row.line) (\(row.kind))")
        }
    }

    @Test("a ring gives the same area with or without its closing point, and reversed gives the negated area")
    func ringClosureAndOrientation() throws {
        for row in try Self.polygonRows() {
            var open = row.vertices
            if open.count > 1, open.first == open.last { open.removeLast() }
            let closed = open + [open[0]]
            let a = g.area(of: open)
            let b = g.area(of: closed)
            #expect(a == b, "line \(row.line)")
            let reversed = g.area(of: open.reversed())
            #expect(abs(reversed.area + a.area) <= max(1, 1e-9 * abs(a.area)), "line \(row.line)")
        }
        #expect(g.area(of: []) == GeodesicPolygonMeasurement(area: 0, perimeter: 0))
        #expect(
            g.area(of: [Coordinate(latitude: 1, longitude: 2)]) == GeodesicPolygonMeasurement(area: 0, perimeter: 0))
    }

    // MARK: Waypoints

    @Test("waypoints are evenly spaced, no segment exceeds the maximum, and the endpoints are exact")
    func waypointsEvenlySpacedWithExactEndpoints() throws {
        let rows = try Self.geodesicRows().inverse
        for row in rows.filter({ ["random", "antipodal", "pole", "equator", "short"].contains($0.kind) }).prefix(300) {
            let start = Coordinate(latitude: row.lat1, longitude: row.lon1, altitude: 10)
            let end = Coordinate(latitude: row.lat2, longitude: row.lon2, altitude: 30)
            let maximum = max(row.s12 / 7.3, 1)
            let points = g.waypoints(from: start, to: end, maximumSegmentLength: maximum)
            #expect(points.first == start && points.last == end, "line \(row.line)")
            let segments = points.count - 1
            #expect(segments == max(1, Int((row.s12 / maximum).rounded(.up))), "line \(row.line)")
            let spacing = row.s12 / Double(segments)
            #expect(spacing <= maximum)
            for i in 0..<segments {
                let d = g.inverse(from: points[i], to: points[i + 1]).distance
                #expect(abs(d - spacing) <= 1e-3, "line \(row.line) segment \(i): \(d) vs \(spacing)")
                #expect(d <= maximum + 1e-6, "line \(row.line) segment \(i)")
            }
            // Every point lies on the geodesic: distances from the start add up.
            for i in 1..<segments {
                let d = g.inverse(from: start, to: points[i]).distance
                #expect(abs(d - spacing * Double(i)) <= 1e-3, "line \(row.line) point \(i)")
                #expect(points[i].altitude.map { abs($0 - (10 + 20 * Double(i) / Double(segments))) < 1e-9 } == true)
            }
        }
    }

    @Test("waypoints degrade to the two endpoints for zero length or an invalid maximum")
    func waypointsDegenerateCases() {
        let a = Coordinate(latitude: 1, longitude: 2)
        let b = Coordinate(latitude: 3, longitude: 4)
        #expect(g.waypoints(from: a, to: a, maximumSegmentLength: 10) == [a, a])
        #expect(g.waypoints(from: a, to: b, maximumSegmentLength: 1e9) == [a, b])
        #expect(g.waypoints(from: a, to: b, maximumSegmentLength: 0) == [a, b])
        #expect(g.waypoints(from: a, to: b, maximumSegmentLength: -5) == [a, b])
        #expect(g.waypoints(from: a, to: b, maximumSegmentLength: .nan) == [a, b])
        let capped = g.waypoints(from: a, to: b, maximumSegmentLength: 1e-9)
        #expect(capped.count == Geodesic.maximumWaypointSegments + 1)
        #expect(capped.last == b)
    }

    // MARK: Invalid input

    @Test("NaN, infinite or out-of-range input gives NaN, not a crash or a hang")
    func invalidInputGivesNaN() {
        let ok = Coordinate(latitude: 10, longitude: 20)
        let bad = [
            Coordinate(latitude: .nan, longitude: 0), Coordinate(latitude: 0, longitude: .nan),
            Coordinate(latitude: .infinity, longitude: 0), Coordinate(latitude: 0, longitude: -.infinity),
            Coordinate(latitude: 90.000001, longitude: 0), Coordinate(latitude: -91, longitude: 0),
        ]
        for c in bad {
            for r in [g.inverse(from: c, to: ok), g.inverse(from: ok, to: c)] {
                #expect(r.distance.isNaN && r.initialBearing.isNaN && r.finalBearing.isNaN)
            }
            let d = g.direct(from: c, bearing: 30, distance: 1000)
            #expect(d.destination.latitude.isNaN && d.destination.longitude.isNaN && d.finalBearing.isNaN)
            let m = g.area(of: [ok, c, Coordinate(latitude: 11, longitude: 21)])
            #expect(m.area.isNaN && m.perimeter.isNaN)
            let w = g.waypoints(from: c, to: ok, maximumSegmentLength: 1000)
            #expect(w.count == 2 && w[1] == ok)
            #expect(ok.distance(to: c).isNaN)
            #expect(ok.greatCircleInterpolated(to: c, fraction: 0.5).latitude.isNaN)
        }
        for (bearing, distance) in [(Double.nan, 1.0), (.infinity, 1), (1, .nan), (1, .infinity), (1, -.infinity)] {
            let d = g.direct(from: ok, bearing: bearing, distance: distance)
            #expect(d.destination.latitude.isNaN && d.destination.longitude.isNaN && d.finalBearing.isNaN)
        }
        // Huge but finite values are not an error and must terminate.
        #expect(g.direct(from: ok, bearing: 1e300, distance: 1e300).destination.latitude.isFinite)
        #expect(g.inverse(from: Coordinate(latitude: 1, longitude: 1e300), to: ok).distance.isFinite)
        #expect(ok.greatCircleInterpolated(to: ok, fraction: .nan).latitude.isNaN)
    }

    // MARK: Coordinate conveniences

    @Test("Coordinate distance, bearing and destination are WGS-84 geodesics")
    func coordinateConveniencesUseWGS84() {
        let a = Coordinate(latitude: 40.6413, longitude: -73.7781)
        let b = Coordinate(latitude: 51.47, longitude: -0.4543)
        let r = Geodesic.wgs84.inverse(from: a, to: b)
        #expect(abs(a.distance(to: b) - 5_554_908.790547500) < 1e-6)
        #expect(abs(a.initialBearing(to: b) - 51.38164785836946) < 1e-12)
        #expect(a.initialBearing(to: b) == r.initialBearing)
        let c = Coordinate(latitude: 40.6413, longitude: -73.7781, altitude: 12).destination(
            bearing: 51.36, distance: 1_000_000)
        #expect(abs(c.latitude - 45.84429607790284) < 1e-12 && abs(c.longitude - -63.71234577125090) < 1e-12)
        #expect(c.altitude == 12)
    }

    @Test("great-circle interpolation is exact at the ends, on the great circle between, and never NaN for valid input")
    func greatCircleInterpolation() {
        let a = Coordinate(latitude: 10, longitude: 20, altitude: 0)
        let b = Coordinate(latitude: -30, longitude: 100, altitude: 100)
        #expect(a.greatCircleInterpolated(to: b, fraction: 0) == a)
        #expect(a.greatCircleInterpolated(to: b, fraction: 1) == b)
        // Equator: longitude interpolates linearly.
        let e = Coordinate(latitude: 0, longitude: -10).greatCircleInterpolated(
            to: Coordinate(latitude: 0, longitude: 50), fraction: 0.25)
        #expect(abs(e.latitude) < 1e-12 && abs(e.longitude - 5) < 1e-12 && e.altitude == nil)
        // Meridian through the pole.
        let p = Coordinate(latitude: 80, longitude: 0).greatCircleInterpolated(
            to: Coordinate(latitude: 80, longitude: 180), fraction: 0.5)
        #expect(abs(p.latitude - 90) < 1e-12)
        // Equal angular steps: the midpoint is equidistant on the sphere.
        let m = a.greatCircleInterpolated(to: b, fraction: 0.5)
        #expect(abs(Self.sphericalAngle(a, m) - Self.sphericalAngle(m, b)) < 1e-12)
        #expect(abs(Self.sphericalAngle(a, m) + Self.sphericalAngle(m, b) - Self.sphericalAngle(a, b)) < 1e-12)
        #expect(m.altitude == 50)
        // Coincident and antipodal endpoints.
        let same = a.greatCircleInterpolated(to: a, fraction: 0.3)
        #expect(abs(same.latitude - 10) < 1e-12 && abs(same.longitude - 20) < 1e-12)
        for (x, y) in [
            (a, Coordinate(latitude: -10, longitude: -160)),
            (Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -90, longitude: 0)),
            (Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 180)),
        ] {
            for t in stride(from: 0.1, through: 0.9, by: 0.1) {
                let q = x.greatCircleInterpolated(to: y, fraction: t)
                #expect(q.latitude.isFinite && q.longitude.isFinite)
                #expect(abs(Self.sphericalAngle(x, q) - t * 180) < 1e-9)
            }
        }
    }

    /// Central angle in degrees between two points on the unit sphere.
    static func sphericalAngle(_ a: Coordinate, _ b: Coordinate) -> Double {
        func v(_ c: Coordinate) -> (Double, Double, Double) {
            let la = c.latitude * .pi / 180
            let lo = c.longitude * .pi / 180
            return (cos(la) * cos(lo), cos(la) * sin(lo), sin(la))
        }
        let (x1, y1, z1) = v(a)
        let (x2, y2, z2) = v(b)
        let cx = y1 * z2 - z1 * y2
        let cy = z1 * x2 - x1 * z2
        let cz = x1 * y2 - y1 * x2
        return atan2((cx * cx + cy * cy + cz * cz).squareRoot(), x1 * x2 + y1 * y2 + z1 * z2) * 180 / .pi
    }
}
