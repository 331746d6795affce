import MeridianCore

extension CoordinateTransformation {
    /// Transforms every position of `geometry` in place, in the order of
    /// ``Geometry/forEachCoordinate(_:)``. Returns the index, in that order,
    /// of the first position PROJ could not transform (outside the domain
    /// of either system, or not a number), which is then left infinite;
    /// nil when every position was transformed.
    public func transform(_ geometry: inout Geometry) -> Int? {
        var done = 0
        var failure: Int?
        func carry(_ positions: inout [Coordinate]) {
            transform(&positions)
            if failure == nil,
                let bad = positions.firstIndex(where: { !$0.longitude.isFinite || !$0.latitude.isFinite })
            {
                failure = done + bad
            }
            done += positions.count
        }
        // Each case takes its arrays out of the enum before changing them,
        // so that they are changed in place rather than copied.
        switch geometry {
        case .point(let position):
            var positions = [position]
            carry(&positions)
            geometry = .point(positions[0])
        case .multiPoint(var positions):
            geometry = .point(Coordinate(latitude: 0, longitude: 0))
            carry(&positions)
            geometry = .multiPoint(positions)
        case .lineString(var positions):
            geometry = .point(Coordinate(latitude: 0, longitude: 0))
            carry(&positions)
            geometry = .lineString(positions)
        case .multiLineString(var lines):
            geometry = .point(Coordinate(latitude: 0, longitude: 0))
            for index in lines.indices { carry(&lines[index]) }
            geometry = .multiLineString(lines)
        case .polygon(var rings):
            geometry = .point(Coordinate(latitude: 0, longitude: 0))
            for index in rings.indices { carry(&rings[index]) }
            geometry = .polygon(rings)
        case .multiPolygon(var polygons):
            geometry = .point(Coordinate(latitude: 0, longitude: 0))
            for polygon in polygons.indices {
                for ring in polygons[polygon].indices { carry(&polygons[polygon][ring]) }
            }
            geometry = .multiPolygon(polygons)
        case .geometryCollection(var members):
            geometry = .point(Coordinate(latitude: 0, longitude: 0))
            for index in members.indices {
                if let bad = transform(&members[index]), failure == nil { failure = done + bad }
                done += members[index].coordinateCount
            }
            geometry = .geometryCollection(members)
        }
        return failure
    }
}
