import Foundation
import MeridianTestSupport
import Testing

/// `render --map`: a map document modelled on Apple's Web Snapshots
/// parameters, drawn over the data given, with located errors.
@Suite struct MapDocumentCommandTests {
    static let example = Fixtures.packageRoot.appendingPathComponent("docs/map-document.example.json").path

    @Test func theBundledDocumentIsDrawnOverTheDataAsSVGAndPNG() throws {
        try withTemporaryFolder { folder in
            let png = folder.appendingPathComponent("ride.png").path
            let drawn = try CLI.run([
                "render", "--map", Self.example, Samples.path("cambridge-landmarks.geojson"), "-o", png,
                "--category-property", "kind",
            ])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: png)))
            #expect(PNGOutputTests.dimensions(bytes).map { [$0.width, $0.height] } == [1600, 1200])
        }
        let svg = try CLI.run([
            "render", "--map", Self.example, Samples.path("cambridge-landmarks.geojson"), "-o", "-",
            "--category-property", "kind",
        ])
        #expect(svg.status == 0, "\(svg.stderr)")
        let text = svg.stdout
        #expect(text.contains("<title id=\"map-title\">A ride across Cambridge</title>"))
        #expect(text.contains("viewBox=\"0 0 800 600\""))
        #expect(text.contains("data-id=\"start\"") && text.contains(">Market Square</text>"))
        #expect(text.contains("data-layer=\"cambridge-landmarks\" opacity=\".45\""))
        #expect(!text.contains("data-id=\"station\""), "poi excludes the data's publicTransport")
        #expect(text.contains("stroke-dasharray=\"4 2\"") && text.contains("fill=\"#34c75944\""))
        // --size, --scale and --theme win over the document.
        let dark = try CLI.run(["render", "--map", Self.example, "-o", "-", "--size", "400x300", "--theme", "dark"])
        #expect(dark.status == 0 && dark.stdout.contains("viewBox=\"0 0 400 300\""))
        #expect(dark.stdout.contains("data-theme=\"dark\""))
    }

    @Test(.requires(tool: "python3"))
    func theBundledDocumentFollowsTheSchema() throws {
        let check = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("skip: no jsonschema"); sys.exit(0)
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            jsonschema.validate(json.load(open(sys.argv[2])), schema)
            bad = {"annotations": [{"point": [91, 0], "colour": "red"}]}
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(bad))
            assert errors, "the schema refuses an unknown key"
            print("ok")
            """
        let result = try Tool.run(
            "python3",
            [
                "-c", check, Fixtures.packageRoot.appendingPathComponent("docs/map-document.schema.json").path,
                Self.example,
            ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ok") || result.output.contains("skip"))
    }

    /// Each mistake, with its code and where it is.
    static let mistakes: [(document: String, code: String, location: String)] = [
        (#"{"centre": "52,0"}"#, "snapshot.document.key", "(at /centre)"),
        (
            #"{"annotations": [{"point": "52,0", "colour": "red"}]}"#, "snapshot.document.key",
            "(at /annotations/0/colour)"
        ),
        (
            #"{"annotations": [{"point": "52,0"}, {"point": "91,0"}]}"#, "snapshot.document.value",
            "(at /annotations/1/point)"
        ),
        (#"{"annotations": [{"point": "NaN,0"}]}"#, "snapshot.document.value", "(at /annotations/0/point)"),
        (#"{"circles": [{"center": [52, 0], "radius": -3}]}"#, "snapshot.document.value", "(at /circles/0/radius)"),
        (#"{"size": "0x100"}"#, "snapshot.document.value", "(at /size)"),
        (#"{"size": [20000, 100]}"#, "snapshot.document.value", "(at /size)"),
        (#"{"t": "satellite"}"#, "snapshot.document.value", "(at /t)"),
        (#"{"center": "52,0", "pitch": 80, "distance": 500}"#, "snapshot.document.value", "(at /pitch)"),
        (
            #"{"overlays": [{"points": ["52,0", "53,0"], "strokeColor": "red\" onload=\"x"}]}"#,
            "snapshot.document.value", "(at /overlays/0/strokeColor)"
        ),
        (
            #"{"overlays": [{"points": ["52,0", "53,0"], "lineDash": [1e9]}]}"#, "snapshot.document.value",
            "(at /overlays/0/lineDash/0)"
        ),
        (#"{"poi": {"include": ["coffee"]}}"#, "snapshot.document.value", "(at /poi/include/0)"),
        ("[1, 2]", "snapshot.document.value", "the map document is not a JSON object"),
    ]

    @Test func everyMistakeIsAUsageErrorLocatedByItsPointer() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("map.json").path
            let output = folder.appendingPathComponent("map.svg").path
            for mistake in Self.mistakes {
                try Data(mistake.document.utf8).write(to: URL(fileURLWithPath: path))
                let result = try CLI.run(["render", "--map", path, "-o", output])
                #expect(result.status == 2, "\(mistake.document): \(result.stderr)")
                #expect(result.stderr.contains(mistake.code), "\(mistake.document): \(result.stderr)")
                #expect(result.stderr.contains(mistake.location), "\(mistake.document): \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output))
            }
        }
    }

    @Test func aDocumentThatIsNotJSONIsAnInputErrorAtItsLineAndColumn() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("map.json").path
            try Data("{\"z\": 3,\n  }".utf8).write(to: URL(fileURLWithPath: path))
            let result = try CLI.run(["render", "--map", path, "-o", "-"])
            #expect(result.status == 3)
            #expect(result.stderr.contains("map.json:2:3") && result.stderr.contains("json.syntax"), "\(result.stderr)")
        }
    }

    @Test func titlesAreTextAndFramingOptionsConflictWithADocument() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("map.json").path
            try Data(
                #"{"title": "<script>alert(1)</script>", "annotations": [{"point": "52.2,0.12", "title": "</text><script>"}]}"#
                    .utf8
            ).write(to: URL(fileURLWithPath: path))
            let result = try CLI.run(["render", "--map", path, "-o", "-"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("<script>") && result.stdout.contains("&lt;script&gt;"))
            let conflict = try CLI.run(["render", "--map", path, "--region", "52,0,1,1", "-o", "-"])
            #expect(conflict.status == 2 && conflict.stderr.contains("leave out --region"))
        }
        let nothing = try CLI.run(["render", "-o", "-"])
        #expect(nothing.status == 2 && nothing.stderr.contains("or a map document (--map)"))
    }
}
