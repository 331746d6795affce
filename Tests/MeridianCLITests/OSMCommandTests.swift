import Foundation
import MeridianTestSupport
import Testing

/// OpenStreetMap input as a user meets it: Monaco's extract converted as
/// `osmium export` converts it, the OSM test data's multipolygons, every
/// block compression, a pipe, and files that lie.
@Suite struct OSMCommandTests {
    static let hasShapely = (try? Tool.run("python3", ["-c", "import shapely"]).status) == 0
    static let oracle = Fixtures.packageRoot.appendingPathComponent("Scripts/osm-oracle.py").path
    static let monaco = Samples.path("monaco.osm.pbf")
    static let grid = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/osm-testdata").path

    static func oracle(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Tool.run("python3", [oracle] + arguments)
    }

    @Test(
        .requires(tool: "osmium"), .enabled(if: hasShapely, "shapely is not installed (pip install shapely)"))
    func monacoIsOsmiumExport() throws {
        let result = try Self.oracle(["export", CLI.executable.path, Self.monaco])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("\"compared\": 7380"), "\(result.output)")
    }

    @Test(.enabled(if: hasShapely, "shapely is not installed (pip install shapely)"))
    func multipolygonsAreTheTestGridsAreas() throws {
        let result = try Self.oracle([
            "grid", CLI.executable.path, "\(Self.grid)/grid.osm", "\(Self.grid)/grid-tests.json",
        ])
        #expect(result.status == 0, "\(result.output)")
    }

    /// The same features whatever compresses the blocks, from a pipe too,
    /// and from the same data as XML (gzipped too) and as an unsorted file.
    @Test(.requires(tool: "osmium"), .requires(tool: "zstd"))
    func everyEncodingReadsTheSame() throws {
        try withTemporaryFolder { folder in
            func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
            func features(_ input: String, stdin: [UInt8]? = nil) throws -> String {
                let result = try CLI.run(["convert", input, "--to", "geojsonseq", "--quiet"], stdin: stdin)
                #expect(result.status == 0, "\(input): \(result.stderr)")
                return result.stdout
            }
            let expected = try features(Self.monaco)
            #expect(expected.split(separator: "\n").count == 7380)
            for (name, options) in [("lz4.osm.pbf", "pbf,pbf_compression=lz4"), ("raw.osm.pbf", "pbf,pbf_compression=none"),
                ("xml.osm", "xml"), ("xml.osm.gz", "xml")]
            {
                let made = try Tool.run("osmium", ["cat", Self.monaco, "-O", "-o", path(name), "-f", options])
                #expect(made.status == 0, "\(made.output)")
                #expect(try features(path(name)) == expected, "\(name)")
            }
            let zstd = try Self.oracle(["recompress", Self.monaco, path("zstd.osm.pbf"), "zstd"])
            #expect(zstd.status == 0, "\(zstd.output)")
            #expect(try features(path("zstd.osm.pbf")) == expected)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.monaco)))
            #expect(try features("-", stdin: bytes) == expected)
            // Without osmium's "sorted" flag, the nodes are indexed in a first pass.
            let unsorted = try Tool.run("osmium", ["cat", path("xml.osm"), "-O", "-o", path("unsorted.osm.pbf")])
            #expect(unsorted.status == 0)
            let info = try CLI.run(["info", path("unsorted.osm.pbf")])
            #expect(info.stdout.contains("OSM PBF, unsorted"), "\(info.stdout)")
            #expect(try features(path("unsorted.osm.pbf")) == expected)
        }
    }

    /// Every place's address is its `addr:*` tags, completed by the
    /// administrative areas that hold it as shapely finds them.
    @Test(
        .requires(tool: "osmium"), .enabled(if: hasShapely, "shapely is not installed (pip install shapely)"))
    func addressesAreTheTagsCompletedByTheAreasAround() throws {
        let result = try Self.oracle(["addresses", CLI.executable.path, Self.monaco])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("\"places\": 2510"), "\(result.output)")
    }

    @Test func anExtractIsIndexedAndGeocodedByStreetNumberAndCity() throws {
        try withTemporaryFolder { folder in
            let index = folder.appendingPathComponent("monaco.idx").path
            let built = try CLI.run(["index", Self.monaco, "-o", index])
            #expect(built.status == 0, "\(built.stderr)")
            let found = try CLI.run(["geocode", "25 Avenue Albert II, Monaco", index, "--format", "json"])
            #expect(found.status == 0, "\(found.stderr)")
            #expect(found.stdout.contains("\"subThoroughfare\":\"25\""), "\(found.stdout)")
            // A café without addr:* tags is placed in its quarter.
            let cafe = try CLI.run(["search", "Café de Paris", index, "--format", "json"])
            #expect(cafe.stdout.contains("\"subLocality\":\"Monte-Carlo\""), "\(cafe.stdout)")
        }
    }

    @Test func validateReportsWhatReadingLeavesOut() throws {
        let result = try CLI.run(["validate", Self.monaco, "--format", "json"])
        // Monaco's extract is cut at the border: relations reaching past it
        // are incomplete, and one garden's rings cross.
        #expect(result.status != 0)
        #expect(result.stdout.contains("osm.relation.incomplete"))
        #expect(result.stdout.contains("relation/2500856"))
    }

    @Test func metadataIsKeptWhenAsked() throws {
        let plain = try CLI.run(["convert", Self.monaco, "--to", "geojsonseq", "--quiet", "--limit", "1"])
        #expect(!plain.stdout.contains("@version"))
        let kept = try CLI.run([
            "convert", Self.monaco, "--to", "geojsonseq", "--quiet", "--limit", "1", "--osm-metadata",
        ])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("\"@version\":"), "\(kept.stdout)")
        #expect(kept.stdout.contains("\"@timestamp\":\"20"), "\(kept.stdout)")
    }

    @Test func tagsAreFilteredWithWhere() throws {
        let result = try CLI.run([
            "convert", Self.monaco, "--to", "geojsonseq", "--quiet", "--where", "amenity = 'cafe'",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.contains("\"amenity\":\"cafe\"") })
    }
}
