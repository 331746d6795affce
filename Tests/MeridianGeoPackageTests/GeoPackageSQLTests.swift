import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianGeoPackage

/// A GeoPackage is SQLite, and SQLite runs the file's own SQL: a layer may
/// be a view computing endless rows, a value of 900 MB, or one row that
/// never comes. Each file here is a real GeoPackage with one real layer,
/// then changed by SQL as a hostile author would.
@Suite struct GeoPackageSQLTests {
    func geoPackage(in folder: URL, _ sql: String) throws -> String {
        let path = folder.appendingPathComponent("hostile.gpkg").path
        var point = Feature()
        point.geometry = .point(Coordinate(latitude: 52.2, longitude: 0.12))
        try GeoPackageWriter(layer: "places").write([point], toFile: path)
        try SQLiteDatabase(file: path, readOnly: false).execute(sql)
        return path
    }

    static func layer(_ name: String) -> String {
        "INSERT INTO gpkg_contents (table_name, data_type, identifier) VALUES ('\(name)', 'features', '\(name)');"
    }

    static let endless =
        "CREATE VIEW endless AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS fid FROM n;"
        + layer("endless")

    @Test func aViewIsLeftOutWithAWarningUnlessAskedFor() throws {
        try withTemporaryFolder { folder in
            let path = try geoPackage(in: folder, Self.endless)
            let reader = try GeoPackageReader(path: path)
            #expect(reader.layers.map(\.table) == ["places"])
            #expect(try reader.readAll().count == 1)
            #expect(reader.diagnostics.map(\.code) == ["gpkg.layer.view"])
            let named = Result { () throws(DiagnosticError) in try GeoPackageReader(path: path, layer: "endless") }
            #expect(named.error?.diagnostic.code == "gpkg.layer.view")
            // Asked for, its rows are read like a table's.
            let views = try GeoPackageReader(path: path, layer: "endless", readsViews: true)
            #expect(try views.next()?.properties["fid"] == .integer(1))
        }
    }

    @Test func aViewComputingWithoutEndIsStoppedByTheStepBudget() throws {
        try withTemporaryFolder { folder in
            let path = try geoPackage(
                in: folder,
                "CREATE VIEW slow AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                    + "SELECT 1 AS fid, (SELECT count(*) FROM n) AS c;" + Self.layer("slow"))
            let reader = try GeoPackageReader(path: path, layer: "slow", readsViews: true)
            #expect(
                Result { () throws(DiagnosticError) in try reader.next() }.error?.diagnostic.code == "gpkg.query.budget"
            )
        }
    }

