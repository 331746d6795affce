import MeridianCore
import MeridianLibC

/// A tile of the Web Mercator pyramid: zoom, column (from the
/// antimeridian east) and row (from the north down), as XYZ tile servers,
/// MBTiles (with its rows flipped) and PMTiles number them.
public struct TileID: Sendable, Hashable, Comparable {
    public var zoom: Int
    public var x: Int
    public var y: Int

    /// The deepest zoom Meridian reads or writes (PMTiles allows 31).
    public static let maximumZoom = 30

    public init(zoom: Int, x: Int, y: Int) {
        self.zoom = zoom
        self.x = x
        self.y = y
    }

    /// PMTiles' tile id: the tiles of lower zooms counted first, then the
    /// tile's place along the Hilbert curve of its zoom.
    public var hilbertID: UInt64 {
        let zoom = Int64(self.zoom)
        var id = ((Int64(1) << (zoom * 2)) - 1) / 3
        var x = Int64(self.x)
        var y = Int64(self.y)
        var level = zoom - 1
        while level >= 0 {
            let s = Int64(1) << level
            let rx = s & x
            let ry = s & y
            id += ((3 &* rx) ^ ry) << level
            if ry == 0 {
                if rx != 0 {
                    x = s &- 1 &- x
                    y = s &- 1 &- y
                }
                swap(&x, &y)
            }
            level -= 1
        }
        return UInt64(id)
    }

    public static func < (a: TileID, b: TileID) -> Bool { a.hilbertID < b.hilbertID }
}

/// Web Mercator (EPSG:3857) as tiles use it: a longitude and latitude to a
/// position in units of 1/`extent` of a tile at a zoom, from the world's
/// north-west corner; latitudes beyond ±85.0511° are held at the edge.
public enum WebMercator {
    public static let maximumLatitude = 85.051_128_779_806_59

    /// The world position of a coordinate at `zoom`, `extent` units a tile.
    public static func project(_ coordinate: Coordinate, zoom: Int, extent: Int) -> (x: Double, y: Double) {
        let size = Double(extent) * Double(1 << zoom)
        let latitude = min(max(coordinate.latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        let x = (coordinate.longitude + 180) / 360 * size
        let mercator: Double = log(tan(latitude) + 1 / cos(latitude))
        let y = (1 - mercator / .pi) / 2 * size
        return (x, y)
    }

    /// The coordinate of a world position at `zoom`, `extent` units a tile.
    public static func unproject(x: Double, y: Double, zoom: Int, extent: Int) -> Coordinate {
        let size = Double(extent) * Double(1 << zoom)
        let longitude = x / size * 360 - 180
        let latitude = atan(sinh(.pi * (1 - 2 * y / size))) * 180 / .pi
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
