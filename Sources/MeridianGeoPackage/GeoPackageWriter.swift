import MeridianCore

/// Writes features as one layer of an OGC GeoPackage 1.3 that GDAL, QGIS
/// and ArcGIS open: the required tables (`gpkg_spatial_ref_sys` with WGS
/// 84, `gpkg_contents` with the layer's extent, `gpkg_geometry_columns`),
/// a feature table with an integer primary key, the geometry as
/// GeoPackage binary, a column per property with its type (INTEGER, REAL,
/// TEXT, BOOLEAN; arrays and objects as JSON text), and the R*Tree
/// spatial index extension, filled and with the standard's triggers.
///
/// ```swift
/// try GeoPackageWriter(layer: "parcels").write(features, toFile: "parcels.gpkg")
/// ```
///
/// All rows go in one transaction through one prepared statement. The
/// file is written whole to `path` (the caller writes to a temporary
/// name and renames it into place).
public struct GeoPackageWriter: Sendable {
    public var layer: String

    public init(layer: String) {
        self.layer = layer
    }

    public func write(_ features: [Feature], toFile path: String) throws(DiagnosticError) {
        let db = try SQLiteDatabase(path: path, readOnly: false)
        // Property columns, in order first met, with a type that holds every value.
        var columns: [(name: String, type: String)] = []
        var index: [String: Int] = [:]
        for feature in features {
            for (key, value) in feature.properties.members {
                let type = Self.sqlType(value)
                if let at = index[key] {
                    columns[at].type = Self.widen(columns[at].type, type)
                } else {
                    index[key] = columns.count
                    columns.append((key, type))
                }
            }
        }
        columns = columns.filter { $0.name.lowercased() != "fid" && $0.name.lowercased() != "geom" }
        let geometryType = Self.geometryTypeName(features.compactMap(\.geometry))
        var extent: BoundingBox?
        for feature in features {
            guard let box = feature.geometry?.boundingBox else { continue }
            extent =
                extent.map {
                    BoundingBox(
                        west: min($0.west, box.west), south: min($0.south, box.south), east: max($0.east, box.east),
                        north: max($0.north, box.north))
                } ?? box
        }
        let table = SQLiteDatabase.quoted(layer)
        let literal = "'" + layer.replacingAll("'", with: "''") + "'"
        let rtree = SQLiteDatabase.quoted("rtree_\(layer)_geom")
        try db.execute(
            """
            PRAGMA page_size = 65536; PRAGMA application_id = 1196444487; PRAGMA user_version = 10300; PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;
            BEGIN;
            CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
              organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL,
              description TEXT);
            INSERT INTO gpkg_spatial_ref_sys VALUES
              ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
              ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'),
              ('WGS 84 geodetic', 4326, 'EPSG', 4326, '\(Self.wgs84)', 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid');
            CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
              identifier TEXT UNIQUE, description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT
              (strftime('%Y-%m-%dT%H:%M:%fZ','now')), min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE,
              srs_id INTEGER, CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
            CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
              geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
              CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
              CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
              CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
            CREATE TABLE gpkg_extensions (table_name TEXT, column_name TEXT, extension_name TEXT NOT NULL,
              definition TEXT NOT NULL, scope TEXT NOT NULL,
              CONSTRAINT ge_tce UNIQUE (table_name, column_name, extension_name));
            CREATE TABLE \(table) (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom \(geometryType)\(columns.map { ", \(SQLiteDatabase.quoted($0.name)) \($0.type)" }.joined()));
            INSERT INTO gpkg_contents (table_name, data_type, identifier, min_x, min_y, max_x, max_y, srs_id)
              VALUES (\(literal), 'features', \(literal), \(extent.map { "\($0.west), \($0.south), \($0.east), \($0.north)" } ?? "NULL, NULL, NULL, NULL"), 4326);
            INSERT INTO gpkg_geometry_columns VALUES (\(literal), 'geom', '\(geometryType)', 4326, 0, 0);
            INSERT INTO gpkg_extensions VALUES (\(literal), 'geom', 'gpkg_rtree_index',
              'http://www.geopackage.org/spec120/#extension_rtree', 'write-only');
            CREATE VIRTUAL TABLE \(rtree) USING rtree(id, minx, maxx, miny, maxy);
            """)
        let insert = try db.prepare(
            "INSERT INTO \(table) (geom\(columns.map { ", " + SQLiteDatabase.quoted($0.name) }.joined())) VALUES (?\(String(repeating: ", ?", count: columns.count)))"
        )
        var boxes: [(key: UInt64, id: Int64, box: BoundingBox)] = []
        boxes.reserveCapacity(features.count)
        for feature in features {
            if let geometry = feature.geometry {
                insert.bind(GeoPackageGeometry.encode(geometry), at: 1)
            } else {
                insert.bind(nil, at: 1)
            }
            for (offset, column) in columns.enumerated() {
                let value = feature.properties[column.name]
                if column.type == "TEXT", let value, value.stringValue == nil, value != .null {
                    // A column that also holds text: every value as text, as written.
                    insert.bind(.string(Self.text(value)), at: offset + 2)
                } else {
                    insert.bind(value, at: offset + 2)
                }
            }
            _ = try insert.step()
            insert.reset()
            if let box = feature.geometry?.boundingBox { boxes.append((Self.curveKey(box), db.lastRowID, box)) }
        }
        // The index is filled last, in space-filling-curve order: neighbours
        // go in together, so the R*Tree splits far fewer nodes.
        boxes.sort { $0.key < $1.key }
        let index3 = try db.prepare("INSERT INTO \(rtree) VALUES (?, ?, ?, ?, ?)")
        for (_, id, box) in boxes {
            index3.bind(id, at: 1)
            for (position, value) in [box.west, box.east, box.south, box.north].enumerated() {
                index3.bind(value, at: position + 2)
            }
            _ = try index3.step()
            index3.reset()
        }
        try db.execute(Self.rtreeTriggers(table: layer))
        try db.execute("COMMIT;")
    }

