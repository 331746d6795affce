import Foundation
import MeridianTestSupport
import Testing

/// `--s-srs`, `--t-srs` and the systems inputs declare, checked against
/// GDAL on the same PROJ: every axis case (latitude first, northing first,
/// south-oriented, feet), both directions, GeoJSON's `crs` member and
/// GeoPackage layers.
@Suite(.requires(tool: "ogr2ogr"))
struct CoordinateSystemCommandTests {
    /// A system and a place inside its area of use (longitude, latitude).
    struct Case {
        var system: String
        var longitude: Double
        var latitude: Double
        var isGeographic = false
    }

    static let cases = [
        Case(system: "EPSG:4326", longitude: 2.35, latitude: 48.85, isGeographic: true),  // latitude first
        Case(system: "OGC:CRS84", longitude: 2.35, latitude: 48.85, isGeographic: true),  // longitude first
        Case(system: "EPSG:4258", longitude: 10, latitude: 50, isGeographic: true),  // ETRS89, latitude first
        Case(system: "EPSG:27700", longitude: -1.5, latitude: 52.5),  // easting first, Helmert to WGS 84
        Case(system: "EPSG:3857", longitude: 139.7, latitude: 35.7),
        Case(system: "EPSG:2193", longitude: 174.8, latitude: -41.3),  // NZTM: northing first
        Case(system: "EPSG:31467", longitude: 9, latitude: 50),  // DHDN Gauss-Krüger: northing first, datum shift
        Case(system: "EPSG:2053", longitude: 29, latitude: -26),  // Lo29: westing, southing
        Case(system: "EPSG:3031", longitude: 120, latitude: -80),  // polar stereographic
        Case(system: "EPSG:2263", longitude: -73.98, latitude: 40.75),  // US survey feet
        Case(system: "EPSG:2154", longitude: 2.35, latitude: 46.5),  // Lambert 93
    ]

    /// A collection of a point, a line and a polygon around the place.
    static func collection(around place: Case) -> String {
        func position(_ dx: Double, _ dy: Double) -> String { "[\(place.longitude + dx),\(place.latitude + dy)]" }
        let ring = [
            position(-0.2, -0.1), position(0.2, -0.1), position(0.2, 0.1), position(-0.2, 0.1), position(-0.2, -0.1),
        ]
        return """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"p","properties":{"n":1},"geometry":{"type":"Point","coordinates":\(position(0, 0))}},
            {"type":"Feature","id":"l","properties":{"n":2},"geometry":{"type":"LineString","coordinates":[\(position(-0.3, 0.05)),\(position(0.31, -0.07))]}},
            {"type":"Feature","id":"a","properties":{"n":3},"geometry":{"type":"Polygon","coordinates":[[\(ring.joined(separator: ","))]]}}
            ]}
            """
    }

    /// Every position of a GeoJSON document, in order.
    static func positions(_ path: String) throws -> [[Double]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        var found: [[Double]] = []
        func walk(_ value: Any) {
            if let numbers = value as? [Double], numbers.count >= 2,
                (value as? [Any])?.allSatisfy({ $0 is NSNumber }) == true
            {
                found.append(numbers)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            } else if let object = value as? [String: Any] {
                for key in ["features", "geometry", "coordinates", "geometries"] {
                    if let member = object[key] { walk(member) }
                }
            }
        }
        walk(object)
        return found
    }

    static func largestDifference(_ a: [[Double]], _ b: [[Double]]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return zip(a, b).map { max(abs($0[0] - $1[0]), abs($0[1] - $1[1])) }.max()!
    }

