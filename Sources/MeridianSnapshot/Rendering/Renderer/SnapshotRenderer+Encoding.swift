import MeridianCore
import MeridianPlatform

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
        let encodeRun: @Sendable (ArraySlice<Int>) -> ElementRun<EncodedPath> = { run in
            var encoder = template
            let paths = ElementRun<EncodedPath>(capacity: run.count)
            for position in run {
                let item = items[position]
                // Gradient lines are drawn segment by segment, from the item itself.
                if !areas, Self.gradient(item.properties) != nil {
                    paths.append(EncodedPath(d: [], ring: nil, lineAnchor: nil, linePoints: []))
                    continue
                }
                let labelled = item.label != nil && !item.hints.isContext && (!areas || labelsAreas)
                paths.append(encoder.encode(item, area: areas, labelled: labelled, fontSize: fontSize))
            }
            return paths
        }
        let vertexCounts = positions.map { position in
            let item = items[position]
            return areas
                ? item.polygons.reduce(item.circle == nil ? 0 : 720) { $0 + $1.reduce(0) { $0 + $1.count } }
                : item.lines.reduce(0) { $0 + $1.count }
        }
        guard vertexCounts.reduce(0, +) >= Self.parallelVertices else {
            return [EncodedPath](concatenating: [encodeRun(positions[...])])
        }
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
        return [EncodedPath](concatenating: OrderedWorkPool.results(of: runs, threads: threads, work: encodeRun))
    }
}

extension SnapshotRenderer {
    /// Writes the items at `positions`, in that order: areas or lines with
    /// their `paths` (``encodedPaths(_:_:areas:)``), or points. Their
    /// categories' colours are handed out first, here; then a large
    /// layer's items are written on every core, each run by a copy of this
    /// renderer with nothing written yet, and the runs joined in order
    /// (their bytes, label requests, obstacles, legend rows and counts):
    /// the same document as writing them one after another.
    mutating func writeItems(_ items: [DrawItem], _ positions: [Int], paths: [EncodedPath], part: Part) {
        assignCategoryColors(items, positions, paths: paths, part: part)
        let threads = OrderedWorkPool<Int, Int>.defaultThreads
        guard positions.count >= Self.parallelItems, threads > 1 else {
            writeRun(items, positions, paths: paths, part: part, positions.indices)
            return
        }
        let template = emptyCopy
        let jobs = Snapshotter.jobs(positions.count, Self.itemsPerJob)
        let runs = OrderedWorkPool.results(of: jobs, threads: threads) { range in
            var writer = template
            writer.writeRun(items, positions, paths: paths, part: part, range)
            return writer
        }
        for run in runs {
            svg.append(part: run.svg.bytes)
            labels += run.labels
            obstacles += run.obstacles
            for row in run.legend.rows { legend.note(category: row.category, color: row.color, kind: row.kind) }
            drawnFeatures += run.drawnFeatures
            drewBalloon = drewBalloon || run.drewBalloon
        }
    }

    /// A copy of this renderer (its options, view and colours) with nothing
    /// written yet: what writes a run on another thread.
    private var emptyCopy: SnapshotRenderer {
        var copy = self
        copy.svg = SVGBuffer(precision: options.precision)
        copy.labels = []
        copy.obstacles = []
        copy.legend = Legend()
        copy.drawnFeatures = 0
        copy.drewBalloon = false
        return copy
    }

    /// Below this many items a part of a layer is written on the calling
    /// thread; above, on every core, this many items at a time.
    static let parallelItems = 2_048
    static let itemsPerJob = 512

    /// Writes the items at `positions[range]`.
    private mutating func writeRun(
        _ items: [DrawItem], _ positions: [Int], paths: [EncodedPath], part: Part, _ range: Range<Int>
    ) {
        // Each item is copied to be written (its arrays and strings retained
        // and released: about 1 % of a large render's work, `perf`); lending
        // it through the array's buffer or a `borrowing` parameter did not
        // avoid the copy.
        for index in range {
            switch part {
            case .areas: writeArea(items[positions[index]], paths[index])
            case .lines: writeLine(items[positions[index]], paths[index])
            case .points: writePoints(items[positions[index]])
            }
        }
    }
}