    /// The Z-order (Morton) key of a box's centre on a 2^16 grid of the globe.
    static func curveKey(_ box: BoundingBox) -> UInt64 {
        let x = UInt64(max(0, min(65535, ((box.west + box.east) / 2 + 180) / 360 * 65535)))
        let y = UInt64(max(0, min(65535, ((box.south + box.north) / 2 + 90) / 180 * 65535)))
        var key: UInt64 = 0
        for bit in 0..<16 {
            key |= ((x >> UInt64(bit)) & 1) << UInt64(2 * bit) | ((y >> UInt64(bit)) & 1) << UInt64(2 * bit + 1)
        }
        return key
    }

    /// The R*Tree extension's triggers (GeoPackage 1.3, F.3), which keep
    /// the index in step when another tool edits the layer.
    static func rtreeTriggers(table: String) -> String {
        let t = SQLiteDatabase.quoted(table)
        let r = SQLiteDatabase.quoted("rtree_\(table)_geom")
        func name(_ suffix: String) -> String { SQLiteDatabase.quoted("rtree_\(table)_geom_\(suffix)") }
        return """
            CREATE TRIGGER \(name("insert")) AFTER INSERT ON \(t) WHEN (new.geom NOT NULL AND NOT ST_IsEmpty(NEW.geom))
            BEGIN INSERT OR REPLACE INTO \(r) VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
            CREATE TRIGGER \(name("update1")) AFTER UPDATE OF geom ON \(t) WHEN OLD.fid = NEW.fid AND (NEW.geom NOTNULL AND NOT ST_IsEmpty(NEW.geom))
            BEGIN INSERT OR REPLACE INTO \(r) VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
            CREATE TRIGGER \(name("update2")) AFTER UPDATE OF geom ON \(t) WHEN OLD.fid = NEW.fid AND (NEW.geom ISNULL OR ST_IsEmpty(NEW.geom))
            BEGIN DELETE FROM \(r) WHERE id = OLD.fid; END;
            CREATE TRIGGER \(name("update3")) AFTER UPDATE ON \(t) WHEN OLD.fid != NEW.fid AND (NEW.geom NOTNULL AND NOT ST_IsEmpty(NEW.geom))
            BEGIN DELETE FROM \(r) WHERE id = OLD.fid; INSERT OR REPLACE INTO \(r) VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
            CREATE TRIGGER \(name("update4")) AFTER UPDATE ON \(t) WHEN OLD.fid != NEW.fid AND (NEW.geom ISNULL OR ST_IsEmpty(NEW.geom))
            BEGIN DELETE FROM \(r) WHERE id IN (OLD.fid, NEW.fid); END;
            CREATE TRIGGER \(name("delete")) AFTER DELETE ON \(t) WHEN old.geom NOT NULL
            BEGIN DELETE FROM \(r) WHERE id = OLD.fid; END;
            """
    }

    static let wgs84 =
        #"GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]"#

    static func sqlType(_ value: JSONValue) -> String {
        switch value {
        case .null: "NULL"
        case .bool: "BOOLEAN"
        case .integer: "INTEGER"
        case .double: "REAL"
        default: "TEXT"
        }
    }

    /// The type that holds values of both types.
    static func widen(_ a: String, _ b: String) -> String {
        if a == b || b == "NULL" { return a }
        if a == "NULL" { return b }
        if Set([a, b]) == ["INTEGER", "REAL"] { return "REAL" }
        return "TEXT"
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .bool(let b): b ? "true" : "false"
        case .integer(let n): String(n)
        case .double(let d): "\(d)"
        default: String(decoding: value.jsonBytes().prefix { $0 != 0x0A }, as: UTF8.self)
        }
    }

    /// The layer's geometry type: the one type every geometry has, else GEOMETRY.
    static func geometryTypeName(_ geometries: [Geometry]) -> String {
        let names = Set(geometries.map { $0.typeName.uppercased() })
        guard names.count == 1, let name = names.first else { return "GEOMETRY" }
        return name == "GEOMETRYCOLLECTION" ? "GEOMETRYCOLLECTION" : name
    }
}
