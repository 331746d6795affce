import MeridianCore

/// The longitude and latitude ranges of a ring or line, with longitudes
/// unwrapped along it: a step of more than 180 degrees is taken as a
/// crossing of the antimeridian, so a part that crosses it has one
/// continuous range (170...190) rather than the whole world.
///
/// ```swift
/// let extent = UnwrappedExtent(of: [Coordinate(latitude: 0, longitude: 179), Coordinate(latitude: 1, longitude: -179)])
/// extent.minLongitude...extent.maxLongitude   // 179...181
/// ```
///
/// It is what ``PathEncoder`` tests against the view before projecting
/// anything, and how it tells a ring that goes once round a pole (its last
/// unwrapped longitude is 360 degrees from its first). Positions that are
/// not drawable (not finite, or a longitude beyond two turns, see
/// `Coordinate.isDrawable`) are skipped. Cost: O(n).
struct UnwrappedExtent {
    var minLongitude = Double.infinity
    var maxLongitude = -Double.infinity
    var minLatitude = Double.infinity
    var maxLatitude = -Double.infinity
    var firstLongitude = 0.0
    var lastUnwrappedLongitude = 0.0

    /// `startOffset` (a multiple of 360) is added to every longitude, so
    /// a hole can be unwrapped next to its exterior.
    init(of coordinates: [Coordinate], startOffset: Double = 0) {
        var unwrapper = LongitudeUnwrapper(offset: startOffset)
        for coordinate in coordinates where coordinate.isDrawable {
            let isFirst = unwrapper.isAtStart
            let longitude = unwrapper.next(coordinate.longitude)
            if isFirst { firstLongitude = longitude }
            minLongitude = min(minLongitude, longitude)
            maxLongitude = max(maxLongitude, longitude)
            minLatitude = min(minLatitude, coordinate.latitude)
            maxLatitude = max(maxLatitude, coordinate.latitude)
        }
        lastUnwrappedLongitude = unwrapper.last
    }

    /// False when no position was finite.
    var isEmpty: Bool { !(minLongitude <= maxLongitude) }
}
