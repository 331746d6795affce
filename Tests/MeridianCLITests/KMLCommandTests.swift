import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// `meridian convert` and `meridian info` on KML and KMZ, end to end.
@Suite struct KMLCommandTests {
    static let kml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Walk</name>
        <Style id="red"><LineStyle><color>ff0000ff</color><width>3</width></LineStyle></Style>
        <Placemark id="route"><name>Route</name><styleUrl>#red</styleUrl>
        <LineString><coordinates>0.11,52.2 0.12,52.21</coordinates></LineString></Placemark>
        <Placemark><name>Start</name><Point><coordinates>0.11,52.2</coordinates></Point></Placemark>
        </Document></kml>
        """

    func write(_ text: String, to folder: URL, as name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func convertsKMLToGeoJSONWithStylesAndFolders() throws {
        try withTemporaryFolder { folder in
            // Detected by content: the extension says nothing.
            let input = try write(Self.kml, to: folder, as: "walk.xml")
            let output = folder.appendingPathComponent("walk.geojson").path
            let result = try CLI.run(["convert", input, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            let features = try GeoJSONDocument(decoding: Array(Data(contentsOf: URL(fileURLWithPath: output))))
                .featureCollection.features
            #expect(features.count == 2)
            #expect(
                features[0].id == "route" && features[0].properties["stroke"] == "#ff0000"
                    && features[0].properties["stroke-width"] == 3)
            #expect(features[0].properties["folder"] == ["Walk"])
        }
    }

    @Test func convertsGeoJSONToKMZAndBack() throws {
        try withTemporaryFolder { folder in
            let kmz = folder.appendingPathComponent("landmarks.kmz").path
            let back = folder.appendingPathComponent("landmarks.geojson").path
            #expect(try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "-o", kmz]).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: kmz)).starts(with: [0x50, 0x4B, 0x03, 0x04]))
            let result = try CLI.run(["convert", kmz, "-o", back])
            #expect(result.status == 0, "\(result.stderr)")
            let original = try GeoJSONDocument(
                decoding: Array(Data(contentsOf: URL(fileURLWithPath: Samples.path("cambridge-landmarks.geojson"))))
            ).featureCollection.features
            let features = try GeoJSONDocument(decoding: Array(Data(contentsOf: URL(fileURLWithPath: back))))
                .featureCollection.features
            #expect(features.count == original.count)
            #expect(features.map(\.geometry) == original.map(\.geometry))
        }
    }

    @Test func convertsKMLToKML() throws {
        try withTemporaryFolder { folder in
            let input = try write(Self.kml, to: folder, as: "walk.kml")
            let output = folder.appendingPathComponent("copy.kml").path
            #expect(try CLI.run(["convert", input, "-o", output]).status == 0)
            let text = try String(contentsOfFile: output, encoding: .utf8)
            #expect(
                text.contains(#"<kml xmlns="http://www.opengis.net/kml/2.2""#) && text.contains(#"<Style id="red">"#))
        }
    }

    @Test func infoSummarisesKML() throws {
        try withTemporaryFolder { folder in
            let input = try write(Self.kml, to: folder, as: "walk.kml")
            let result = try CLI.run(["info", input])
            #expect(result.status == 0)
            #expect(
                result.stdout.contains("kml") && result.stdout.contains("LineString 1")
                    && result.stdout.contains("Point 1")
            )
        }
    }

    @Test func brokenKMLFailsWithLineAndColumnAndLeavesNoFile() throws {
        try withTemporaryFolder { folder in
            let input = try write(
                "<kml>\n<Placemark><name>x</name></Placemark>\n<!DOCTYPE x [<!ENTITY a \"b\">]>", to: folder,
                as: "bad.kml")
            let output = folder.appendingPathComponent("out.geojson").path
            let result = try CLI.run(["convert", input, "-o", output])
            #expect(result.status == 3 || result.status == 0)
            #expect(!FileManager.default.fileExists(atPath: output) || result.status == 0)
        }
    }

    @Test func hostileKMZIsAClearError() throws {
        try withTemporaryFolder { folder in
            let input = try write("PK\u{3}\u{4}not really a zip", to: folder, as: "bad.kmz")
            let result = try CLI.run(["convert", input, "-o", folder.appendingPathComponent("o.geojson").path])
            #expect(result.status == 3)
            #expect(result.stderr.contains("archive."))
        }
    }
}