    @Test func everyAxisCaseAgreesWithGDALBothWays() throws {
        try withTemporaryFolder { folder in
            for place in Self.cases {
                let name = place.system.replacingOccurrences(of: ":", with: "-")
                let input = folder.appendingPathComponent("\(name).geojson").path
                try Self.collection(around: place).write(toFile: input, atomically: true, encoding: .utf8)
                let original = try Self.positions(input)
                let tolerance = place.isGeographic ? 1e-9 : 1e-4  // degrees, or a tenth of a millimetre (foot)

                // WGS 84 to the system: ours and GDAL's, in the traditional GIS order.
                let ours = folder.appendingPathComponent("\(name)-ours.geojson").path
                let made = try CLI.run(["convert", input, "--t-srs", place.system, "-o", ours])
                #expect(made.status == 0, "\(place.system): \(made.stderr)")
                let gdal = folder.appendingPathComponent("\(name)-gdal.geojson").path
                let gdalMade = try Tool.run("ogr2ogr", ["-f", "GeoJSON", "-t_srs", place.system, gdal, input])
                #expect(gdalMade.status == 0, "\(gdalMade.output)")
                let forward = Self.largestDifference(try Self.positions(ours), try Self.positions(gdal))
                #expect(forward < tolerance, "\(place.system): to the system, \(forward) apart from GDAL")

                // Back, from the collection's crs member GDAL wrote, and from
                // a GeoPackage layer GDAL wrote in the system.
                let back = folder.appendingPathComponent("\(name)-back.geojson").path
                #expect(try CLI.run(["convert", gdal, "-o", back]).status == 0)
                let returned = Self.largestDifference(try Self.positions(back), original)
                #expect(returned < 1e-7, "\(place.system): back from GDAL's GeoJSON, \(returned) degrees off")
                let package = folder.appendingPathComponent("\(name).gpkg").path
                _ = try Tool.run("ogr2ogr", ["-f", "GPKG", "-t_srs", place.system, "-nln", "shapes", package, input])
                let fromPackage = folder.appendingPathComponent("\(name)-package.geojson").path
                let read = try CLI.run(["convert", package, "-o", fromPackage])
                #expect(read.status == 0, "\(place.system): \(read.stderr)")
                let gdalBack = folder.appendingPathComponent("\(name)-package-gdal.geojson").path
                _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", "-t_srs", "EPSG:4326", gdalBack, package])
                let packageDifference = Self.largestDifference(
                    try Self.positions(fromPackage), try Self.positions(gdalBack))
                #expect(
                    packageDifference < 1e-9, "\(place.system): GeoPackage layer read \(packageDifference) off GDAL")
            }
        }
    }

    /// Many features, reprojected on the decoding threads: the same bytes
    /// on one thread and on two, and the same positions as GDAL's.
    @Test func aLargeInputIsCarriedAlikeOnEveryThread() throws {
        try withTemporaryFolder { folder in
            var text = #"{"type":"FeatureCollection","features":["#
            for index in 0..<20_000 {
                let x = -20_000_000.0 + Double(index) * 1_999.9
                let y = -15_000_000.0 + Double(index % 1_000) * 29_999.7
                text +=
                    (index == 0 ? "" : ",")
                    + #"{"type":"Feature","properties":{"i":\#(index)},"geometry":{"type":"Point","coordinates":[\#(x),\#(y)]}}"#
            }
            text += "]}"
            let input = folder.appendingPathComponent("mercator.geojson").path
            try text.write(toFile: input, atomically: true, encoding: .utf8)
            let one = try CLI.run(["convert", input, "--s-srs", "EPSG:3857", "--threads", "1", "--to", "ndjson"])
            let two = try CLI.run(["convert", input, "--s-srs", "EPSG:3857", "--threads", "2", "--to", "ndjson"])
            #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
            #expect(one.stdoutBytes == two.stdoutBytes && one.stdout.split(separator: "\n").count == 20_000)
            let ours = folder.appendingPathComponent("ours.geojson").path
            _ = try CLI.run(["convert", input, "--s-srs", "EPSG:3857", "-o", ours])
            let gdal = folder.appendingPathComponent("gdal.geojson").path
            _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", "-s_srs", "EPSG:3857", "-t_srs", "EPSG:4326", gdal, input])
            #expect(Self.largestDifference(try Self.positions(ours), try Self.positions(gdal)) < 1e-9)
        }
    }

    @Test func infoNamesTheSystemAndShapingWorksInLongitudeAndLatitude() throws {
        try withTemporaryFolder { folder in
            let package = folder.appendingPathComponent("grid.gpkg").path
            _ = try Tool.run(
                "ogr2ogr", ["-f", "GPKG", "-t_srs", "EPSG:27700", package, Samples.path("cambridge-landmarks.geojson")])
            let info = try CLI.run(["info", package])
            #expect(info.stdout.contains("crs         OSGB36 / British National Grid (EPSG:27700)"), "\(info.stdout)")
            #expect(info.stdout.contains("extent      west 0.111"), "\(info.stdout)")
            let json = try CLI.run(["info", package, "--format", "json", "--t-srs", "EPSG:3857"])
            #expect(
                json.stdout.contains(#""bboxCrs" : "EPSG:3857""#) || json.stdout.contains(#""bboxCrs": "EPSG:3857""#),
                "\(json.stdout)")

            // --bbox is longitude and latitude whatever the input's system; the
            // output is then carried to --t-srs, its system named.
            let shaped = try CLI.run([
                "convert", package, "--bbox", "0.11,52.19,0.13,52.21", "--t-srs", "EPSG:3857", "--to", "geojson",
            ])
            #expect(shaped.status == 0, "\(shaped.stderr)")
            #expect(shaped.stdout.contains("urn:ogc:def:crs:EPSG::3857") && shaped.stdout.contains("\"Feature\""))
            let all = try CLI.run(["convert", package, "--t-srs", "EPSG:3857", "--to", "ndjson"])
            #expect(
                shaped.stdout.components(separatedBy: "\"Feature\"").count - 1 < all.stdout.split(separator: "\n").count
            )
        }
    }

    /// validate checks positions in the system a file declares: not as
    /// longitude and latitude, and inside the area the system is used in.
    @Test func validateChecksPositionsInTheDeclaredSystem() throws {
        try withTemporaryFolder { folder in
            let grid = folder.appendingPathComponent("grid.geojson").path
            _ = try Tool.run(
                "ogr2ogr", ["-f", "GeoJSON", "-t_srs", "EPSG:27700", grid, Samples.path("cambridge-landmarks.geojson")])
            let fine = try CLI.run(["validate", grid])
            #expect(fine.status == 0 && !fine.stdout.contains("out-of-range") && !fine.stdout.contains("precision"))
            #expect(
                fine.stdout.contains("[geojson.crs.obsolete]") && !fine.stdout.contains("crs.position"),
                "\(fine.stdout)")

            // Eastings 3 000 km too large: still a place, but not in Britain.
            let text = try String(contentsOfFile: grid, encoding: .utf8)
            let shifted = folder.appendingPathComponent("shifted.geojson").path
            try text.replacingOccurrences(of: "[ 54", with: "[ 354").write(
                toFile: shifted, atomically: true, encoding: .utf8)
            let outside = try CLI.run(["validate", shifted, "--format", "json"])
            #expect(outside.stdout.contains("crs.position.outside-area"), "\(outside.stdout)")

            // 9 500 km from the centre of an orthographic view: off its globe.
            let far = folder.appendingPathComponent("far.geojson").path
            try text.replacingOccurrences(of: "[ 54", with: "[ 954").write(
                toFile: far, atomically: true, encoding: .utf8)
            let package = folder.appendingPathComponent("beyond.gpkg").path
            _ = try Tool.run(
                "ogr2ogr", ["-f", "GPKG", "-a_srs", "+proj=ortho +lat_0=52 +lon_0=0 +ellps=WGS84", package, far])
            let beyond = try CLI.run(["validate", package])
            #expect(beyond.status == 1 && beyond.stdout.contains("[crs.position.out-of-domain]"), "\(beyond.stdout)")
        }
    }

    /// --s-srs wherever an input is read: validate checks positions in
    /// that system; split, merge and preview carry them to WGS 84.
    @Test func everyCommandThatReadsTakesTheSourceSystem() throws {
        try withTemporaryFolder { folder in
            let grid = folder.appendingPathComponent("grid.geojson").path
            _ = try Tool.run(
                "ogr2ogr",
                [
                    "-f", "GeoJSON", "-lco", "RFC7946=NO", "-t_srs", "EPSG:27700", grid,
                    Samples.path("cambridge-landmarks.geojson"),
                ])
            // Without its crs member, only --s-srs says what the numbers are.
            var text = try String(contentsOfFile: grid, encoding: .utf8)
            let start = try #require(text.range(of: "\"crs\""))
            let end = try #require(text.range(of: "},\n", range: start.upperBound..<text.endIndex))
            text.removeSubrange(start.lowerBound..<end.upperBound)
            try text.write(toFile: grid, atomically: true, encoding: .utf8)
            let unsaid = try CLI.run(["validate", grid])
            #expect(unsaid.stdout.contains("[geojson.position.out-of-range]"), "\(unsaid.stdout)")
            let said = try CLI.run(["validate", grid, "--s-srs", "EPSG:27700"])
            #expect(said.status == 0 && said.stdout.contains("0 errors, 0 warnings"), "\(said.stdout)")

            let expected = try CLI.run(["convert", grid, "--s-srs", "EPSG:27700", "--to", "geojsonseq"]).stdout
            #expect(expected.contains("[0.11653"), "\(expected)")
            let shards = folder.appendingPathComponent("shards")
            #expect(
                try CLI.run(["split", grid, "-o", shards.path, "--max-features", "100", "--s-srs", "EPSG:27700"]).status
                    == 0)
            let shard = try String(contentsOf: shards.appendingPathComponent("part-00000.geojsonseq"), encoding: .utf8)
            #expect(shard == expected)
            let merged = try CLI.run(["merge", grid, "--s-srs", "EPSG:27700", "--to", "geojsonseq"])
            #expect(merged.stdout == expected, "\(merged.stderr)")
            let page = try CLI.run(["preview", grid, "--s-srs", "EPSG:27700", "-o", "-"])
            #expect(page.status == 0 && page.stdout.contains("0.1165"), "\(page.stderr)")
        }
    }

    /// A GeoPackage written in another system records it: GDAL reads the
    /// layer in it, and both read it back to where it was.
    @Test func aGeoPackageIsWrittenInTheSystemAskedFor() throws {
        try withTemporaryFolder { folder in
            let original = Samples.path("cambridge-landmarks.geojson")
            for system in ["EPSG:27700", "+proj=laea +lat_0=52 +lon_0=10 +ellps=GRS80"] {
                let package = folder.appendingPathComponent("out.gpkg").path
                try? FileManager.default.removeItem(atPath: package)
                let made = try CLI.run(["convert", original, "--t-srs", system, "-o", package])
                #expect(made.status == 0, "\(made.stderr)")
                let described = try Tool.run("ogrinfo", ["-so", "-al", package]).output
                #expect(
                    described.contains(system == "EPSG:27700" ? "ID[\"EPSG\",27700]]" : "Lambert Azimuthal Equal Area"),
                    "\(described)")
                let gdal = folder.appendingPathComponent("gdal.geojson").path
                try? FileManager.default.removeItem(atPath: gdal)
                _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", "-t_srs", "EPSG:4326", gdal, package])
                let ours = folder.appendingPathComponent("ours.geojson").path
                #expect(try CLI.run(["convert", package, "-o", ours]).status == 0)
                let start = try Self.positions(original)
                #expect(Self.largestDifference(try Self.positions(gdal), start) < 1e-7, "\(system): GDAL's read")
                #expect(Self.largestDifference(try Self.positions(ours), start) < 1e-7, "\(system): our read")
            }
        }
    }

    @Test func systemsThatCannotServeAreRefusedAndNothingIsWritten() throws {
        try withTemporaryFolder { folder in
            let input = Samples.path("cambridge-landmarks.geojson")
            let output = folder.appendingPathComponent("out.geojson").path
            let cases: [([String], String)] = [
                (["--t-srs", "EPSG:999999"], "crs.definition.invalid"),
                (["--s-srs", "not a system"], "crs.definition.invalid"),
                // The far side of an orthographic globe is no place in it.
                (["--t-srs", "+proj=ortho +lat_0=-52 +lon_0=-180 +ellps=WGS84"], "crs.position.out-of-domain"),
            ]
            for (options, code) in cases {
                let result = try CLI.run(["convert", input, "-o", output] + options)
                #expect(result.status == 3 && result.stderr.contains("[\(code)]"), "\(options): \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output), "\(options) left an output")
                #expect(!result.stderr.contains("proj_create"), "PROJ's own log reached standard error")
            }
            let located = try CLI.run(
                ["convert", input, "-o", output, "--t-srs", "+proj=ortho +lat_0=-52 +lon_0=-180 +ellps=WGS84"])
            #expect(located.stderr.contains("feature kings-college-chapel: position 1"), "\(located.stderr)")
            let kml = try CLI.run([
                "convert", input, "-o", folder.appendingPathComponent("out.kml").path, "--t-srs", "EPSG:3857",
            ])
            #expect(kml.status == 3 && kml.stderr.contains("[crs.output.unsupported]"), "\(kml.stderr)")
        }
    }
}
