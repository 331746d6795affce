import MeridianCore
import MeridianIO

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
/// The file is written whole to `path` (the caller writes to a temporary
/// name and renames it into place). ``GeoPackageFileWriter`` writes
/// several layers, feature by feature.
public struct GeoPackageWriter: Sendable {
    public var layer: String

    public init(layer: String) {
        self.layer = layer
    }

    /// Writes `features` as the layer of a new GeoPackage at `path`.
    public func write(_ features: [Feature], toFile path: String) throws(DiagnosticError) {
        let writer = try GeoPackageFileWriter(path: path)
        for feature in features { try writer.write(feature, layer: layer) }
        try writer.finish()
    }
}

/// Writes a GeoPackage of one layer or several, feature by feature, each
/// feature into the layer named with it (created at its first feature).
///
/// ```swift
/// let writer = try GeoPackageFileWriter(path: "venue.gpkg")
/// try writer.write(unit, layer: "unit")
/// try writer.write(level, layer: "level")
/// try writer.finish()
/// ```
///
/// Memory is bounded by the spatial indexes' boxes (24 bytes a feature):
/// in a layer, a property becomes a column at its first value that is not
/// null (`ALTER TABLE` when that comes after the first row), of that
/// value's type; a TEXT column holds values of other kinds as text. Every
/// layer's geometry type, extent and R*Tree are written by ``finish()``.
/// All rows go in one transaction, each layer's through one prepared
/// statement.
public final class GeoPackageFileWriter {
    private let db: SQLiteDatabase
    private var layers: [LayerWriter] = []
    private var layerIndex: [String: Int] = [:]
    /// The system positions are in; nil for WGS 84.
    private let system: WrittenCoordinateSystem?
    /// Its srs_id: its EPSG code, else the first id GDAL gives a system of
    /// its own (100000); 4326 for WGS 84.
    private let srsID: Int32

    /// A GeoPackage written at `path`; diagnostics name it `displayName`
    /// (the output it will become when `path` is a temporary file).
    /// `system` is that of the positions written, when not WGS 84.
    public init(path: String, displayName: String? = nil, system: WrittenCoordinateSystem? = nil)
        throws(DiagnosticError)
    {
        self.system = system
        if let system {
            srsID = system.authority?.uppercased() == "EPSG" ? Int32(clamping: system.code ?? 100_000) : 100_000
        } else {
            srsID = 4326
        }
        db = try SQLiteDatabase(file: path, path: displayName, readOnly: false)
        try db.execute(
            """
            PRAGMA page_size = 65536; PRAGMA application_id = 1196444487; PRAGMA user_version = 10300;
            PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;
            BEGIN;
            """)
    }

    /// The layers written so far, in the order of their first feature.
    public var layerNames: [String] { layers.map(\.name) }

    /// Appends a feature to the layer `layer` (its table), creating the
    /// layer at its first feature. A layer name that differs from one
    /// already written only in case is the same layer, as SQLite's table
    /// names are not case-sensitive.
    public func write(_ feature: Feature, layer: String) throws(DiagnosticError) {
        let key = layer.lowercased()
        let writer: LayerWriter
        if let index = layerIndex[key] {
            writer = layers[index]
        } else {
            writer = try LayerWriter(name: layer, db: db, srsID: srsID)
            layerIndex[key] = layers.count
            layers.append(writer)
        }
        try writer.write(feature)
    }

    /// The row of gpkg_spatial_ref_sys for a system other than WGS 84, as SQL.
    private var otherSystemRow: String {
        guard let system, srsID != 4326 else { return "" }
        func quoted(_ text: String) -> String { "'" + text.replacingAll("'", with: "''") + "'" }
        let organization = srsID == 100_000 ? "NONE" : "EPSG"
        return "INSERT INTO gpkg_spatial_ref_sys VALUES (\(quoted(system.name)), \(srsID), '\(organization)', "
            + "\(srsID), \(quoted(system.wkt)), NULL);"
    }

    /// Writes the metadata tables and the spatial indexes, and commits.
    public func finish() throws(DiagnosticError) {
        try db.execute(
            """
            CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
              organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL,
              description TEXT);
            INSERT INTO gpkg_spatial_ref_sys VALUES
              ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
              ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'),
              ('WGS 84 geodetic', 4326, 'EPSG', 4326, '\(GeoPackageWriter.wgs84)', 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid');
            \(otherSystemRow)
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
            """)
        for layer in layers { try layer.finish() }
        layers = []
        try db.execute("COMMIT;")
    }

