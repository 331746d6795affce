import MeridianCore

/// Reads the feature layers of an OGC GeoPackage (1.0 to 1.3) through
/// SQLite: `gpkg_contents` lists the layers, `gpkg_geometry_columns`
/// names each one's geometry column, every other column becomes a
/// property (INTEGER an integer, REAL a double, TEXT a string, a BLOB its
/// size), the primary key the feature's id.
///
/// ```swift
/// let reader = try GeoPackageReader(path: "parcels.gpkg")
/// reader.layers                 // ["parcels", "roads"]
/// while let feature = try reader.next() { ... }   // layer after layer
/// ```
///
/// Positions are read as stored, in each layer's system
/// (``coordinateSystem(ofLayer:)``: nil for WGS 84 longitude/latitude,
/// which srs 4326, an SRS whose organisation says EPSG 4326, and the
/// undefined geographic SRSs 0 and -1 are); ``FeatureSource`` carries them
/// to WGS 84. A geometry whose blob names another SRS than its column's
/// is read as null (`gpkg.geometry.srs`). A geometry blob that cannot be read
/// gives the feature a null geometry and a `gpkg.geometry.corrupt`
/// warning; an envelope that does not contain its geometry, a
/// `gpkg.envelope.mismatch` warning. Table and column names are quoted,
/// never pasted into SQL. Rows stream one at a time.
public final class GeoPackageReader {
    public struct Layer: Sendable, Hashable {
        public var table: String
        public var geometryColumn: String?
        public var srsID: Int32?
    }

    /// The name diagnostics give the file (its path, or `<stdin>`).
    public let path: String
    public let layers: [Layer]
    /// Warnings so far (corrupt geometries, envelopes).
    public var diagnostics: [Diagnostic] { found.diagnostics }
    /// The layer of the feature ``next()`` returned last.
    public private(set) var currentLayer: String?

    private let database: SQLiteDatabase
    private var found = DiagnosticCollector(maximumPerCode: 1_000)
    private var layerIndex = 0
    private var statement: SQLiteDatabase.Statement?
    private var keyColumn: Int?
    private var geometryColumn: Int?
    /// The current layer's column names, read once per layer.
    private var columnNames: [String] = []
    /// The layers that are views (read only when asked for).
    private var viewNames: Set<String> = []
    /// Rows read from the current layer, and the most a table of this file
    /// can hold (a row takes at least 4 bytes of a page): a scan past it is
    /// going round a loop in a damaged file's pages.
    private var rowsRead = 0
    private var rowLimit = Int.max
    /// SRS ids looked up so far: nil for WGS 84, else the system.
    private var systems: [Int32: SpatialReference?] = [:]

    /// A spatial reference system of `gpkg_spatial_ref_sys`: its name for
    /// messages, and its definition as PROJ reads one.
    struct SpatialReference: Hashable {
        var name: String
        var definition: String
    }

    /// Opens the GeoPackage at `path`; diagnostics name it `displayName`
    /// (standard input's file is opened as `/dev/fd/0` and named `<stdin>`).
    ///
    /// A GeoPackage is SQLite, and SQLite runs the file's own SQL: the
    /// metadata must be tables, a layer that is a view (computed by the
    /// file's SQL) is read only with `readsViews` (otherwise left out with
    /// a `gpkg.layer.view` warning, or refused when `layer` names it), and
    /// every query runs within a step budget and a value length
    /// (`gpkg.query.budget`, `gpkg.value.too-large`).
    public init(path: String, displayName: String? = nil, layer: String? = nil, readsViews: Bool = false)
        throws(DiagnosticError)
    {
        let name = displayName ?? path
        self.path = name
        let database = try SQLiteDatabase(file: path, path: name, readOnly: true)
        self.database = database
        func kind(of object: String) throws(DiagnosticError) -> String? {
            let query = try database.prepare("SELECT type FROM sqlite_master WHERE name = ?")
            query.bind(.string(object), at: 1)
            return try query.step() ? query.text(0) : nil
        }
        for metadata in ["gpkg_contents", "gpkg_geometry_columns", "gpkg_spatial_ref_sys"] {
            let type = try kind(of: metadata)
            guard type == "table" || (type == nil && metadata != "gpkg_contents") else {
                throw DiagnosticError(
                    code: "gpkg.not-geopackage",
                    message: type == nil
                        ? "\(name) is an SQLite database without gpkg_contents: not a GeoPackage"
                        : "\(name) has a \(metadata) that is a \(type!), not a table: not a GeoPackage",
                    location: SourceLocation(file: name))
            }
        }
        var found: [Layer] = []
        var views: [String] = []
        let contents = try database.prepare(
            """
            SELECT c.table_name, g.column_name, g.srs_id, m.type FROM gpkg_contents c
            LEFT JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
            LEFT JOIN sqlite_master m ON m.name = c.table_name
            WHERE c.data_type IN ('features', 'attributes') ORDER BY c.rowid
            """)
        while try contents.step() {
            guard let table = contents.text(0) else { continue }
            if contents.text(3) == "view" {
                guard readsViews else {
                    views.append(table)
                    continue
                }
                viewNames.insert(table)
            }
            found.append(
                Layer(
                    table: table, geometryColumn: contents.text(1),
                    srsID: contents.type(2) == 5 ? nil : Int32(truncatingIfNeeded: contents.int(2))))
        }
        if let layer {
            guard let match = found.first(where: { $0.table == layer }) else {
                throw DiagnosticError(
                    code: views.contains(layer) ? "gpkg.layer.view" : "gpkg.layer.unknown",
                    message: views.contains(layer)
                        ? "layer \"\(layer)\" of \(name) is a view, computed by the file's own SQL: it is read only when views are asked for"
                        : "\(name) has no layer \"\(layer)\"; its layers are \(found.map(\.table).joined(separator: ", "))",
                    location: SourceLocation(file: name))
            }
            found = [match]
            views = []
        }
        layers = found
        for view in views {
            self.found.append(
                Diagnostic(
                    severity: .warning, code: "gpkg.layer.view",
                    message:
                        "layer \"\(view)\" is a view, computed by the file's own SQL: it was not read (views are read only when asked for)",
                    location: SourceLocation(file: name)))
        }
        for layer in layers { if let srs = layer.srsID { _ = try system(srs) } }
        let size = try database.prepare("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size")
        if try size.step() { rowLimit = Int(size.int(0)) / 4 + 1 }
    }

