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

/// Unwraps the longitudes of a line or ring as they come: each is moved by
/// a whole turn when it lies more than 180 degrees from the one before, so
/// a line across the antimeridian stays continuous (179 then -179 becomes
/// 179 then 181). Feed it drawable positions only (within 720 degrees).
struct LongitudeUnwrapper {
    /// The whole turns added so far (a multiple of 360).
    private(set) var offset: Double
    private var previous = Double.nan

    /// `offset` (a multiple of 360) is added from the start, so that a hole
    /// can be unwrapped next to its exterior.
    init(offset: Double = 0) {
        self.offset = offset
    }

    /// True before the first longitude.
    var isAtStart: Bool { previous.isNaN }
    /// The last longitude returned (NaN before the first).
    var last: Double { previous }

    mutating func next(_ longitude: Double) -> Double {
        var unwrapped = longitude + offset
        if !previous.isNaN {
            if unwrapped - previous > 180 {
                offset -= 360
                unwrapped -= 360
            } else if unwrapped - previous < -180 {
                offset += 360
                unwrapped += 360
            }
        }
        previous = unwrapped
        return unwrapped
    }
}
