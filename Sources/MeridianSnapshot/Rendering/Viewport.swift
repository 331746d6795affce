import MeridianCore

/// The affine map from Web Mercator map points to SVG points: scale about
/// a centre, then rotate by the heading, then move to the image's middle.
///
/// With heading h (degrees clockwise from north of the image's top), a map
/// vector (dx, dy) (y growing south) lands at
/// `(w/2 + k(dx cos h + dy sin h), h/2 + k(-dx sin h + dy cos h))`:
/// at h = 90 east points up, as on a MapKit map whose camera faces east.
/// Map x is not wrapped: callers pass x already shifted by whole worlds
/// (see ``worldShifts(minX:maxX:)``), which is what draws data across the
/// antimeridian whole. Cost: 4 multiplications and 4 additions per point.
struct Viewport: Sendable, Hashable {
    let width: Double
    let height: Double
    /// The map point at the image's centre.
    let center: MapPoint
    /// SVG points per map point.
    let pointsPerMapPoint: Double
    /// Degrees clockwise from north.
    let heading: Double
    // The affine coefficients: sx = a x + b y + c, sy = d x + e y + f.
    let a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    init(width: Double, height: Double, center: MapPoint, pointsPerMapPoint k: Double, heading: Double) {
        self.width = width
        self.height = height
        self.center = center
        self.pointsPerMapPoint = k
        self.heading = heading
        let radians = heading * .pi / 180
        let cosine = heading == 0 ? 1 : cos(radians)
        let sine = heading == 0 ? 0 : sin(radians)
        a = k * cosine
        b = k * sine
        d = -k * sine
        e = k * cosine
        c = width / 2 - a * center.x - b * center.y
        f = height / 2 - d * center.x - e * center.y
    }

    @inline(__always) func svgX(_ x: Double, _ y: Double) -> Double { a * x + b * y + c }
    @inline(__always) func svgY(_ x: Double, _ y: Double) -> Double { d * x + e * y + f }

    /// The map point under an SVG point (the inverse transform).
    func mapPoint(svgX sx: Double, svgY sy: Double) -> MapPoint {
        let determinant = a * e - b * d
        let u = sx - c
        let v = sy - f
        return MapPoint(x: (e * u - b * v) / determinant, y: (-d * u + a * v) / determinant)
    }

    /// The map-plane box holding the image grown by `margin` points on each
    /// side (the whole rotated image when the heading is not 0).
    func mapBounds(margin: Double) -> MapRect {
        let corners = [
            mapPoint(svgX: -margin, svgY: -margin), mapPoint(svgX: width + margin, svgY: -margin),
            mapPoint(svgX: -margin, svgY: height + margin), mapPoint(svgX: width + margin, svgY: height + margin),
        ]
        return MapRect(boundingPoints: corners)
    }

    /// Whole-world offsets (multiples of 2^28) that bring map x in
    /// `minX...maxX` into view: usually just 0; two or three when the view
    /// is wider than the world or the data crosses the antimeridian.
    ///
    /// The counts are worked out in floating point and only turned into
    /// integers once they are known to be small: x far from the view
    /// (data at longitude 1e300) gives no shift, never a trap.
    func worldShifts(minX: Double, maxX: Double, bounds: MapRect) -> [Double] {
        let world = MapSize.world.width
        let lowest = ((bounds.minX - maxX) / world).rounded(.up)
        let highest = ((bounds.maxX - minX) / world).rounded(.down)
        // NaN fails this comparison too.
        guard lowest <= highest else { return [] }
        if highest - lowest >= 8 { return [0] }
        guard abs(lowest) <= 1e6, abs(highest) <= 1e6 else { return [] }
        return (Int(lowest)...Int(highest)).map { Double($0) * world }
    }
}