    /// The system of a layer (by table name), as PROJ reads it: nil for
    /// WGS 84 longitude/latitude and for a table without geometry.
    public func coordinateSystem(ofLayer table: String?) -> String? {
        guard let srs = layers.first(where: { $0.table == table })?.srsID else { return nil }
        return (systems[srs] ?? nil)?.definition
    }

    /// Nil when `srs` is WGS 84 longitude/latitude (4326, an SRS whose
    /// organisation says EPSG 4326, or the undefined geographic 0 and -1);
    /// else the system as the file defines it: `EPSG:n` for an EPSG code,
    /// else its WKT, else the organisation's code. Each id is looked up
    /// once; an id the file does not define is refused
    /// (`gpkg.srs.undefined`).
    private func system(_ srs: Int32) throws(DiagnosticError) -> SpatialReference? {
        if let known = systems[srs] { return known }
        var system: SpatialReference?
        if srs != 4326, srs != 0, srs != -1 {
            let query = try database.prepare(
                """
                SELECT srs_name, organization, organization_coordsys_id, definition
                FROM gpkg_spatial_ref_sys WHERE srs_id = ?
                """)
            query.bind(Int64(srs), at: 1)
            guard try query.step() else {
                throw DiagnosticError(
                    code: "gpkg.srs.undefined",
                    message: "srs_id \(srs) is used by \(path) but not defined in its gpkg_spatial_ref_sys",
                    location: SourceLocation(file: path))
            }
            let organization = query.text(1) ?? ""
            let code = query.int(2)
            let definition = query.text(3) ?? ""
            let name = "\(query.text(0) ?? "unnamed") (\(organization) \(code), srs_id \(srs))"
            if organization.uppercased() == "EPSG", code > 0 {
                system = code == 4326 ? nil : SpatialReference(name: name, definition: "EPSG:\(code)")
            } else if !definition.isEmpty, definition.lowercased() != "undefined" {
                system = SpatialReference(name: name, definition: definition)
            } else {
                system = SpatialReference(name: name, definition: "\(organization):\(code)")
            }
        }
        systems[srs] = .some(system)
        return system
    }

