import MeridianCore

/// Geometries as KML: Multi* and GeometryCollection as MultiGeometry, and
/// lines with `coordinateProperties.times` as gx:Track and gx:MultiTrack.
extension KMLWriter {
    func writeGeometry(_ geometry: Geometry, times: JSONValue?, into out: inout Output) {
        switch geometry {
        case .point(let c):
            out.open("Point")
            out.coordinates([c])
            out.close("Point")
        case .lineString(let cs):
            if let when = times?.arrayValue?.compactMap(\.stringValue), when.count == cs.count, !when.isEmpty {
                writeTrack(cs, when: when, into: &out)
            } else {
                out.open("LineString")
                out.coordinates(cs)
                out.close("LineString")
            }
        case .polygon(let rings):
            out.open("Polygon")
            for (index, ring) in rings.enumerated() {
                let boundary = index == 0 ? "outerBoundaryIs" : "innerBoundaryIs"
                out.open(boundary)
                out.open("LinearRing")
                out.coordinates(ring)
                out.close("LinearRing")
                out.close(boundary)
            }
            out.close("Polygon")
        case .multiPoint(let cs):
            out.open("MultiGeometry")
            for c in cs { writeGeometry(.point(c), times: nil, into: &out) }
            out.close("MultiGeometry")
        case .multiLineString(let lines):
            let tracks = times?.arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] }
            if let tracks, tracks.count == lines.count,
                zip(tracks, lines).allSatisfy({ $0.count == $1.count && !$0.isEmpty })
            {
                out.open("gx:MultiTrack")
                for (line, when) in zip(lines, tracks) { writeTrack(line, when: when, into: &out) }
                out.close("gx:MultiTrack")
            } else {
                out.open("MultiGeometry")
                for line in lines { writeGeometry(.lineString(line), times: nil, into: &out) }
                out.close("MultiGeometry")
            }
        case .multiPolygon(let polygons):
            out.open("MultiGeometry")
            for polygon in polygons { writeGeometry(.polygon(polygon), times: nil, into: &out) }
            out.close("MultiGeometry")
        case .geometryCollection(let geometries):
            out.open("MultiGeometry")
            for part in geometries { writeGeometry(part, times: nil, into: &out) }
            out.close("MultiGeometry")
        }
    }

    func writeTrack(_ coordinates: [Coordinate], when: [String], into out: inout Output) {
        out.open("gx:Track")
        for time in when { out.element("when", time) }
        for c in coordinates {
            var text = out.format(c.longitude) + " " + out.format(c.latitude)
            if let altitude = c.altitude { text += " " + out.format(altitude) }
            out.element("gx:coord", text)
        }
        out.close("gx:Track")
    }

}
