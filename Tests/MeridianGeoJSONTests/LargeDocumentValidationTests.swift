import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianGeoJSON

/// A document past ``GeoJSONValidator/Options/wholeDocumentLimit`` is
/// checked one element of `features` at a time. With the limit at zero
/// every document takes that path: its diagnostics must be the ones the
/// whole-document path gives, located the same, byte for byte.
@Suite struct LargeDocumentValidationTests {
    static let documents: [String] = [
        #"{"type":"FeatureCollection","features":[]}"#,
        """
        {"type": "FeatureCollection", "name": "parks",
         "features": [
          {"type": "Feature", "id": 1, "properties": {"a": 1, "a": 2}, "geometry": {"type": "Point", "coordinates": [0.1234567891, 52.2]}},
          {"type": "Feature", "properties": null, "geometry": {"type": "LineString", "coordinates": [[0, 0]]}},
          7,
          {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0.5]]]}}
         ],
         "bbox": [0, 5, 1, 1], "crs": {"type": "name"}}
        """,
        // More precision warnings than are listed, across features.
        #"{"type":"FeatureCollection","features":["#
            + (0..<14).map {
                #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[0.\#($0)234567891,1]}}"#
            }
            .joined(separator: ",\n") + "]}",
        // Members after the features, on the same line as the closing bracket.
        #"{"features":[{"type":"Feature","properties":{},"geometry":null}], "type":"FeatureCollection", "bbox": 3}"#,
        // A features member that is not an array, a repeated features member,
        // and trailing content after the document.
        #"{"type":"FeatureCollection","features":{"a":1}}"#,
        #"{"type":"FeatureCollection","features":[],"features":[1]}"#,
        "{\"type\":\"FeatureCollection\",\n\"features\":[]}\n\n  x",
        // A syntax error inside a feature, after a feature with a problem.
        "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"geometry\":null},\n{\"type\":\"Feature\" \"geometry\":null}]}",
        // Not a FeatureCollection at all.
        #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1]}}"#,
    ]

    static func validate(_ bytes: [UInt8], wholeDocumentLimit: Int, threads: Int? = nil, runSize: Int? = nil) throws
        -> [Diagnostic]
    {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("doc.geojson")
            try Data(bytes).write(to: url)
            let descriptor = open(url.path, O_RDONLY)
            defer { close(descriptor) }
            var options = GeoJSONValidator.Options()
            options.wholeDocumentLimit = wholeDocumentLimit
            options.threads = threads
            var validator = GeoJSONValidator(options: options)
            if let runSize { validator.runSize = runSize }
            return validator.validate(fileDescriptor: descriptor, file: "doc.geojson")
        }
    }

    /// Checked on several threads, every feature a run of its own, or on
    /// one: the same diagnostics, in the same order.
    @Test(arguments: documents.indices)
    func everyCoreFindsWhatOneThreadFinds(_ index: Int) throws {
        let bytes = Array(Self.documents[index].utf8)
        let one = try Self.validate(bytes, wholeDocumentLimit: 0, threads: 1)
        let many = try Self.validate(bytes, wholeDocumentLimit: 0, threads: 3, runSize: 1)
        #expect(many == one)
    }

    /// Records of NDJSON and of a text sequence, checked in runs on several
    /// threads, keep their record numbers and places.
    @Test func recordsOnEveryCoreAreReportedAsOnOne() throws {
        let records = (0..<40).map { index in
            index % 9 == 4
                ? #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1]},"properties":{}}"#
                : #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.1234567,\#(index)]},"properties":{}}"#
        }
        for framing in ["", "\u{1E}"] {
            let bytes = Array(records.map { framing + $0 + "\n" }.joined().utf8)
            let one = try Self.validate(bytes, wholeDocumentLimit: 1 << 20, threads: 1)
            let many = try Self.validate(bytes, wholeDocumentLimit: 1 << 20, threads: 2, runSize: 100)
            #expect(many == one)
            #expect(one.contains { $0.location.record == 32 && $0.code == "geojson.position.too-short" })
        }
    }

    @Test(arguments: documents.indices)
    func featureByFeatureMatchesWhole(_ index: Int) throws {
        let bytes = Array(Self.documents[index].utf8)
        let whole = try Self.validate(bytes, wholeDocumentLimit: 1 << 30)
        let streamed = try Self.validate(bytes, wholeDocumentLimit: 0)
        #expect(!whole.isEmpty || index == 0)
        #expect(streamed.map(\.description) == whole.map(\.description))
    }

    /// geojsonhint's files, good and bad, give the same either way.
    @Test(.requiresFixtures)
    func featureByFeatureMatchesWholeOnGeojsonhintsFiles() throws {
        let files =
            Fixtures.files(in: "geojson/geojsonhint/good", extension: "geojson")
            + Fixtures.files(in: "geojson/geojsonhint/bad", extension: "geojson")
        #expect(files.count > 40)
        for file in files {
            let bytes = try Fixtures.bytes(file)
            let whole = try Self.validate(bytes, wholeDocumentLimit: 1 << 30)
            let streamed = try Self.validate(bytes, wholeDocumentLimit: 0)
            #expect(streamed.map(\.description) == whole.map(\.description), "\(file.lastPathComponent)")
        }
    }
}

/// `GeoJSONValidator.Options.geometry`: OGC validity through GEOS, located
/// at the vertex nearest the fault.
@Suite struct GeometryValidityInGeoJSONTests {
    static let bowTie = Array(
        #"{"type":"Polygon","coordinates":[[[0,0],[10,10],[10,0],[0,10],[0,0]]]}"#.utf8)

    @Test func aSelfIntersectionIsLocatedAtItsRingAndVertex() throws {
        let found = GeoJSONValidator().validate(Self.bowTie, file: "bow.geojson")
        let problem = try #require(found.first { $0.code == "geometry.self-intersection" })
        #expect(problem.severity == .error)
        #expect(problem.location.jsonPointer == "/coordinates/0/0")
        #expect(problem.location.line == 1 && problem.location.column == 35)
        #expect(problem.message.contains("at 5.0, 5.0"))
    }

    @Test func levelsChooseHowMuchIsChecked() {
        var options = GeoJSONValidator.Options()
        options.geometry = .off
        #expect(GeoJSONValidator(options: options).validate(Self.bowTie).isEmpty)
        let repeated = Array(#"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,0],[1,1],[0,0]]]}"#.utf8)
        #expect(GeoJSONValidator().validate(repeated).map(\.code).isEmpty)
        options.geometry = .all
        #expect(GeoJSONValidator(options: options).validate(repeated).map(\.code) == ["geometry.point.repeated"])
    }

    @Test func linesAreCheckedToo() throws {
        let line = Array(
            #"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[2,2]]]}"#.utf8)
        let found = GeoJSONValidator().validate(line)
        #expect(found.map(\.code) == ["geometry.ring.too-few-points"])
        #expect(found.first?.location.jsonPointer == "/coordinates/1/0")
    }
}
