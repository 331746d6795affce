import MeridianCore

extension IMDFValidator.Context {
    /// Per level: units that overlap each other, openings that touch no
    /// unit boundary. Both pair features through a ``SpatialIndex``; on a
    /// floor plan a unit meets a handful of others. Data where every box
    /// meets every other (thousands of units stacked on one spot) would
    /// make that quadratic, so the pairs tested per level are bounded by
    /// ``IMDFValidator/Options/maximumPairsPerLevel`` (past it the level
    /// gets one `imdf.check.incomplete` warning), and the overlap search
    /// stops once no more overlaps would be listed.
    mutating func checkSpatial() {
        for level in archive.levels {
            var budget = options.maximumPairsPerLevel
            defer {
                if budget < 0 {
                    report(
                        .checkIncomplete,
                        "the overlap and opening checks stopped after \(options.maximumPairsPerLevel) pairs of features whose bounding boxes meet: the level's features are stacked on one another",
                        id: level.id)
                }
            }
            let units = archive.units(onLevel: level.id).filter { $0.geometry != nil }
            let shapes = units.compactMap { unit in
                unit.geometry.map { PlanarShape(polygons: $0.polygons, projection: projection) }
            }
            let index = SpatialIndex(boxes: shapes.enumerated().map { ($1.box, $0) })
            // Overlaps: each pair once (i < j).
            for (i, shape) in shapes.enumerated() where budget >= 0 && accepts(.unitOverlap) {
                var partners: [Int] = []
                index.search(shape.box) { j in
                    if j > i { partners.append(j) }
                    budget -= 1
                    return budget >= 0
                }
                for j in partners.sorted() where shape.overlaps(shapes[j], tolerance: options.overlapTolerance) {
                    report(
                        .unitOverlap, "the unit overlaps unit \(units[j].id) on the same level", id: units[i].id,
                        property: "geometry")
                }
            }
            // Openings: within tolerance of some unit's boundary.
            let tolerance = options.openingTolerance
            for opening in archive.openings(onLevel: level.id) where budget >= 0 {
                guard let line = opening.geometry, line.coordinates.count >= 2 else { continue }
                let shape = PlanarShape(lines: [line.coordinates], projection: projection)
                var query = shape.box
                query.minX -= tolerance
                query.minY -= tolerance
                query.maxX += tolerance
                query.maxY += tolerance
                var touches = false
                index.search(query) { j in
                    budget -= 1
                    touches = shape.edgeDistance(to: shapes[j]) <= tolerance
                    return !touches && budget >= 0
                }
                if !touches && budget >= 0 {
                    report(
                        .openingOffBoundary, "the opening touches no unit boundary on its level", id: opening.id,
                        property: "geometry")
                }
            }
        }
    }
}
