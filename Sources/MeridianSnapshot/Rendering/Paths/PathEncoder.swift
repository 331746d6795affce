import MeridianCore

/// Turns rings and lines of coordinates into SVG path data: projected,
/// shifted across the antimeridian, simplified, clipped and quantized.
///
/// ```swift
/// var encoder = PathEncoder(viewport: viewport, margin: 24, tolerance: 0.15, precision: 2)
/// encoder.appendPolygon(rings)          // into encoder.path
/// let d = encoder.takePath()            // "M12.5,40l3 .25 ...z" or empty
/// ```
///
/// The order of work is chosen so that cost follows the picture, not the
/// input: a part whose longitude/latitude box (``UnwrappedExtent``) misses
/// the view is rejected before any projection; visible parts are projected
/// once and thinned by a radial distance filter (`PathEncoder+Projection`),
/// then by ``DouglasPeucker``, both at a sub-pixel tolerance, and only then
/// clipped (``RingClipper``, so a ring stays one closed ring; ``LineClipper``
/// for lines, which may split) against the view grown by a margin that
/// hides the clip edges under strokes (``ClipBox``). Rings that shrink
/// below three distinct points are dropped: they are smaller than the
/// tolerance. Writing the path data is in `PathEncoder+Writing`.
///
/// Rings are rewound so exteriors run clockwise on screen and holes
/// counter-clockwise, and drawn with the non-zero rule: holes are cut out
/// whatever winding the file used, and overlapping members of a
/// MultiPolygon stay filled (even-odd would punch them out).
///
/// Longitudes are unwrapped along each ring and line (a step of more than
/// 180 degrees is taken as crossing the antimeridian), and each part is drawn
/// once for every whole-world shift that brings it into view, so data across
/// the 180th meridian is drawn whole, without a horizontal streak. A ring
/// whose unwrapped longitudes go once round the globe (Antarctica, drawn as
/// one ring) is closed along the pole.
///
/// Coordinates are written as integers of 10^-precision points: the first
/// of a subpath absolute, the rest relative, so no rounding error builds up.
/// Cost: O(n log n) for n visible vertices, O(1) per rejected part; the
/// scratch buffers are reused across calls.
struct PathEncoder {
    let viewport: Viewport
    /// The clip box in SVG points.
    let clipBox: ClipBox
    /// The view's box on the map plane (for early rejection).
    let bounds: MapRect
    let tolerance: Double
    var path: SVGBuffer
    let precision: Int

    // Scratch, reused: the projected part being worked on, its quantized
    // form, and where each clipped line part starts.
    var xs: [Double] = []
    var ys: [Double] = []
    var quantX: [Int64] = []
    var quantY: [Int64] = []
    var partStarts: [Int] = []
    var simplifier: DouglasPeucker
    var ringClipper: RingClipper
    var lineClipper: LineClipper

    /// The screen area of the last polygon appended (for label priority),
    /// and the box and centroid of its largest visible ring.
    var lastLargestRing: (area: Double, minX: Double, minY: Double, maxX: Double, maxY: Double, cx: Double, cy: Double)?
    /// Whether the next path's label geometry (the points below) is kept:
    /// set for a labelled feature before appending it, cleared by ``takePath()``,
    /// so that unlabelled features copy no points.
    var keepsLabelGeometry = false
    /// The points of that ring and of the holes drawn with it, for the
    /// label's pole of inaccessibility.
    var lastLargestRingPoints: [PoleOfInaccessibility.Ring] = []
    /// Whether the rings being written are holes of the largest ring so far.
    var collectingHoles = false
    /// The points of the longest visible part of the last line appended,
    /// which its label follows.
    var lastLinePoints: [(x: Double, y: Double)] = []
    /// The midpoint of the longest visible part of the last line appended.
    var lastLineAnchor: (x: Double, y: Double, length: Double, angle: Double)?

    init(viewport: Viewport, margin: Double, tolerance: Double, precision: Int) {
        self.viewport = viewport
        clipBox = ClipBox(width: viewport.width, height: viewport.height, margin: margin)
        bounds = viewport.mapBounds(margin: margin)
        self.tolerance = max(0, tolerance)
        self.precision = precision
        path = SVGBuffer(precision: precision, capacity: 4096)
        simplifier = DouglasPeucker(tolerance: tolerance)
        ringClipper = RingClipper(box: clipBox)
        lineClipper = LineClipper(box: clipBox)
    }

    var isEmpty: Bool { path.bytes.isEmpty }

    /// Returns the path data written so far and starts a new one.
    mutating func takePath() -> [UInt8] {
        let bytes = path.bytes
        path = SVGBuffer(precision: precision, capacity: 4096)
        lastLargestRing = nil
        lastLargestRingPoints = []
        collectingHoles = false
        lastLineAnchor = nil
        lastLinePoints = []
        keepsLabelGeometry = false
        return bytes
    }

