import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// CSV through the front door: detected by content, read with named or
/// guessed columns, written, validated.
@Suite struct CSVCommandTests {
    static let places =
        "name;Breite;Länge;visitors\nBrandenburger Tor;52.5163;13.3777;12000\n\"Dom; Berlin\";52.5191;13.4010;\n"

    @Test func aCSVOnStandardInputWithNamedColumnsConverts() throws {
        let result = try CLI.run(
            ["convert", "-", "--csv-lat", "Breite", "--csv-lon", "Länge", "--to", "ndjson"],
            stdin: Array(Self.places.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].contains("\"name\":\"Dom; Berlin\"") && lines[1].contains("[13.401,52.5191]"))
        #expect(lines[0].contains("\"visitors\":12000"))
    }

    @Test func missingColumnsAreAnInputErrorNamingTheColumns() throws {
        let result = try CLI.run(["convert", "-"], stdin: Array(Self.places.utf8))
        #expect(result.status == 3)
        #expect(result.stderr.contains("[csv.columns.missing]") && result.stderr.contains("Breite"))
    }

    @Test func geoJSONToCSVAndBack() throws {
        try withTemporaryFolder { folder in
            let csv = folder.appendingPathComponent("landmarks.csv").path
            let written = try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "-o", csv])
            #expect(written.status == 0, "\(written.stderr)")
            let text = try String(contentsOfFile: csv, encoding: .utf8)
            #expect(text.hasPrefix("wkt,name,") && text.contains("POINT ("))  // not all points: a WKT column
            let back = try CLI.run(["convert", csv, "--to", "ndjson"])
            #expect(back.stdout.split(separator: "\n").count == 6)
            let validation = try CLI.run(["validate", csv])
            #expect(validation.status == 0, "\(validation.stdout)")
        }
    }

    @Test func anUnclosedQuoteFailsWithItsPlace() throws {
        let result = try CLI.run(["validate", "-"], stdin: Array("name,lon,lat\n\"open,1,2\n".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.contains("<stdin>:2:1: error:") && result.stdout.contains("[csv.quote.unclosed]"))
    }
}
