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
        try SQLiteDatabase(path: path, readOnly: false).execute(sql)
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
