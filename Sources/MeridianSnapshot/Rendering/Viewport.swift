import MeridianCore
import MeridianLibC

/// The map from Web Mercator map points to SVG points: scale about a
/// centre, then rotate by the heading, then move to the image's middle; and
/// when the camera is pitched, a true perspective of the map plane (a
/// projective map, see the initialiser), not a skew.
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
    /// SVG points per map point (at the centre, when pitched).
    let pointsPerMapPoint: Double
    /// Degrees clockwise from north.
    let heading: Double
    /// Degrees from straight down.
    let pitch: Double
    // sx = (a x + b y + c) / w, sy = (d x + e y + f) / w, w = g x + h y + i
    // (g = h = 0 and i = 1 when the view looks straight down: an affine map).
    let a: Double, b: Double, c: Double, d: Double, e: Double, f: Double
    let g: Double, h: Double, i: Double
    /// The smallest depth drawn, in map points: geometry nearer the eye's
    /// plane is moved onto it (far below the image, where clipping drops it).
    let near: Double

    var isPerspective: Bool { pitch != 0 }

    init(
        width: Double, height: Double, center: MapPoint, pointsPerMapPoint k: Double, heading: Double,
        pitch: Double = 0
    ) {
        self.width = width
        self.height = height
        self.center = center
        self.pointsPerMapPoint = k
        self.heading = heading
        self.pitch = pitch
        let radians = heading * .pi / 180
        let cosine = heading == 0 ? 1 : cos(radians)
        let sine = heading == 0 ? 0 : sin(radians)
        guard pitch != 0 else {
            a = k * cosine
            b = k * sine
            d = -k * sine
            e = k * cosine
            c = width / 2 - a * center.x - b * center.y
            f = height / 2 - d * center.x - e * center.y
            (g, h, i, near) = (0, 0, 1, 0)
            return
        }
        // A pinhole camera above the map plane: turned by the heading, tilted
        // back by the pitch about the centre, at the distance that gives `k`
        // points per map point at the centre. With u across and v down the
        // turned map (from the centre), a point lands at
        // (W/2 + F u / (D - v sin p), H/2 + F v cos p / (D - v sin p)).
        let focal = min(width, height) / 2 / tan(MapCamera.halfFieldOfView)
        let distance = focal / k
        let tilt = pitch * .pi / 180
        let (sinP, cosP) = (sin(tilt), cos(tilt))
        g = sinP * sine
        h = -sinP * cosine
        i = distance - g * center.x - h * center.y
        a = width / 2 * g + focal * cosine
        b = width / 2 * h + focal * sine
        c = width / 2 * i - focal * (cosine * center.x + sine * center.y)
        d = height / 2 * g - focal * cosP * sine
        e = height / 2 * h + focal * cosP * cosine
        f = height / 2 * i + focal * cosP * (sine * center.x - cosine * center.y)
        near = distance / 100
    }

    @inline(__always) func svgX(_ x: Double, _ y: Double) -> Double {
        isPerspective ? (a * x + b * y + c) / (g * x + h * y + i) : a * x + b * y + c
    }
    @inline(__always) func svgY(_ x: Double, _ y: Double) -> Double {
        isPerspective ? (d * x + e * y + f) / (g * x + h * y + i) : d * x + e * y + f
    }

    /// How far in front of the eye's plane a map point is (map points;
    /// positive in front). Only meaningful when pitched.
    @inline(__always) func depth(_ x: Double, _ y: Double) -> Double { g * x + h * y + i }

    /// The point moved along the view's direction onto the nearest depth drawn.
    func ontoNearPlane(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let t = (near - depth(x, y)) / (g * g + h * h)
        return (x + t * g, y + t * h)
    }

    /// The map point under an SVG point (the inverse transform).
    func mapPoint(svgX sx: Double, svgY sy: Double) -> MapPoint {
        // Solve (a - sx g) x + (b - sx h) y = sx i - c, (d - sy g) x + (e - sy h) y = sy i - f.
        let (p, q, r) = (a - sx * g, b - sx * h, sx * i - c)
        let (s, t, u) = (d - sy * g, e - sy * h, sy * i - f)
        let determinant = p * t - q * s
        return MapPoint(x: (r * t - q * u) / determinant, y: (p * u - r * s) / determinant)
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
