import Foundation
import MeridianTestSupport
import Testing

/// PostGIS through the front door, against a real PostgreSQL with PostGIS
/// (a throwaway cluster, ``PostgresCluster``): what we load, PostGIS reads
/// back as valid geometries with their SRID, as ogr2ogr loads them; we
/// read back what we and ogr2ogr load; `validate` reports rows by primary
/// key; a table is created, replaced or appended to; a load that fails
/// leaves the database as it was; a password is never echoed.
@Suite(.requiresFixtures, .enabled(if: PostgresCluster.isInstalled, Comment(rawValue: PostgresCluster.missing)))
struct PostGISCommandTests {
    static let layers = ["ne_110m_admin_0_countries", "ne_50m_populated_places", "ne_10m_rivers_europe"]

    @Test(arguments: layers)
    func roundTrip(layer: String) throws {
        let cluster = try PostgresCluster.started()
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/\(layer).json").path
            let table = "round_\(layer)"
            let loaded = try CLI.run(["convert", source, "-o", cluster.url("table=\(table)&mode=replace")])
            #expect(loaded.status == 0, "\(loaded.stderr)")
            let counts = try cluster.psql(
                "SELECT count(*), count(*) FILTER (WHERE ST_SRID(geom) = 4326), count(*) FILTER (WHERE ST_IsValid(geom)) FROM \(table)"
            )
            let features = try ShapefileCommandTests.features(source)
            #expect(counts.hasPrefix("\(features.count)|\(features.count)|"), "\(counts)")
            // PostGIS's own GeoJSON of each row (in the order loaded) is the
            // source's geometry.
            let theirs = try cluster.psql("SELECT ST_AsGeoJSON(geom, 15) FROM \(table) ORDER BY fid")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? nil : try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(theirs.count == features.count)
            for (index, (loaded, feature)) in zip(theirs, features).enumerated() {
                let source = feature["geometry"] as? [String: Any]
                let (a, b) = (ShapefileCommandTests.positions(loaded), ShapefileCommandTests.positions(source))
                let apart = zip(a, b).map { max(abs($0[0] - $1[0]), abs($0[1] - $1[1])) }.max() ?? 0
                #expect(
                    loaded?["type"] as? String == source?["type"] as? String && a.count == b.count && apart < 1e-12,
                    "row \(index + 1)")
            }
            let back = folder.appendingPathComponent("back.geojson").path
            let read = try CLI.run(["convert", cluster.url("table=\(table)"), "-o", back])
            #expect(read.status == 0, "\(read.stderr)")
            try FlatGeobufCommandTests.expectSameFeatures(back, source)
        }
    }

    /// ogr2ogr's load of the same file gives the same geometries and
    /// names, and we read its table back to the source's features.
    @Test(.requires(tool: "ogr2ogr"))
    func agreesWithOgr2ogr() throws {
        let cluster = try PostgresCluster.started()
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/ne_110m_admin_0_countries.json").path
            let loaded = try CLI.run(["convert", source, "-o", cluster.url("table=ours&mode=replace")])
            #expect(loaded.status == 0, "\(loaded.stderr)")
            let ogr = try Tool.run(
                "ogr2ogr",
                [
                    "-f", "PostgreSQL",
                    "PG:host=127.0.0.1 port=\(cluster.port) dbname=gis user=meridian password='\(cluster.password)'",
                    source, "-nln", "theirs", "-overwrite", "-lco", "GEOMETRY_NAME=geom", "-lco", "LAUNDER=NO",
                    "-nlt", "PROMOTE_TO_MULTI",
                ])
            #expect(ogr.status == 0, "\(ogr.output)")
            let differences = try cluster.psql(
                """
                SELECT count(*) FROM ((SELECT "NAME", ST_AsText(ST_Multi(geom)) FROM ours \
                EXCEPT SELECT "NAME", ST_AsText(geom) FROM theirs) UNION ALL \
                (SELECT "NAME", ST_AsText(geom) FROM theirs \
                EXCEPT SELECT "NAME", ST_AsText(ST_Multi(geom)) FROM ours)) AS d
                """)
            #expect(differences == "0")
            let back = folder.appendingPathComponent("theirs.geojson").path
            let read = try CLI.run(["convert", cluster.url("table=theirs"), "-o", back])
            #expect(read.status == 0, "\(read.stderr)")
            let ours = folder.appendingPathComponent("ours.geojson").path
            _ = try CLI.run(["convert", cluster.url("table=ours"), "-o", ours])
            #expect(try ShapefileCommandTests.features(back).count == ShapefileCommandTests.features(source).count)
        }
    }

    @Test func validateReportsRowsByPrimaryKey() throws {
        let cluster = try PostgresCluster.started()
        try cluster.psql(
            """
            DROP TABLE IF EXISTS parcels; \
            CREATE TABLE parcels (parcel_id int PRIMARY KEY, owner text, area numeric(10,2), surveyed date, \
            tags text[], geom geometry(Polygon, 27700)); \
            INSERT INTO parcels VALUES \
            (17, 'Ann', 12.50, '2024-03-01', '{a,b}', 'SRID=27700;POLYGON((530000 180000,530100 180000,530100 180100,530000 180100,530000 180000))'), \
            (42, 'Bob', NULL, NULL, NULL, 'SRID=27700;POLYGON((530000 180000,530100 180100,530100 180000,530000 180100,530000 180000))')
            """)
        let result = try CLI.run(["validate", cluster.url("table=parcels"), "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let diagnostics = (report?["files"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]] ?? []
        let found = diagnostics.first { $0["code"] as? String == "geometry.self-intersection" }
        #expect(found?["featureId"] as? String == "42" && found?["record"] as? Int == 2, "\(result.stdout)")
        #expect(!result.stdout.contains(cluster.password) && !result.stderr.contains(cluster.password))
        // Read back in WGS 84, with numerics, dates and arrays as JSON.
        let read = try CLI.run(["convert", cluster.url("table=parcels"), "-o", "-"])
        let features = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any]
        let first = (features?["features"] as? [[String: Any]])?.first
        #expect(first?["id"] as? Int == 17)
        let properties = first?["properties"] as? [String: Any]
        #expect(properties?["area"] as? Double == 12.5 && properties?["surveyed"] as? String == "2024-03-01")
        #expect(properties?["tags"] as? [String] == ["a", "b"])
        // A table of a key and a geometry only.
        try cluster.psql(
            "DROP TABLE IF EXISTS bare; CREATE TABLE bare (id int PRIMARY KEY, geom geometry(Point, 4326)); INSERT INTO bare VALUES (7, 'SRID=4326;POINT(1 2)')"
        )
        let bare = try CLI.run(["convert", cluster.url("table=bare"), "-o", "-", "--to", "ndjson"])
        #expect(bare.status == 0 && bare.stdout.contains(#""id":7"#), "\(bare.stderr)")
        let ring = ((first?["geometry"] as? [String: Any])?["coordinates"] as? [[[Double]]])?.first?.first ?? []
        #expect(abs((ring.first ?? 0) + 0.12835) < 1e-4 && abs((ring.last ?? 0) - 51.50399) < 1e-4, "\(ring)")
    }

    @Test func tablesAreCreatedReplacedAndAppendedTo() throws {
        let cluster = try PostgresCluster.started()
        let source = Samples.path("cambridge-landmarks.geojson")
        try cluster.psql("DROP TABLE IF EXISTS modes")
        #expect(try CLI.run(["convert", source, "-o", cluster.url("table=modes")]).status == 0)
        let again = try CLI.run(["convert", source, "-o", cluster.url("table=modes")])
        #expect(again.status != 0 && again.stderr.contains("postgis.table.exists"), "\(again.stderr)")
        #expect(try CLI.run(["convert", source, "-o", cluster.url("table=modes&mode=replace")]).status == 0)
        #expect(try cluster.psql("SELECT count(*) FROM modes") == "6")
        // The ids are the key, so appending the same features again fails
        // as a whole; appended to a table keyed otherwise, they add up.
        let clash = try CLI.run(["convert", source, "-o", cluster.url("table=modes&mode=append")])
        #expect(clash.status != 0 && clash.stderr.contains("postgis.load"), "\(clash.stderr)")
        #expect(try cluster.psql("SELECT count(*) FROM modes") == "6")
        try cluster.psql("ALTER TABLE modes DROP CONSTRAINT modes_pkey")
        #expect(try CLI.run(["convert", source, "-o", cluster.url("table=modes&mode=append")]).status == 0)
        #expect(try cluster.psql("SELECT count(*) FROM modes") == "12")
        // Appended to a table made elsewhere: its geometry column, its types.
        try cluster.psql(
            "DROP TABLE IF EXISTS other; CREATE TABLE other (id text, name text, kind text, opened int, shape geometry(Geometry, 4326))"
        )
        let appended = try CLI.run(["convert", source, "-o", cluster.url("table=other&mode=append")])
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(try cluster.psql("SELECT count(shape), sum(opened) FROM other") == "6|5126")
        let columns = try cluster.psql(
            "SELECT string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position) FROM information_schema.columns WHERE table_name = 'modes'"
        )
        #expect(columns == "id text, name text, kind text, opened bigint, geom USER-DEFINED", "\(columns)")
        #expect(
            try cluster.psql("SELECT count(*) FROM pg_indexes WHERE tablename = 'modes' AND indexdef LIKE '%gist%'")
                == "1")
    }

    /// A load that fails half-way (a value the table's column cannot hold)
    /// leaves nothing; a missing table and a bad password are clear errors
    /// that never show the password.
    @Test func failuresLeaveNothingAndShowNoPassword() throws {
        let cluster = try PostgresCluster.started()
        let source = Samples.path("cambridge-landmarks.geojson")
        try cluster.psql("DROP TABLE IF EXISTS strict; CREATE TABLE strict (name text, kind integer, geom geometry)")
        let failed = try CLI.run(["convert", source, "-o", cluster.url("table=strict&mode=append")])
        #expect(failed.status != 0 && failed.stderr.contains("postgis.load"), "\(failed.stderr)")
        #expect(try cluster.psql("SELECT count(*) FROM strict") == "0")
        let missing = try CLI.run(["info", cluster.url("table=nowhere")])
        #expect(missing.status != 0 && missing.stderr.contains("no table nowhere"), "\(missing.stderr)")
        let wrong = "postgresql://meridian:not-the-password@127.0.0.1:\(cluster.port)/gis?table=strict"
        let refused = try CLI.run(["convert", wrong, "-o", "-"])
        #expect(refused.status != 0 && refused.stderr.contains("postgis.connect"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("not-the-password"), "\(refused.stderr)")
        // A database without the extension: said so, before any reading.
        try cluster.psql("DROP DATABASE IF EXISTS plain", database: "postgres")
        try cluster.psql("CREATE DATABASE plain", database: "postgres")
        let plain = cluster.url("table=x").replacingOccurrences(of: "/gis?", with: "/plain?")
        let noExtension = try CLI.run(["convert", source, "-o", plain])
        #expect(
            noExtension.status != 0 && noExtension.stderr.contains("CREATE EXTENSION postgis"), "\(noExtension.stderr)")
        for result in [failed, missing, noExtension] {
            #expect(!(result.stdout + result.stderr).contains("test password"))
        }
    }

    @Test func passwordsComeFromTheEnvironmentOrPgpass() throws {
        let cluster = try PostgresCluster.started()
        let url = cluster.url("table=env", password: false)
        try cluster.psql("DROP TABLE IF EXISTS env")
        let source = Samples.path("cambridge-landmarks.geojson")
        let viaEnvironment = try CLI.run(
            ["convert", source, "-o", url], environment: ["PGPASSWORD": cluster.password])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")
        try withTemporaryFolder { folder in
            let pgpass = folder.appendingPathComponent("pgpass")
            try Data("127.0.0.1:\(cluster.port):gis:meridian:\(cluster.password)\n".utf8).write(to: pgpass)
            chmod(pgpass.path, 0o600)
            let viaFile = try CLI.run(
                ["info", url, "--verbose"], environment: ["PGPASSFILE": pgpass.path, "PGPASSWORD": ""])
            #expect(viaFile.status == 0 && viaFile.stdout.contains("features    6"), "\(viaFile.stderr)")
            // A service names the server, the database, the user and the password.
            let services = folder.appendingPathComponent("services")
            try Data(
                "[maps]\nhost=127.0.0.1\nport=\(cluster.port)\ndbname=gis\nuser=meridian\npassword=\(cluster.password)\n"
                    .utf8
            ).write(to: services)
            let viaService = try CLI.run(
                ["info", "postgresql://?table=env"],
                environment: ["PGSERVICEFILE": services.path, "PGSERVICE": "maps", "PGPASSWORD": ""])
            #expect(viaService.status == 0 && viaService.stdout.contains("features    6"), "\(viaService.stderr)")
        }
    }

    /// `--t-srs` writes the column in that system, with its SRID; read
    /// back, the positions are the source's again.
    @Test func anotherSystemIsTheColumnsSRID() throws {
        let cluster = try PostgresCluster.started()
        try withTemporaryFolder { folder in
            let source = Samples.path("cambridge-landmarks.geojson")
            let loaded = try CLI.run(
                ["convert", source, "-o", cluster.url("table=british&mode=replace"), "--t-srs", "EPSG:27700"])
            #expect(loaded.status == 0, "\(loaded.stderr)")
            #expect(
                try cluster.psql(
                    "SELECT Find_SRID('public', 'british', 'geom'), count(DISTINCT ST_SRID(geom)) FROM british")
                    == "27700|1")
            let back = folder.appendingPathComponent("back.geojson").path
            let read = try CLI.run(["convert", cluster.url("table=british"), "-o", back])
            #expect(read.status == 0, "\(read.stderr)")
            // (A table has every column in every row: a property a feature
            // lacks comes back as null, so positions are compared, by id.)
            func positions(_ path: String) throws -> [String: [[Double]]] {
                Dictionary(
                    uniqueKeysWithValues: try ShapefileCommandTests.features(path).map {
                        ("\($0["id"] ?? "")", ShapefileCommandTests.positions($0["geometry"]))
                    })
            }
            let (a, b) = (try positions(back), try positions(source))
            #expect(a.keys.sorted() == b.keys.sorted() && a.count == 6)
            for (id, list) in b {
                let apart = zip(a[id] ?? [], list).map { max(abs($0[0] - $1[0]), abs($0[1] - $1[1])) }.max() ?? 1
                #expect(a[id]?.count == list.count && apart < 1e-7, "\(id): \(apart)")
            }
        }
    }

    @Test func queriesBoxesAndSelectedColumns() throws {
        let cluster = try PostgresCluster.started()
        let source = Fixtures.url("geojson/real/ne_50m_populated_places.json").path
        let loaded = try CLI.run(["convert", source, "-o", cluster.url("table=places&mode=replace")])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let query = "SELECT%20*%20FROM%20places%20WHERE%20%22ADM0NAME%22%20%3D%20%27France%27"
        let french = try CLI.run(["convert", cluster.url("query=\(query)"), "-o", "-", "--select", "NAME"])
        #expect(french.status == 0, "\(french.stderr)")
        let features = try JSONSerialization.jsonObject(with: Data(french.stdout.utf8)) as? [String: Any]
        let list = features?["features"] as? [[String: Any]] ?? []
        let expected = try cluster.psql("SELECT count(*) FROM places WHERE \"ADM0NAME\" = 'France'")
        #expect("\(list.count)" == expected && !list.isEmpty)
        #expect(list.allSatisfy { ($0["properties"] as? [String: Any])?.keys.sorted() == ["NAME"] })
        let boxed = try CLI.run(["convert", cluster.url("table=places"), "-o", "-", "--bbox", "-5,42,8,51"])
        let inBox = try cluster.psql(
            "SELECT count(*) FROM places WHERE ST_Intersects(geom, ST_MakeEnvelope(-5, 42, 8, 51, 4326))")
        let boxedFeatures = try JSONSerialization.jsonObject(with: Data(boxed.stdout.utf8)) as? [String: Any]
        #expect("\((boxedFeatures?["features"] as? [Any])?.count ?? -1)" == inBox)
    }
}