    /// One feature table being written.
    final class LayerWriter {
        let name: String
        private let db: SQLiteDatabase
        private var columns: [(name: String, type: String)] = []
        private var columnIndex: [String: Int] = [:]
        private var insert: SQLiteDatabase.Statement?
        private var index = RTreePacker()
        private var extent: BoundingBox?
        private var geometryTypes: Set<String> = []
        private let srsID: Int32

        init(name: String, db: SQLiteDatabase, srsID: Int32) throws(DiagnosticError) {
            self.name = name
            self.db = db
            self.srsID = srsID
            try db.execute(
                "CREATE TABLE \(SQLiteDatabase.quoted(name)) (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom GEOMETRY);"
            )
        }

        func write(_ feature: Feature) throws(DiagnosticError) {
            var added = false
            // The keys first: a value is read (a decoder's are packed) only
            // for a key that has no column yet.
            for (position, key) in feature.properties.keys.enumerated() where columnIndex[key] == nil {
                let lower = key.lowercased()
                // A column is made at its first value that is not null, of that value's type.
                let value = feature.properties.value(at: position)
                guard lower != "fid", lower != "geom", value != .null else { continue }
                let type = GeoPackageWriter.sqlType(value)
                try db.execute(
                    "ALTER TABLE \(SQLiteDatabase.quoted(name)) ADD COLUMN \(SQLiteDatabase.quoted(key)) \(type)")
                columnIndex[key] = columns.count
                columns.append((key, type))
                added = true
            }
            if added || insert == nil {
                insert = try db.prepare(
                    "INSERT INTO \(SQLiteDatabase.quoted(name)) (geom\(columns.map { ", " + SQLiteDatabase.quoted($0.name) }.joined())) VALUES (?\(String(repeating: ", ?", count: columns.count)))"
                )
            }
            guard let insert else { return }
            if let geometry = feature.geometry {
                insert.bind(GeoPackageGeometry.encode(geometry, srsID: srsID), at: 1)
                geometryTypes.insert(geometry.typeName.uppercased())
            } else {
                insert.bind(nil, at: 1)
            }
            for (key, value) in feature.properties.members {
                guard let at = columnIndex[key] else { continue }
                if columns[at].type == "TEXT", value.stringValue == nil, value != .null {
                    insert.bind(.string(GeoPackageWriter.text(value)), at: at + 2)
                } else {
                    insert.bind(value, at: at + 2)
                }
            }
            _ = try insert.step()
            insert.reset()
            if let box = feature.geometry?.boundingBox {
                index.append(id: db.lastRowID, box: box)
                extent =
                    extent.map {
                        BoundingBox(
                            west: min($0.west, box.west), south: min($0.south, box.south),
                            east: max($0.east, box.east), north: max($0.north, box.north))
                    } ?? box
            }
        }

        /// Registers the layer in the metadata tables and writes its spatial index.
        func finish() throws(DiagnosticError) {
            insert = nil
            let literal = "'" + name.replacingAll("'", with: "''") + "'"
            let rtree = SQLiteDatabase.quoted("rtree_\(name)_geom")
            let geometryType = geometryTypes.count == 1 ? geometryTypes.first! : "GEOMETRY"
            // The extent is bound, not written into the SQL: its numbers may be any double.
            let contents = try db.prepare(
                """
                INSERT INTO gpkg_contents (table_name, data_type, identifier, min_x, min_y, max_x, max_y, srs_id)
                  VALUES (?, 'features', ?, ?, ?, ?, ?, \(srsID))
                """)
            contents.bind(.string(name), at: 1)
            contents.bind(.string(name), at: 2)
            for (offset, value) in [extent?.west, extent?.south, extent?.east, extent?.north].enumerated() {
                contents.bind(value.map(JSONValue.double), at: 3 + offset)
            }
            _ = try contents.step()
            try db.execute(
                """
                INSERT INTO gpkg_geometry_columns VALUES (\(literal), 'geom', '\(geometryType)', \(srsID), 0, 0);
                INSERT INTO gpkg_extensions VALUES (\(literal), 'geom', 'gpkg_rtree_index',
                  'http://www.geopackage.org/spec120/#extension_rtree', 'write-only');
                CREATE VIRTUAL TABLE \(rtree) USING rtree(id, minx, maxx, miny, maxy);
                """)
            // The index is packed last, all at once (see RTreePacker).
            try index.write(into: "rtree_\(name)_geom", of: db)
            try db.execute(GeoPackageWriter.rtreeTriggers(table: name))
        }
    }
}

extension GeoPackageWriter {
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

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .bool(let b): b ? "true" : "false"
        case .integer(let n): String(n)
        case .double(let d): "\(d)"
        default: value.compactJSONText
        }
    }
}
