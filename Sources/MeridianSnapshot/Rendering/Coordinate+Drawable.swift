import MeridianCore

extension Coordinate {
    /// The largest longitude, either way, that the renderer draws: two
    /// turns of the globe. Data written in any known convention (-180...180,
    /// 0...360, a box's east edge plus 360 across the antimeridian) stays
    /// well inside; beyond it a position is an error (1e300 is valid JSON),
    /// and it would put map x where no whole-world shift is an integer.
    static let drawableLongitudeLimit = 720.0

    /// Whether the renderer draws this position: a finite latitude and a
    /// longitude within ``drawableLongitudeLimit``. Others are skipped,
    /// as NaN always was: a ring or line is drawn without them, and they
    /// count for no framing.
    var isDrawable: Bool {
        latitude.isFinite && abs(longitude) <= Self.drawableLongitudeLimit
    }
}
