import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianTestSupport
import Testing

@testable import MeridianKML

/// ../shared/fixtures/gpx/togeojson: each GPX and TCX file read by Meridian
/// equals togeojson's output (`NAME.expected.geojson`) semantically. The
/// one deliberate difference: Meridian streams features in document
/// order, where togeojson lists every track, then every route, then every
/// waypoint; the test puts Meridian's in togeojson's order first, and
/// checks that was the only change.
@Suite(.requiresFixtures)
struct GPXConformanceTests {
    static let files =
        (Fixtures.files(in: "gpx/togeojson", extension: "gpx") + Fixtures.files(in: "gpx/togeojson", extension: "tcx"))
        .map(\.lastPathComponent)

    @Test func allTwentySevenFilesAreThere() {
        #expect(Self.files.count == 27)
    }

    @Test(arguments: files)
    func matchesTogeojson(_ name: String) throws {
        let url = Fixtures.url("gpx/togeojson/\(name)")
        let expected = try GeoJSONDocument(
            decoding: Fixtures.bytes(URL(fileURLWithPath: url.path + ".expected.geojson"))
        ).featureCollection.features
        let read = try GPXFeatureReader(path: url.path).readAll()
        // togeojson's order: tracks, routes, waypoints (stable within each).
        func rank(_ feature: Feature) -> Int {
            switch feature.properties["_gpxType"]?.stringValue {
            case "trk": 0
            case "rte": 1
            default: 2
            }
        }
        let mine = read.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(
            \.element)
        #expect(Set(mine.map { "\($0)" }) == Set(read.map { "\($0)" }))
        #expect(mine.count == expected.count, "\(name): \(mine.count) features, togeojson has \(expected.count)")
        for (index, (a, b)) in zip(mine, expected).enumerated() {
            let difference = Semantic.difference(a, b)
            #expect(difference == nil, "\(name) feature \(index): \(difference ?? "")")
        }
    }
}

/// GPX and TCX reading beyond togeojson's files: broken input, detection.
@Suite struct GPXReadingTests {
    static func read(_ text: String) throws(DiagnosticError) -> (features: [Feature], diagnostics: [Diagnostic]) {
        let reader = try GPXFeatureReader(bytes: Array(text.utf8), fileName: "t.gpx")
        return (try reader.readAll(), reader.diagnostics)
    }

    @Test func pointsWithoutCoordinatesAreSkippedWithALocatedWarning() throws {
        let (features, diagnostics) = try Self.read(
            """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1">
            <wpt lat="abc" lon="1"><name>bad</name></wpt>
            <wpt lat="2" lon="1"><name>good</name><time>not a time</time></wpt>
            <trk><trkseg><trkpt lat="1" lon="1"/><trkpt lon="2"/></trkseg></trk>
            </gpx>
            """)
        #expect(features.count == 1 && features[0].properties["name"] == "good")
        #expect(features[0].properties["time"] == "not a time")
        #expect(diagnostics.map(\.code) == ["gpx.point.invalid", "gpx.point.invalid", "gpx.line.too-short"])
        #expect(diagnostics.map(\.location.line) == [2, 4, 4])
    }

    @Test func aTruncatedDocumentIsALocatedError() throws {
        let reader = try GPXFeatureReader(
            bytes: Array(
                """
                <gpx xmlns="http://www.topografix.com/GPX/1/1">
                <trk><trkseg><trkpt lat="1" lon="1"></trkpt>
                """.utf8), fileName: "cut.gpx")
        let failure = Result { () throws(DiagnosticError) in try reader.readAll() }
        guard case .failure(let error) = failure else {
            Issue.record("a truncated GPX was read")
            return
        }
        #expect(error.diagnostic.code == "kml.xml.syntax")
        #expect(error.diagnostic.location.file == "cut.gpx" && error.diagnostic.location.line != nil)
    }

    @Test func entitiesAreRefused() throws {
        let text = """
            <?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaa">]>
            <gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="1"><name>&a;</name></wpt></gpx>
            """
        let failure = Result { () throws(DiagnosticError) in try Self.read(text) }
        guard case .failure(let error) = failure else {
            Issue.record("an entity was expanded")
            return
        }
        #expect(error.diagnostic.code == "kml.xml.entity")
    }

    @Test func aTrackOfSeveralSegmentsIsAMultiLineStringWithSeriesPerSegment() throws {
        let (features, _) = try Self.read(
            """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><name>Two</name>
            <trkseg><trkpt lat="1" lon="1"><ele>10</ele><time>t1</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>100</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>
            <trkpt lat="2" lon="2"><time>t2</time></trkpt></trkseg>
            <trkseg><trkpt lat="3" lon="3"/><trkpt lat="4" lon="4"/></trkseg>
            </trk></gpx>
            """)
        let track = try #require(features.first)
        guard case .multiLineString(let lines)? = track.geometry else {
            Issue.record("not a MultiLineString")
            return
        }
        #expect(lines.count == 2 && lines[0][0].altitude == 10)
        let series = try #require(track.properties["coordinateProperties"]?.objectValue)
        #expect(series["times"] == [["t1", "t2"]])
        #expect(series["heart"] == [[100.0, .null], [.null, .null]])
        #expect(series["cads"] == [[80.0, .null], [.null, .null]])
    }

    /// Every point naming an extension of its own would make as many
    /// series as points, each as long as the line (points x names): a line
    /// keeps the first 64 and says how many values it left out.
    @Test func aLineKeepsABoundedNumberOfSeries() throws {
        let points = (0..<2_000).map { i in
            "<trkpt lat=\"1\" lon=\"\(Double(i) / 1_000)\"><extensions><x\(i)>\(i)</x\(i)></extensions></trkpt>"
        }
        let (features, diagnostics) = try Self.read(
            "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\(points.joined())</trkseg></trk></gpx>")
        let series = try #require(features.first?.properties["coordinateProperties"]?.objectValue)
        #expect(series.count == InputLimits.maximumPointSeries)
        #expect(series["x0s"]?.arrayValue?.count == 2_000)
        let warning = try #require(diagnostics.first { $0.code == "gpx.extensions.too-many" })
        #expect(warning.message.contains("\(2_000 - InputLimits.maximumPointSeries) value(s)") && warning.location.line == 1)
    }
}