    // MARK: - Polygons

    /// Appends a polygon (exterior ring, then holes) as closed subpaths.
    mutating func appendPolygon(_ rings: [[Coordinate]]) {
        guard let exterior = rings.first, exterior.count >= 3 else { return }
        let outer = UnwrappedExtent(of: exterior)
        guard !outer.isEmpty else { return }
        let drift = outer.lastUnwrappedLongitude - outer.firstLongitude
        let enclosesPole = abs(drift) > 180
        let poleY = outer.maxLatitude + outer.minLatitude > 0 ? -MapSize.world.height : 2 * MapSize.world.height
        let middle = (outer.minLongitude + outer.maxLongitude) / 2
        // Later rings are unwrapped to start near the exterior's longitudes.
        // They count towards the extent too: real files (canada.json) put
        // separate islands where holes belong.
        var union = outer
        var offsets: [Double] = [0]
        for ring in rings.dropFirst() {
            guard let first = ring.first(where: \.isDrawable) else {
                offsets.append(0)
                continue
            }
            // The whole turns that bring the ring's start within 180 degrees of the exterior's middle
            // (at most 180 east of it): O(1), where stepping by 360 would take a turn per step.
            let distance = first.longitude - middle
            var offset = 0.0
            if distance > 180 {
                offset = -360 * ((distance - 180) / 360).rounded(.up)
            } else if distance < -180 {
                offset = 360 * ((-180 - distance) / 360).rounded(.up)
            }
            offsets.append(offset)
            let extent = UnwrappedExtent(of: ring, startOffset: offset)
            union.minLongitude = min(union.minLongitude, extent.minLongitude)
            union.maxLongitude = max(union.maxLongitude, extent.maxLongitude)
            union.minLatitude = min(union.minLatitude, extent.minLatitude)
            union.maxLatitude = max(union.maxLatitude, extent.maxLatitude)
        }
        let shifts = shifts(for: union, enclosesPole: enclosesPole)
        guard !shifts.isEmpty else { return }
        if enclosesPole {
            // A ring round the pole is drawn once, as a band through every
            // world copy in view plus one beyond each side, then closed
            // along the pole: its closing edges fall outside the image.
            let world = MapSize.world.width
            var band = [shifts[0] - world] + shifts + [shifts[shifts.count - 1] + world]
            if drift < 0 { band.reverse() }
            project(exterior, startOffset: 0, shifts: band, poleY: poleY)
            emitRing(exterior: true)
            for shift in shifts {
                for index in rings.indices.dropFirst() where rings[index].count >= 3 {
                    project(rings[index], startOffset: offsets[index], shifts: [shift], poleY: nil)
                    emitRing(exterior: false)
                }
            }
            return
        }
        for shift in shifts {
            for index in rings.indices where rings[index].count >= 3 {
                project(rings[index], startOffset: offsets[index], shifts: [shift], poleY: nil)
                emitRing(exterior: index == 0)
            }
        }
    }

    // MARK: - Lines

    /// Appends a line string as one or more open subpaths.
    mutating func appendLine(_ coordinates: [Coordinate]) {
        guard coordinates.count >= 2 else { return }
        let extent = UnwrappedExtent(of: coordinates)
        for shift in shifts(for: extent, enclosesPole: false) {
            project(coordinates, startOffset: 0, shifts: [shift], poleY: nil)
            simplifier.simplify(xs: &xs, ys: &ys)
            lineClipper.clip(xs: &xs, ys: &ys, partStarts: &partStarts)
            for part in partStarts.indices {
                let start = partStarts[part]
                let end = part + 1 < partStarts.count ? partStarts[part + 1] : xs.count
                guard end - start >= 2 else { continue }
                if encode(count: end - start, closed: false, reversed: false, start: start) {
                    noteLineAnchor(start: start, end: end)
                }
            }
        }
    }

    // MARK: - Points

    /// The SVG positions of a coordinate: one per world copy in view
    /// (within `margin` points of the image).
    func positions(of coordinate: Coordinate, margin: Double) -> [(x: Double, y: Double)] {
        guard coordinate.isDrawable else { return [] }
        let point = MapPoint(coordinate)
        var result: [(x: Double, y: Double)] = []
        for shift in viewport.worldShifts(minX: point.x, maxX: point.x, bounds: bounds) {
            if viewport.isPerspective, viewport.depth(point.x + shift, point.y) <= viewport.near { continue }
            let x = viewport.svgX(point.x + shift, point.y)
            let y = viewport.svgY(point.x + shift, point.y)
            if x >= -margin, x <= viewport.width + margin, y >= -margin, y <= viewport.height + margin {
                result.append((x, y))
            }
        }
        return result
    }
}
