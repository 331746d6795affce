import MeridianCore

/// A feature's path data and what its label needs, worked out before the
/// feature is written: projecting, simplifying and clipping each feature
/// depend on nothing but the feature and the view, so a large map's are
/// done on every core, and written in drawing order after.
struct EncodedPath {
    var d: [UInt8]
    /// An area's largest visible ring; when its label fits in it, where
    /// in it the label goes (its pole of inaccessibility, when it has one).
    var ring: (area: Double, minX: Double, minY: Double, maxX: Double, maxY: Double, cx: Double, cy: Double)?
    var labelFits = false
    var pole: (x: Double, y: Double)?
    /// A line's longest visible part, its middle and its points when labelled.
    var lineAnchor: (x: Double, y: Double, length: Double, angle: Double)?
    var linePoints: [(x: Double, y: Double)]
}

extension PathEncoder {
    /// An area's path (its polygons and circle) or a line's, with the
    /// label geometry when `labelled`; an area's label is set in
    /// `fontSize` points.
    mutating func encode(_ item: DrawItem, area: Bool, labelled: Bool, fontSize: Double) -> EncodedPath {
        keepsLabelGeometry = labelled
        if area {
            for polygon in item.polygons { appendPolygon(polygon) }
            if let circle = item.circle {
                let radiusPoints =
                    circle.radius * mapPointsPerMeter(atLatitude: circle.center.latitude) * viewport.pointsPerMapPoint
                // About one vertex per 3 points of circumference: smooth at any size, never a projected ellipse.
                let vertices = Int(min(720, max(32, 2 * .pi * radiusPoints / 3)))
                var ring = circle.boundary(vertexCount: vertices)
                ring.append(ring[0])
                appendPolygon([ring])
            }
        } else {
            for line in item.lines { appendLine(line) }
        }
        var encoded = EncodedPath(d: [], ring: lastLargestRing, lineAnchor: lastLineAnchor, linePoints: lastLinePoints)
        if area, labelled, let text = item.label, let ring = lastLargestRing,
            ring.maxX - ring.minX >= LabelPlacer.textWidth(text, fontSize: fontSize) * 0.8,
            ring.maxY - ring.minY >= fontSize, ring.cx.isFinite, ring.cy.isFinite
        {
            // At the pole of inaccessibility (inside an L-shaped room or a crescent), else the centroid.
            encoded.labelFits = true
            encoded.pole = PoleOfInaccessibility.find(rings: lastLargestRingPoints, precision: 1).map { ($0.x, $0.y) }
        }
        encoded.d = takePath()
        return encoded
    }
}

extension SnapshotRenderer {
    /// Below this many vertices, a layer's paths are encoded on the calling
    /// thread (threads would cost more than they save).
    static let parallelVertices = 20_000
    /// About this many vertices make one job for a thread.
    static let verticesPerJob = 10_000

    /// The paths of `items` at `positions` (areas, or lines), in that
    /// order: on every core (``OrderedWorkPool/defaultThreads``) when they
    /// have enough vertices, else here. The bytes are the same either way.
    func encodedPaths(_ items: [DrawItem], _ positions: [Int], areas: Bool) -> [EncodedPath] {
        let labelsAreas = options.labels.labelsAreas
        let fontSize = options.labels.fontSize - 1
        let template = encoder
        let encodeRun: @Sendable (ArraySlice<Int>) -> [EncodedPath] = { run in
            var encoder = template
            return run.map { position in
                let item = items[position]
                // Gradient lines are drawn segment by segment, from the item itself.
                if !areas, Self.gradient(item.properties) != nil {
                    return EncodedPath(d: [], ring: nil, lineAnchor: nil, linePoints: [])
                }
                let labelled = item.label != nil && !item.hints.isContext && (!areas || labelsAreas)
                return encoder.encode(item, area: areas, labelled: labelled, fontSize: fontSize)
            }
        }
        let vertexCounts = positions.map { position in
            let item = items[position]
            return areas
                ? item.polygons.reduce(item.circle == nil ? 0 : 720) { $0 + $1.reduce(0) { $0 + $1.count } }
                : item.lines.reduce(0) { $0 + $1.count }
        }
        guard vertexCounts.reduce(0, +) >= Self.parallelVertices else { return encodeRun(positions[...]) }
        var runs: [ArraySlice<Int>] = []
        var start = 0
        var vertices = 0
        for (index, count) in vertexCounts.enumerated() {
            vertices += count
            if vertices >= Self.verticesPerJob || index == positions.count - 1 {
                runs.append(positions[start...index])
                start = index + 1
                vertices = 0
            }
        }
        let threads = OrderedWorkPool<Int, Int>.defaultThreads
        return OrderedWorkPool.results(of: runs, threads: threads, work: encodeRun).flatMap { $0 }
    }
}
