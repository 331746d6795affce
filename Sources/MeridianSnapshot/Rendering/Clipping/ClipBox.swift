import MeridianCore

/// The rectangle, in SVG points, that paths are clipped to: the image
/// grown by a margin on every side, so the cut edges lie under strokes
/// outside the view and never show.
///
/// ```swift
/// let box = ClipBox(width: 1024, height: 768, margin: 24)   // -24...1048 by -24...792
/// box.contains(xs: [10, 20], ys: [5, 900])                  // false: one point is below
/// ```
struct ClipBox {
    let minX: Double
    let minY: Double
    let maxX: Double
    let maxY: Double

    init(width: Double, height: Double, margin: Double) {
        minX = -margin
        minY = -margin
        maxX = width + margin
        maxY = height + margin
    }

    /// True when every point lies inside (so no clipping is needed). O(n).
    func contains(xs: [Double], ys: [Double]) -> Bool {
        for index in xs.indices {
            let x = xs[index]
            let y = ys[index]
            if x < minX || x > maxX || y < minY || y > maxY { return false }
        }
        return true
    }
}
