import CGEOS
import MeridianCore
import MeridianValidity

/// Cuts a feature's geometry into the tiles of one zoom: projected to Web
/// Mercator in tile units, simplified to half a unit (what a tile can
/// show; polygons with their neighbours, ``TileTopology``),
/// clipped to each tile with a buffer (GEOS's clip by rectangle, which
/// keeps valid polygons valid), and snapped to whole units with GEOS's
/// precision reduction, which keeps them valid too. A large geometry is
/// cut down a quadtree (halves of halves), so that each clip works on what
/// is left of its parent's.
///
/// One cutter owns one GEOS context: use one per thread.
final class TileCutter {
    let extent: Int
    let buffer: Int
    private let geos = GeometryValidator()

    init(extent: Int = 4096, buffer: Int = 64) {
        self.extent = extent
        self.buffer = buffer
    }

    private var context: GEOSContextHandle_t { geos.context }

    /// Hands each piece of `geometry` at `zoom`, in its tile's units, to
    /// `piece` as it is cut (a continent at zoom 12 is millions of tiles,
    /// not to be held at once); none when it shows in no tile. Polygons are
    /// simplified arc by arc between the `junctions` of their layer, so
    /// that shared borders stay shared; without them (or for lines), each
    /// feature alone.
    func cut(
        _ geometry: Geometry, zoom: Int, junctions: TileTopology.Junctions? = nil,
        into piece: (TileID, TileGeometry) -> Void
    ) {
        let within = withinMercator(geometry)
        let projected = within.mappingCoordinates { coordinate in
            let (x, y) = WebMercator.project(coordinate, zoom: zoom, extent: extent)
            return Coordinate(latitude: y, longitude: x)
        }
        if case .point = projected { return points(projected, zoom: zoom).forEach(piece) }
        if case .multiPoint = projected { return points(projected, zoom: zoom).forEach(piece) }
        // Smaller than a tile unit both ways: nothing a tile of this zoom
        // can show (and GEOS's snap-rounding, which would say so, costs
        // more than all the rest).
        guard let box = projected.boundingBox, box.east - box.west >= 1 || box.north - box.south >= 1 else { return }
        // Detail below half a unit is nothing a tile can show.
        let shared = junctions?.simplified(projected, original: within, tolerance: 0.5)
        if let shared, shared.polygons.isEmpty { return }
        guard var made = geos.makeAnyGEOS(shared ?? projected) else { return }
        // A polygon the data gives invalid (or that simplification made
        // invalid) is made valid (GEOS's structure method), so that every
        // tile holds valid polygons.
        if projected.polygons.isEmpty == false, libgeos.GEOSisValid_r(context, made) == 0,
            let valid = libgeos.GEOSMakeValid_r(context, made)
        {
            libgeos.GEOSGeom_destroy_r(context, made)
            made = valid
        }
        if shared == nil {
            guard let simple = libgeos.GEOSTopologyPreserveSimplify_r(context, made, 0.5) else {
                libgeos.GEOSGeom_destroy_r(context, made)
                return
            }
            libgeos.GEOSGeom_destroy_r(context, made)
            made = simple
        }
        let simple = made
        defer { libgeos.GEOSGeom_destroy_r(context, simple) }
        let size = Double(extent)
        let tiles = 1 << zoom
        let margin = Double(buffer)
        let first = (x: clampTile(Int(((box.west - margin) / size).rounded(.down)), tiles),
            y: clampTile(Int(((box.south - margin) / size).rounded(.down)), tiles))
        let last = (x: clampTile(Int(((box.east + margin) / size).rounded(.down)), tiles),
            y: clampTile(Int(((box.north + margin) / size).rounded(.down)), tiles))
        var span = 1
        while first.x / span != last.x / span || first.y / span != last.y / span { span *= 2 }
        split(simple, x: first.x / span * span, y: first.y / span * span, span: span, zoom: zoom, into: piece)
    }

    private func clampTile(_ value: Int, _ tiles: Int) -> Int { min(max(value, 0), tiles - 1) }

    /// `geometry` without what lies beyond Web Mercator's ±85.0511°
    /// (Antarctica's coast runs to -90): clipped, not squashed onto the
    /// edge, where its parts would overlap.
    private func withinMercator(_ geometry: Geometry) -> Geometry {
        guard let box = geometry.boundingBox,
            box.south < -WebMercator.maximumLatitude || box.north > WebMercator.maximumLatitude
        else { return geometry }
        if case .point = geometry { return geometry }
        if case .multiPoint = geometry { return geometry }
        guard let made = geos.makeAnyGEOS(geometry) else { return geometry }
        defer { libgeos.GEOSGeom_destroy_r(context, made) }
        guard
            let clipped = libgeos.GEOSClipByRect_r(
                context, made, -180.0, -WebMercator.maximumLatitude, 180.0, WebMercator.maximumLatitude)
        else { return geometry }
        defer { libgeos.GEOSGeom_destroy_r(context, clipped) }
        return geos.decode(clipped) ?? geometry
    }

