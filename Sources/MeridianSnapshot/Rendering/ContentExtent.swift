import MeridianCore

/// The smallest longitude/latitude box holding a set of parts, where the
/// longitude range may run across the antimeridian.
///
/// ```swift
/// var extent = ContentExtent()
/// extent.add(longitudes: 178...180, latitudes: -18 ... -16)      // Fiji, east of 180
/// extent.add(longitudes: -180 ... -179.8, latitudes: -17 ... -16) // and west of it
/// extent.mapRect   // about 2.2 degrees wide, across 180, not the whole world
/// ```
///
/// Longitude ranges are laid on the circle and the box is the complement
/// of the largest gap between them, so data cut at the antimeridian (as
/// RFC 7946 asks) is framed as one place. Cost: O(p log p) for p parts,
/// O(1) to add one whatever its longitudes.
struct ContentExtent {
    private var intervals: [(Double, Double)] = []
    private(set) var south = Double.infinity
    private(set) var north = -Double.infinity

    var isEmpty: Bool { intervals.isEmpty }

    /// Adds a longitude range (possibly unwrapped beyond +-180) and latitude range.
    mutating func add(west: Double, east: Double, south: Double, north: Double) {
        guard west.isFinite, east.isFinite, south.isFinite, north.isFinite, west <= east else { return }
        self.south = min(self.south, south)
        self.north = max(self.north, north)
        if east - west >= 360 {
            intervals.append((-180, 180))
            return
        }
        // Into -180..<180 in O(1): the remainder is exact, where stepping by
        // 360 took a step per turn (forever at 1e15, where 1e15 - 360 == 1e15).
        var start = west.truncatingRemainder(dividingBy: 360)
        if start < -180 {
            start += 360
        } else if start >= 180 {
            start -= 360
        }
        let end = start + (east - west)
        if end > 180 {
            intervals.append((start, 180))
            intervals.append((-180, end - 360))
        } else {
            intervals.append((start, end))
        }
    }

    /// Adds everything `other` holds: the box is the same whatever order
    /// parts are added in, so extents found on several threads are joined.
    mutating func formUnion(_ other: ContentExtent) {
        intervals += other.intervals
        south = min(south, other.south)
        north = max(north, other.north)
    }

    /// Sorts the longitude ranges and merges those that overlap or touch:
    /// the same extent in fewer of them (a large map's parts, found on
    /// several threads, are each merged there before they are joined).
    mutating func merge() {
        intervals.sort { $0.0 < $1.0 }
        var merged: [(Double, Double)] = []
        for interval in intervals {
            if let last = merged.last, interval.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, interval.1)
            } else {
                merged.append(interval)
            }
        }
        intervals = merged
    }

    /// (west, east) with east >= west, east possibly beyond 180.
    var longitudeRange: (west: Double, east: Double)? {
        guard !intervals.isEmpty else { return nil }
        var extent = self
        extent.merge()
        let merged = extent.intervals
        // The gap across the antimeridian, then the gaps between intervals.
        var bestGap = merged[0].0 + 360 - merged[merged.count - 1].1
        var west = merged[0].0
        var east = merged[merged.count - 1].1
        for index in 1..<merged.count {
            let gap = merged[index].0 - merged[index - 1].1
            if gap > bestGap {
                bestGap = gap
                west = merged[index].0
                east = merged[index - 1].1 + 360
            }
        }
        return (west, east)
    }

    /// The box on the map plane, x unwrapped (it may pass 2^28); null when empty.
    var mapRect: MapRect {
        guard let range = longitudeRange else { return .null }
        let northWest = MapPoint(Coordinate(latitude: north, longitude: range.west))
        let southEast = MapPoint(Coordinate(latitude: south, longitude: range.east))
        return MapRect(
            x: northWest.x, y: northWest.y, width: southEast.x - northWest.x, height: southEast.y - northWest.y)
    }
}
