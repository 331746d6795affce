import MeridianCore
import MeridianLibC

/// Where a basemap's vector tiles come from: a PMTiles archive
/// (`PMTilesArchive` in MeridianTiles), an MBTiles database, a tile
/// server. Tiles are asked for one at a time, as the view needs them.
public protocol BasemapSource: AnyObject, Sendable {
    /// The zooms the source has tiles for: a view between two zooms uses
    /// the lower, and beyond the last, the last's tiles.
    var zoomRange: ClosedRange<Int> { get }
    /// Tile `zoom`/`x`/`y`'s features in longitude and latitude, by layer
    /// name; empty where the source has no tile.
    func features(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [String: [Feature]]
}

/// Vector tiles drawn beneath a snapshot's layers, as MapKit draws its map
/// beneath a snapshot's overlays.
///
/// ```swift
/// var options = Snapshotter.Options(layers: [Layer(id: "track", features: track)])
/// options.basemap = Basemap(source: try PMTilesArchive(path: "Samples/natural-earth.pmtiles"), style: .light)
/// ```
///
/// The view's zoom is MapLibre's (512-point tiles): the tiles drawn are
/// those of the zoom below it, clipped each to its own square so that no
/// feature is drawn twice where tiles overlap, and the style is evaluated
/// at the view's zoom itself. At most ``maximumTiles`` tiles are drawn: a
/// pitched view that reaches the horizon takes a lower zoom.
public struct Basemap: Sendable, Hashable {
    public var source: any BasemapSource
    public var style: BasemapStyle

    public init(source: any BasemapSource, style: BasemapStyle) {
        self.source = source
        self.style = style
    }

    public static func == (a: Basemap, b: Basemap) -> Bool {
        ObjectIdentifier(a.source) == ObjectIdentifier(b.source) && a.style == b.style
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
        hasher.combine(style)
    }

    /// The most tiles one snapshot draws.
    public static let maximumTiles = 256

    /// The style zoom of a view: MapLibre's, whose world is 512 x 2^zoom
    /// points, from 0 (a world drawn smaller, as a 256-point tile of zoom
    /// 0, is drawn as zoom 0) to 24.
    static func zoom(of viewport: Viewport) -> Double {
        min(24, max(0, log2(viewport.pointsPerMapPoint * MapSize.world.width / 512)))
    }

    /// The tiles that cover a view's map bounds (x wrapped round the
    /// world), at the zoom the view needs within the source's range.
    func tiles(covering bounds: MapRect, zoom: Double) -> [(zoom: Int, x: Int, y: Int)] {
        let range = source.zoomRange
        var tileZoom = zoom.isFinite ? Int(min(Double(range.upperBound), max(Double(range.lowerBound), zoom.rounded(.down)))) : range.lowerBound
        while true {
            let count = 1 << tileZoom
            let size = MapSize.world.width / Double(count)
            // Whole worlds at most: a view wider than the world takes each column once.
            let firstX = (bounds.minX / size).rounded(.down)
            let lastX = min((bounds.maxX / size).rounded(.down), firstX + Double(count) - 1)
            let firstY = max(0, (bounds.minY / size).rounded(.down))
            let lastY = min(Double(count - 1), (bounds.maxY / size).rounded(.down))
            guard firstX.isFinite, lastX.isFinite, firstY <= lastY, firstX <= lastX else { return [] }
            let total = (lastX - firstX + 1) * (lastY - firstY + 1)
            if total > Double(Self.maximumTiles), tileZoom > range.lowerBound {
                tileZoom -= 1
                continue
            }
            guard total <= Double(Self.maximumTiles) * 4 else { return [] }
            var tiles: [(zoom: Int, x: Int, y: Int)] = []
            for y in Int(firstY)...Int(lastY) {
                for column in Int(firstX)...Int(lastX) {
                    tiles.append((tileZoom, ((column % count) + count) % count, y))
                }
            }
            return tiles
        }
    }
}