    /// Clips `geometry` to the square of `span` tiles at (x, y) (with the
    /// buffer), then to its quarters, down to single tiles. A square the
    /// geometry covers whole (the inside of a continent) is every one of its
    /// tiles covered whole: those are given their buffered square, without
    /// clipping further.
    private func split(
        _ geometry: OpaquePointer, x: Int, y: Int, span: Int, zoom: Int, into piece: (TileID, TileGeometry) -> Void
    ) {
        let size = Double(extent)
        let margin = Double(buffer)
        let tiles = 1 << zoom
        guard x < tiles, y < tiles else { return }
        guard
            let clipped = libgeos.GEOSClipByRect_r(
                context, geometry, Double(x) * size - margin, Double(y) * size - margin,
                Double(x + span) * size + margin, Double(y + span) * size + margin)
        else { return }
        defer { libgeos.GEOSGeom_destroy_r(context, clipped) }
        guard libgeos.GEOSisEmpty_r(context, clipped) == 0 else { return }
        let side = Double(span) * size + 2 * margin
        var area = 0.0
        if libgeos.GEOSArea_r(context, clipped, &area) == 1, area >= side * side * (1 - 1e-12) {
            let low = -Int64(buffer)
            let high = Int64(extent + buffer)
            let square: [(Int64, Int64)] = [(low, low), (high, low), (high, high), (low, high), (low, low)]
            for column in x..<min(x + span, tiles) {
                for row in y..<min(y + span, tiles) {
                    piece(TileID(zoom: zoom, x: column, y: row), .polygons([[square]]))
                }
            }
            return
        }
        if span > 1 {
            let half = span / 2
            for (dx, dy) in [(0, 0), (half, 0), (0, half), (half, half)] {
                split(clipped, x: x + dx, y: y + dy, span: half, zoom: zoom, into: piece)
            }
            return
        }
        let originX = Int64(x) * Int64(extent)
        let originY = Int64(y) * Int64(extent)
        func local(_ coordinate: Coordinate) -> (Int64, Int64) {
            (Int64(coordinate.longitude.rounded()) - originX, Int64(coordinate.latitude.rounded()) - originY)
        }
        guard var decoded = geos.decode(clipped) else { return }
        if let polygons = decoded.polygonalPart(multi: true)?.polygons, !polygons.isEmpty {
            // Snapped to whole units in the tile's own frame. Rounding each
            // vertex keeps most pieces valid (a tile's square stays a
            // square); GEOS's precision reduction, which keeps every polygon
            // valid by snap-rounding (at some ten times the cost), snaps the
            // pieces rounding would break.
            let rounded = polygons.map { $0.map { Self.withoutRepeats($0.map(local)) } }
            if isValid(rounded, origin: (originX, originY)) {
                piece(TileID(zoom: zoom, x: x, y: y), .polygons(rounded))
                return
            }
            guard let snapped = libgeos.GEOSGeom_setPrecision_r(context, clipped, 1.0, 0),
                libgeos.GEOSisEmpty_r(context, snapped) == 0
            else { return }
            defer { libgeos.GEOSGeom_destroy_r(context, snapped) }
            guard let snappedGeometry = geos.decode(snapped) else { return }
            decoded = snappedGeometry
            if let polygons = decoded.polygonalPart(multi: true)?.polygons, !polygons.isEmpty {
                piece(TileID(zoom: zoom, x: x, y: y), .polygons(polygons.map { $0.map { $0.map(local) } }))
                return
            }
        }
        var lines: [[(Int64, Int64)]] = []
        func collect(_ geometry: Geometry) {
            switch geometry {
            case .lineString(let line): lines.append(line.map(local))
            case .multiLineString(let parts): lines += parts.map { $0.map(local) }
            case .geometryCollection(let members): members.forEach(collect)
            default: break
            }
        }
        collect(decoded)
        lines = lines.map(Self.withoutRepeats)
        if !lines.isEmpty { piece(TileID(zoom: zoom, x: x, y: y), .lines(lines)) }
    }

    /// Consecutive repeats of a point left out (rounding makes them).
    private static func withoutRepeats(_ points: [(Int64, Int64)]) -> [(Int64, Int64)] {
        var kept: [(Int64, Int64)] = []
        kept.reserveCapacity(points.count)
        for point in points where kept.last.map({ $0 != point }) ?? true { kept.append(point) }
        return kept
    }

    /// Whether polygons of whole tile units are valid for GEOS (every ring
    /// of four points or more, closed, simple, holes inside their exterior).
    private func isValid(_ polygons: [[[(Int64, Int64)]]], origin: (Int64, Int64)) -> Bool {
        guard polygons.allSatisfy({ $0.allSatisfy { $0.count >= 4 && $0.first! == $0.last! } }) else { return false }
        let geometry = Geometry.multiPolygon(
            polygons.map { rings in
                rings.map { ring in
                    ring.map { Coordinate(latitude: Double($0.1 + origin.1), longitude: Double($0.0 + origin.0)) }
                }
            })
        guard let made = geos.makeAnyGEOS(geometry) else { return false }
        defer { libgeos.GEOSGeom_destroy_r(context, made) }
        return libgeos.GEOSisValid_r(context, made) == 1
    }

    /// Points go to the tile they are in (and those whose buffer holds them).
    private func points(_ projected: Geometry, zoom: Int) -> [(TileID, TileGeometry)] {
        var byTile: [TileID: [(Int64, Int64)]] = [:]
        let tiles = 1 << zoom
        let size = Double(extent)
        projected.forEachCoordinate { point in
            guard point.longitude.isFinite, point.latitude.isFinite else { return }
            let x = clampTile(Int((point.longitude / size).rounded(.down)), tiles)
            let y = clampTile(Int((point.latitude / size).rounded(.down)), tiles)
            let tile = TileID(zoom: zoom, x: x, y: y)
            byTile[tile, default: []].append(
                (Int64(point.longitude.rounded()) - Int64(x) * Int64(extent),
                    Int64(point.latitude.rounded()) - Int64(y) * Int64(extent)))
        }
        return byTile.map { ($0.key, TileGeometry.points($0.value)) }
    }
}