    @Test func aValuePastTheLengthLimitIsRefused() throws {
        try withTemporaryFolder { folder in
            let path = try geoPackage(
                in: folder, "CREATE VIEW big AS SELECT 1 AS fid, zeroblob(900000000) AS b;" + Self.layer("big"))
            let reader = try GeoPackageReader(path: path, layer: "big", readsViews: true)
            #expect(
                Result { () throws(DiagnosticError) in try reader.next() }.error?.diagnostic.code
                    == "gpkg.value.too-large")
        }
    }

    /// What the file holds is what is read: a TEXT primary key is the
    /// feature's id (it was read as 0), and text with a NUL inside is kept
    /// whole (it was cut at the NUL).
    @Test func textKeysAndTextWithANulAreReadAsStored() throws {
        try withTemporaryFolder { folder in
            let path = try geoPackage(
                in: folder,
                "CREATE TABLE named (code TEXT PRIMARY KEY, note TEXT); "
                    + "INSERT INTO named VALUES ('CB2', 'before' || char(0) || 'after');" + Self.layer("named"))
            let reader = try GeoPackageReader(path: path, layer: "named")
            let feature = try #require(try reader.next())
            #expect(feature.id == .string("CB2"))
            #expect(feature.properties["note"] == .string("before\u{0}after"))
        }
    }

    /// Positions off the globe (latitude 200 or 1e308) passed as they were:
    /// such a geometry is read as null with a located warning.
    @Test func geometryOffTheGlobeIsReadAsNullWithAWarning() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("off.gpkg").path
            var features: [Feature] = []
            for (latitude, longitude) in [(52.2, 0.12), (200, 0), (1e308, 0), (0, 181)] {
                var feature = Feature()
                feature.geometry = .point(Coordinate(latitude: latitude, longitude: longitude))
                features.append(feature)
            }
            try GeoPackageWriter(layer: "points").write(features, toFile: path)
            let reader = try GeoPackageReader(path: path)
            let read = try reader.readAll()
            #expect(read.count == 4)
            #expect(read.map { $0.geometry != nil } == [true, false, false, false])
            #expect(reader.diagnostics.map(\.code) == Array(repeating: "gpkg.geometry.out-of-range", count: 3))
        }
    }

    /// Infinite positions are off the globe too; writing them
    /// (a library user's features) binds the layer's extent rather than
    /// pasting `inf` into SQL ("no such column: inf").
    @Test func infiniteCoordinatesAreWrittenAndReadAsNull() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("inf.gpkg").path
            var features: [Feature] = []
            for coordinate in [
                Coordinate(latitude: 0, longitude: .infinity), Coordinate(latitude: -.infinity, longitude: 1),
            ] {
                var feature = Feature()
                feature.geometry = .lineString([Coordinate(latitude: 0, longitude: 0), coordinate])
                features.append(feature)
            }
            try GeoPackageWriter(layer: "lines").write(features, toFile: path)
            let reader = try GeoPackageReader(path: path)
            #expect(try reader.readAll().map(\.geometry) == [nil, nil])
            #expect(reader.diagnostics.map(\.code) == ["gpkg.geometry.out-of-range", "gpkg.geometry.out-of-range"])
        }
    }

    /// A blob names its own SRS: one that is not WGS 84 in a WGS 84 column
    /// is not read as longitude and latitude.
    @Test func aBlobInAnotherSRSIsReadAsNull() throws {
        try withTemporaryFolder { folder in
            // Byte 4 of the header starts the blob's SRS id (little-endian here): 27700, the British National Grid.
            let path = try geoPackage(
                in: folder,
                "DROP TRIGGER rtree_places_geom_insert;"
                    + "INSERT INTO gpkg_spatial_ref_sys VALUES ('OSGB36', 27700, 'EPSG', 27700, 'PROJCS[]', NULL);"
                    + "INSERT INTO places (geom) SELECT CAST(substr(geom, 1, 4) || x'346C0000' || substr(geom, 9) AS BLOB) FROM places;"
                    + "INSERT INTO places (geom) SELECT CAST(substr(geom, 1, 4) || x'00000000' || substr(geom, 9) AS BLOB) FROM places WHERE fid = 1;"
            )
            let reader = try GeoPackageReader(path: path)
            #expect(try reader.readAll().map { $0.geometry != nil } == [true, false, true])
            #expect(reader.diagnostics.map(\.code) == ["gpkg.geometry.srs"])
            #expect(reader.diagnostics.first?.message.contains("OSGB36 (EPSG 27700") == true)
        }
    }

    /// A MultiPoint holding a LineString is a corrupt blob, not a MultiPoint
    /// with a part silently gone.
    @Test func aMultiGeometryWithMembersOfAnotherTypeIsCorrupt() {
        for (type, member) in [(4, Geometry.lineString([.init(latitude: 0, longitude: 0), .init(latitude: 1, longitude: 1)])), (6, .point(.init(latitude: 0, longitude: 0)))] {
            var blob = GeoPackageGeometry.encode(.geometryCollection([.point(.init(latitude: 2, longitude: 2)), member]))
            // The collection's WKB type (after the 8-byte header, the
            // 32-byte envelope and the byte-order byte) becomes a MultiPoint or MultiPolygon.
            blob[41] = UInt8(type)
            guard case .failure(let failure) = GeoPackageGeometry.decode(blob) else {
                Issue.record("read as a geometry")
                continue
            }
            #expect(failure.reason.contains(" holds a "))
        }
    }

    @Test func metadataThatIsAViewIsNoGeoPackage() throws {
        try withTemporaryFolder { folder in
            let path = try geoPackage(
                in: folder,
                "ALTER TABLE gpkg_contents RENAME TO contents; CREATE VIEW gpkg_contents AS SELECT * FROM contents;")
            let opened = Result { () throws(DiagnosticError) in try GeoPackageReader(path: path) }
            #expect(opened.error?.diagnostic.code == "gpkg.not-geopackage")
        }
    }
}

extension Result {
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