    /// The next feature, layer after layer; nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        while layerIndex < layers.count {
            let layer = layers[layerIndex]
            if statement == nil {
                try open(layer)
                rowsRead = 0
            }
            guard let statement else { continue }
            let more: Bool
            do throws(DiagnosticError) {
                more = try statement.step()
            } catch {
                // A failed statement would start again from its first row: the layer ends here.
                self.statement = nil
                layerIndex += 1
                throw error
            }
            guard more else {
                self.statement = nil
                layerIndex += 1
                continue
            }
            rowsRead += 1
            if rowsRead > rowLimit, !viewNames.contains(layer.table) {
                self.statement = nil
                layerIndex += 1
                throw DiagnosticError(
                    code: "gpkg.sqlite",
                    message:
                        "layer \(layer.table) yields more rows than a file of its size can hold: its pages are damaged (they loop)",
                    location: SourceLocation(file: path))
            }
            currentLayer = layer.table
            return feature(from: statement, layer: layer)
        }
        return nil
    }

    /// Every remaining feature.
    public func readAll() throws(DiagnosticError) -> [Feature] {
        var features: [Feature] = []
        while let feature = try next() { features.append(feature) }
        return features
    }

    private func open(_ layer: Layer) throws(DiagnosticError) {
        let table = SQLiteDatabase.quoted(layer.table)
        let info = try database.prepare("SELECT name, pk FROM pragma_table_info(?)")
        info.bind(.string(layer.table), at: 1)
        var key: String?
        while try info.step() {
            if info.int(1) == 1 { key = info.text(0) }
        }
        let next = try database.prepare("SELECT * FROM \(table)")
        keyColumn = nil
        geometryColumn = nil
        columnNames = (0..<next.columnCount).map(next.name)
        for (column, name) in columnNames.enumerated() {
            if name == key { keyColumn = column }
            if name == layer.geometryColumn { geometryColumn = column }
        }
        statement = next
    }

    private func feature(from row: SQLiteDatabase.Statement, layer: Layer) -> Feature {
        var feature = Feature()
        for column in columnNames.indices {
            if column == keyColumn {
                // The primary key as it is stored: a number, or text (a
                // TEXT key is no rowid).
                switch row.type(column) {
                case 1: feature.id = .integer(row.int(column))
                case 3: feature.id = row.text(column).map(FeatureIdentifier.string)
                default: break
                }
                continue
            }
            if column == geometryColumn {
                if row.type(column) == 4 { feature.geometry = geometry(row.blob(column), layer: layer, id: feature.id) }
                continue
            }
            let value: JSONValue =
                switch row.type(column) {
                case 1: .integer(row.int(column))
                case 2: .double(row.double(column))
                case 3: row.text(column).map(JSONValue.string) ?? .null
                case 4: .string("(\(row.blob(column).count)-byte blob)")
                default: .null
                }
            feature.properties.appendUnchecked(key: columnNames[column], value: value)
        }
        return feature
    }

    /// Whether a layer's positions are WGS 84 longitude and latitude.
    private func isGeographic(_ layer: Layer) -> Bool {
        guard let srs = layer.srsID else { return true }
        return (systems[srs] ?? nil) == nil
    }

    /// The first position of a geometry in a projected system that is
    /// infinite or not a number.
    private static func firstPositionNotFinite(_ geometry: Geometry) -> Coordinate? {
        var found: Coordinate?
        geometry.forEachCoordinate { position in
            if found == nil,
                !position.longitude.isFinite || !position.latitude.isFinite
                    || !(position.altitude?.isFinite ?? true)
            {
                found = position
            }
        }
        return found
    }

    /// The name of a blob's SRS when it is not its layer's, nil when it is.
    private func foreignSRS(_ srs: Int32, layer: Layer) -> String? {
        guard srs != layer.srsID else { return nil }
        let layerSystem = layer.srsID.flatMap { try? system($0) } ?? nil
        do {
            let blobSystem = try system(srs)
            return blobSystem?.definition == layerSystem?.definition
                ? nil : blobSystem?.name ?? "WGS 84 longitude/latitude (srs_id \(srs))"
        } catch {
            return "srs_id \(srs), which the file does not define"
        }
    }

    private func geometry(_ blob: [UInt8], layer: Layer, id: FeatureIdentifier?) -> Geometry? {
        let location = SourceLocation(file: path, featureID: "\(layer.table):\(id?.description ?? "?")")
        switch GeoPackageGeometry.decode(blob) {
        case .failure(let failure):
            found.append(
                Diagnostic(
                    severity: .warning, code: "gpkg.geometry.corrupt",
                    message:
                        "the geometry of \(layer.table) row \(id?.description ?? "?") cannot be read (\(failure.reason)): it is read as null",
                    location: location))
            return nil
        case .success(let decoded):
            // A blob names its own SRS, which should be its column's: one in
            // another is not read in the column's system.
            if decoded.geometry != nil, let other = foreignSRS(decoded.srsID, layer: layer) {
                found.append(
                    Diagnostic(
                        severity: .warning, code: "gpkg.geometry.srs",
                        message:
                            "the geometry of \(layer.table) row \(id?.description ?? "?") is in \(other), not its column's system: it is read as null",
                        location: location))
                return nil
            }
            // A position off the globe (in longitude and latitude), infinite
            // or NaN is no place, and no valid GeoJSON.
            if let off = isGeographic(layer)
                ? decoded.geometry?.firstPositionOffTheGlobe : decoded.geometry.flatMap(Self.firstPositionNotFinite)
            {
                found.append(
                    Diagnostic(
                        severity: .warning, code: "gpkg.geometry.out-of-range",
                        message:
                            "the geometry of \(layer.table) row \(id?.description ?? "?") lies off the globe (a position at longitude \(off.longitude), latitude \(off.latitude)\(off.altitude.map { ", altitude \($0)" } ?? "")): it is read as null",
                        location: location))
                return nil
            }
            if let (minX, maxX, minY, maxY) = decoded.envelope, let box = decoded.geometry?.boundingBox {
                let slack = 1e-9 * max(1, abs(minX), abs(maxX), abs(minY), abs(maxY))
                if box.west < minX - slack || box.east > maxX + slack || box.south < minY - slack
                    || box.north > maxY + slack
                {
                    found.append(
                        Diagnostic(
                            severity: .warning, code: "gpkg.envelope.mismatch",
                            message:
                                "the envelope in the geometry header of \(layer.table) row \(id?.description ?? "?") does not contain the geometry: spatial queries will miss it",
                            location: location))
                }
            }
            return decoded.geometry
        }
    }
}
