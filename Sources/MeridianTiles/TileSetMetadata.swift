import MeridianCore
import MeridianJSON

/// The JSON metadata of a tile set, as TileJSON 3.0 and PMTiles readers
/// (MapLibre, `pmtiles show`) expect it: `vector_layers`, each with its id,
/// its fields and their types (`String`, `Number`, `Boolean`), and zooms.
public enum TileSetMetadata {
    /// A layer's fields and their types, gathered feature by feature.
    public struct Fields: Sendable {
        private var types: [String: String] = [:]
        private var order: [String] = []

        public init() {}

        public mutating func add(_ properties: JSONObject) {
            for (position, key) in properties.keys.enumerated() where types[key] == nil || types[key] == "" {
                let type: String =
                    switch properties.value(at: position) {
                    case .integer, .double: "Number"
                    case .bool: "Boolean"
                    case .null: ""
                    default: "String"
                    }
                if types[key] == nil { order.append(key) }
                types[key] = type
            }
        }

        var object: JSONObject {
            JSONObject(order.map { ($0, JSONValue.string(types[$0]!.isEmpty ? "String" : types[$0]!)) })
        }
    }

    public static func json(layers: [(name: String, fields: Fields)], minimumZoom: Int, maximumZoom: Int) -> [UInt8] {
        var described: [JSONValue] = []
        for layer in layers {
            described.append(
                .object(
                    JSONObject([
                        ("id", .string(layer.name)), ("fields", .object(layer.fields.object)),
                        ("minzoom", .integer(Int64(minimumZoom))), ("maxzoom", .integer(Int64(maximumZoom))),
                    ])))
        }
        let metadata = JSONObject([
            ("name", .string(layers.map(\.name).joined(separator: ", "))), ("format", .string("pbf")),
            ("generator", .string("meridian tile")), ("vector_layers", .array(described)),
        ])
        return JSONValue.object(metadata).jsonBytes()
    }
}

/// The codes of tiling.
public enum TileDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        tile.pmtiles.invalid | error | A PMTiles archive whose header, directories or tiles lie: sections past the end, counts its bytes cannot hold, leaf directories nested more than three deep, a tile or directory that does not inflate or inflates past 64 MiB, tiles that are not vector tiles.
        tile.pmtiles.order | error | Tiles given to a PMTiles stream out of PMTiles order (each must come after the one before along the Hilbert curve of lower zooms first).
        tile.mbtiles.invalid | error | An MBTiles database that does not hold vector tiles: its metadata names another tile format, or it has no tiles, or their zooms are past 30.
        tile.mbtiles.off-grid | warning | Tiles of an MBTiles database at a column or row its zoom does not have (GDAL writes some past Web Mercator's band): they are left out.
        tile.mvt.invalid | error | A vector tile whose layers, features, tags or geometry commands cannot be read: a command count past the end of the geometry, coordinates past 32-bit tile units, a tag naming a key or value the layer lacks.
        tile.mvt.geometry | warning | A feature of a vector tile with no geometry to give (a ring that never closes, an unknown type, nothing with an area): left out.
        tile.feature.too-small | warning | Features that a zoom cannot show, smaller than a unit of its tiles: left out of that zoom's tiles, counted by zoom and layer.
        tile.feature.size-cap | warning | Tiles past the size cap (meridian tile --max-tile-bytes, 500 000 gzipped bytes) lost their smallest features: counted by zoom and layer, those left out of every tile of the zoom and those thinned.
        tile.feature.same-position | warning | Points of a layer at the same tile unit as an earlier point, below the deepest zoom: the same dot drawn, left out of that zoom and counted by zoom and layer (the deepest zoom keeps every point).
        """#)
}
