import MeridianCore

extension IMDFValidator.Context {
    /// Per level: units that overlap each other, openings that touch no
    /// unit boundary. Both pair features through a ``SpatialIndex``.
    mutating func checkSpatial() {
        for level in archive.levels {
            let units = archive.units(onLevel: level.id).filter { $0.geometry != nil }
            let shapes = units.compactMap { unit in
                unit.geometry.map { PlanarShape(polygons: $0.polygons, projection: projection) }
            }
            let index = SpatialIndex(boxes: shapes.enumerated().map { ($1.box, $0) })
            // Overlaps: each pair once (i < j).
            for (i, shape) in shapes.enumerated() {
                var partners: [Int] = []
                index.search(shape.box) { j in if j > i { partners.append(j) } }
                for j in partners.sorted() where shape.overlaps(shapes[j], tolerance: options.overlapTolerance) {
                    report(
                        .unitOverlap, "the unit overlaps unit \(units[j].id) on the same level", id: units[i].id,
                        property: "geometry")
                }
            }
            // Openings: within tolerance of some unit's boundary.
            let tolerance = options.openingTolerance
            for opening in archive.openings(onLevel: level.id) {
                guard let line = opening.geometry, line.coordinates.count >= 2 else { continue }
                let shape = PlanarShape(lines: [line.coordinates], projection: projection)
                var query = shape.box
                query.minX -= tolerance
                query.minY -= tolerance
                query.maxX += tolerance
                query.maxY += tolerance
                var touches = false
                index.search(query) { j in
                    if !touches, shape.edgeDistance(to: shapes[j]) <= tolerance { touches = true }
                }
                if !touches {
                    report(
                        .openingOffBoundary, "the opening touches no unit boundary on its level", id: opening.id,
                        property: "geometry")
                }
            }
        }
    }
}
