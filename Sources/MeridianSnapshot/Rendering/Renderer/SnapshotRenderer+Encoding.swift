import MeridianCore

/// A feature's path data and what its label needs, worked out before the
/// feature is written: projecting, simplifying and clipping each feature
/// depend on nothing but the feature and the view, so a large map's are
/// done on every core, and written in drawing order after.
struct EncodedPath {
    var d: [UInt8]
    /// An area's largest visible ring, and its points and holes when labelled.
    var ring: (area: Double, minX: Double, minY: Double, maxX: Double, maxY: Double, cx: Double, cy: Double)?
    var ringPoints: [PoleOfInaccessibility.Ring]
    /// A line's longest visible part, its middle and its points when labelled.
    var lineAnchor: (x: Double, y: Double, length: Double, angle: Double)?
    var linePoints: [(x: Double, y: Double)]
}

extension PathEncoder {
    /// An area's path (its polygons and circle) or a line's, with the
    /// label geometry when `labelled`.
    mutating func encode(_ item: DrawItem, area: Bool, labelled: Bool) -> EncodedPath {
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
        var encoded = EncodedPath(
            d: [], ring: lastLargestRing, ringPoints: lastLargestRingPoints, lineAnchor: lastLineAnchor,
            linePoints: lastLinePoints)
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

    /// The paths of `items` (areas, or lines), in order: on every core
    /// (``OrderedWorkPool/defaultThreads``) when they have enough vertices,
    /// else here. The bytes are the same either way.
    func encodedPaths(_ items: [DrawItem], areas: Bool) -> [EncodedPath] {
        let labelsAreas = options.labels.labelsAreas
        // Gradient lines are drawn segment by segment, from the item itself.
        let skips: @Sendable (DrawItem) -> Bool = { item in !areas && Self.gradient(item.properties) != nil }
        let labelled: @Sendable (DrawItem) -> Bool = { item in
            item.label != nil && !item.hints.isContext && (!areas || labelsAreas)
        }
        let template = encoder
        let encodeRun: @Sendable (ArraySlice<DrawItem>) -> [EncodedPath] = { run in
            var encoder = template
            return run.map { item in
                skips(item)
                    ? EncodedPath(d: [], ring: nil, ringPoints: [], lineAnchor: nil, linePoints: [])
                    : encoder.encode(item, area: areas, labelled: labelled(item))
            }
        }
        let vertexCounts = items.map { item in
            areas
                ? item.polygons.reduce(item.circle == nil ? 0 : 720) { $0 + $1.reduce(0) { $0 + $1.count } }
                : item.lines.reduce(0) { $0 + $1.count }
        }
        let threads = OrderedWorkPool<Int, Int>.defaultThreads
        guard threads > 1, vertexCounts.reduce(0, +) >= Self.parallelVertices else { return encodeRun(items[...]) }
        let pool = OrderedWorkPool(threads: threads, work: encodeRun)
        defer { pool.stop() }
        var start = 0
        var vertices = 0
        for (index, count) in vertexCounts.enumerated() {
            vertices += count
            if vertices >= Self.verticesPerJob || index == items.count - 1 {
                pool.submit(items[start...index])
                start = index + 1
                vertices = 0
            }
        }
        var result: [EncodedPath] = []
        result.reserveCapacity(items.count)
        while let run = pool.next() { result += run }
        return result
    }
}
