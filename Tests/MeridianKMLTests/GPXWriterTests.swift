import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianTestSupport
import Testing

@testable import MeridianKML

/// GPX writing: valid against the GPX 1.1 schema (xmllint), and read back
/// to the same features.
@Suite struct GPXWriterTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/gpx-1.1.xsd").path

    /// Every fixture, read and written again: the schema accepts it, and
    /// reading it back gives the same geometry, names, times and heart rates.
    @Test(.requiresFixtures, .requires(tool: "xmllint"), arguments: GPXConformanceTests.files)
    func writtenGPXValidatesAndReadsBack(_ name: String) throws {
        let features = try GPXFeatureReader(path: Fixtures.url("gpx/togeojson/\(name)").path).readAll()
        let written = GPXWriter().encode(FeatureCollection(features: features))
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("out.gpx").path
            try Data(written).write(to: URL(fileURLWithPath: path))
            let check = try Tool.run("xmllint", ["--noout", "--schema", Self.schema, path])
            #expect(check.status == 0, "\(name): \(check.output.prefix(600))")
        }
        let back = try GPXFeatureReader(bytes: written).readAll()
        // The writer puts waypoints first, routes next, tracks last, as the schema asks.
        func key(_ feature: Feature) -> String {
            "\(feature.geometry.map { "\($0)" } ?? "")|\(feature.properties["name"] ?? .null)"
        }
        #expect(back.map(key).sorted() == features.filter { $0.geometry != nil }.map(key).sorted(), "\(name)")
        for feature in features {
            guard let times = feature.properties["coordinateProperties"]?["times"], feature.properties["_gpxType"] == "trk",
                let match = back.first(where: { key($0) == key(feature) })
            else { continue }
            #expect(match.properties["coordinateProperties"]?["times"] == times, "\(name): times")
            let heart = feature.properties["coordinateProperties"]?["heart"]
            #expect(match.properties["coordinateProperties"]?["heart"] == heart, "\(name): heart")
        }
    }

    @Test func numbersArePlainDecimals() {
        #expect(GPXWriter.decimal(1e-7) == "0.0000001")
        #expect(GPXWriter.decimal(-1.5e-5) == "-0.000015")
        #expect(GPXWriter.decimal(12.5) == "12.5")
        #expect(GPXWriter.decimal(1e20) == "100000000000000000000")
        #expect(GPXWriter.decimal(0.123456789, precision: 4) == "0.1235")
    }

    @Test func onlyDateTimesAreWrittenAsTimes() {
        #expect(GPXWriter.isDateTime("2012-10-24T23:29:40.000Z"))
        #expect(GPXWriter.isDateTime("2020-12-27T15:59:36+01:00"))
        #expect(GPXWriter.isDateTime("2020-12-27T15:59:36"))
        #expect(!GPXWriter.isDateTime("not a time"))
        #expect(!GPXWriter.isDateTime("2020-12-27 15:59:36"))
    }

    @Test func textIsEscapedAndPolygonsBecomeTrackSegments() {
        var feature = Feature(
            geometry: .polygon([[
                Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1),
                Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 0, longitude: 0),
            ]]))
        feature.properties["name"] = "<script>&"
        let text = String(decoding: GPXWriter().encode(FeatureCollection(features: [feature])), as: UTF8.self)
        #expect(text.contains("<name>&lt;script&gt;&amp;</name>"))
        #expect(text.contains("<trkseg>") && text.components(separatedBy: "<trkpt").count == 5)
    }
}
