import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// search, complete, geocode, reverse and lookup through the front door, on
/// the bundled venue and on Natural Earth's populated places.
@Suite struct PlacesCommandTests {
    static let venue = Samples.path("meridian-arcade")

    static func json(_ text: String) throws -> JSONObject {
        try #require(try JSONValue(parsing: Array(text.utf8)).objectValue, "not a JSON object: \(text)")
    }

    @Test func whereAreTheToiletsOnTheFirstFloor() throws {
        let result = try CLI.run(["search", "where are the toilets on the first floor", Self.venue, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let results = try Self.json(result.stdout)["results"]?.arrayValue ?? []
        #expect(!results.isEmpty)
        for place in results.prefix(2) {
            let object = place.objectValue
            #expect(object?["poiCategory"] == "restroom")
            let level = object?["containers"]?.arrayValue?.first { $0.objectValue?["kind"] == "level" }
            #expect(level?.objectValue?["ordinal"] == .integer(1), "\(result.stdout)")
        }
    }

    @Test func completionSuggestsTheCategoryThenPlacesWithHighlights() throws {
        let text = try CLI.run(["complete", "cof", Self.venue])
        #expect(text.status == 0 && text.stdout.hasPrefix("[Cof]fee — Search Nearby\n"), "\(text.stdout)")
        let json = try CLI.run(["complete", "bean", Self.venue, "--format", "json"])
        let first = try Self.json(json.stdout)["results"]?.arrayValue?.first?.objectValue
        #expect(first?["title"] == "Bean There" && first?["titleHighlightRanges"] == [[0, 4]])
        #expect(first?["type"] == "pointOfInterest" && first?["place"]?.objectValue?["poiCategory"] == "cafe")
        #expect(try CLI.run(["complete", "zzzzzz", Self.venue]).status == 1)
    }

    @Test func geoJSONOutputListsTheResultsInRankOrder() throws {
        let result = try CLI.run([
            "search", "coffee", Self.venue, "--near", "52.2053,0.1219", "--format", "geojson",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let collection = try JSONValue(parsing: Array(result.stdout.utf8))
        #expect(collection["type"] == "FeatureCollection")
        let first = try #require(collection["features"]?.arrayValue?.first?["properties"])
        #expect(first["category"] == "cafe" && first["name"] == "Bean There")
        #expect((first["distance"]?.doubleValue ?? 99) < 20)
    }

    @Test func lookupReportsTheIdsThatResolveToNothing() throws {
        let id = "31146644-0f9e-4cd3-a7aa-e4a6ac9448a7"
        let result = try CLI.run(["lookup", id + ",no-such-id", Self.venue, "--format", "json"])
        #expect(result.status == 1)
        let object = try Self.json(result.stdout)
        #expect(object["results"]?.arrayValue?.first?.objectValue?["id"] == .string(id))
        #expect(object["unresolvedIds"] == ["no-such-id"])
        #expect(result.stderr.contains("[places.id.unresolved]"))
        #expect(try CLI.run(["lookup", id, Self.venue]).status == 0)
    }

    @Test func reverseSaysWhatContainsThePoint() throws {
        let result = try CLI.run(["reverse", "52.20537,0.12190", Self.venue, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result.stdout)
        let names = (object["containing"]?.arrayValue ?? []).compactMap { $0.objectValue?["name"]?.stringValue }
        // The units (one on each floor) before their levels, the venue last.
        #expect(names.first == "Bean There" && names.contains("Ground Floor G") && names.last == "Meridian Arcade")
        let nearby = object["nearby"]?.arrayValue ?? []
        #expect(nearby.count == 5)
    }

    @Test func geocodeFindsTheVenuesAddress() throws {
        let result = try CLI.run(["geocode", "Market Street Cambridge CB2", Self.venue, "--type", "address"])
        #expect(result.status == 0 && result.stdout.contains("1 Meridian Arcade, Market Street"), "\(result.stdout)")
    }

    @Test func badArgumentsAreUsageErrors() throws {
        for arguments in [
            ["reverse", "91,0", Self.venue], ["reverse", "nan,0", Self.venue],
            ["search", "x", Self.venue, "--near", "1"],
            ["search", "x", Self.venue, "--include", "coffee"], ["search", "x", Self.venue, "--type", "shops"],
            ["search", String(repeating: "a", count: 10_000), Self.venue], ["search", "x"],
            ["search", "x", Self.venue, "--region", "52,0,-5"],
        ] {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments.prefix(3)): \(result.status) \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
        let unknown = try CLI.run(["search", "x", Self.venue, "--include", "coffee"])
        #expect(unknown.stderr.contains("[places.category.unknown]") && unknown.stderr.contains("cafe"))
        #expect(try CLI.run(["search", "x", "/no/such/file.geojson"]).status == 3)
    }

    @Test(.requiresFixtures)
    func naturalEarthPlacesAreFoundInTheirLanguages() throws {
        let places = Fixtures.url("geojson/real/ne_50m_populated_places.json").path
        let tokyo = try CLI.run(["complete", "東京", places, "--format", "json", "--limit", "1"])
        let first = try Self.json(tokyo.stdout)["results"]?.arrayValue?.first?.objectValue
        #expect(first?["place"]?.objectValue?["countryCode"] == "JP", "\(tokyo.stdout)")
        let paris = try CLI.run(["complete", "pari", places, "--near", "48.85,2.35", "--limit", "1"])
        #expect(paris.stdout == "[Pari]s — Île-de-France, France\n", "\(paris.stdout)")
        let typo = try CLI.run(["search", "sao paolo", places, "--limit", "1", "--format", "json"])
        #expect(try Self.json(typo.stdout)["results"]?.arrayValue?.first?.objectValue?["name"] == "São Paulo")
        let french = try CLI.run(["search", "londres", places, "--limit", "1", "--language", "fr", "--format", "json"])
        #expect(try Self.json(french.stdout)["results"]?.arrayValue?.first?.objectValue?["name"] == "Londres")
    }

    /// A folder of its own for a test's files, removed afterwards by the caller.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func anIndexAnswersAsItsInputsDo() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = folder.appendingPathComponent("arcade.idx").path
        let built = try CLI.run(["index", Self.venue, "-o", index])
        #expect(built.status == 0 && built.stdout.contains("places from 1 input"), "\(built.stderr)")
        for arguments in [
            ["search", "toilets level 1"], ["complete", "cof"], ["geocode", "market street"],
            ["reverse", "52.20535,0.12183"],
        ] {
            let direct = try CLI.run(arguments + [Self.venue, "--format", "json"])
            let indexed = try CLI.run(arguments + [index, "--format", "json"])
            #expect(indexed.status == direct.status && indexed.stdout == direct.stdout, "\(arguments)")
            #expect(indexed.stderr.isEmpty, "\(indexed.stderr)")
        }
    }

    @Test func aStaleIndexWarnsAndRebuildsWhenAsked() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("shops.geojson")
        func write(_ name: String) throws {
            let text = """
                {"type": "FeatureCollection", "features": [{"type": "Feature", "id": "s1", \
                "properties": {"name": "\(name)", "shop": "bakery"}, \
                "geometry": {"type": "Point", "coordinates": [0.12, 52.2]}}]}
                """
            try text.write(to: data, atomically: false, encoding: .utf8)
        }
        try write("Fitzbillies")
        let index = folder.appendingPathComponent("shops.idx").path
        #expect(try CLI.run(["index", data.path, "-o", index]).status == 0)
        // The same bytes written again: a newer time, the same content, not stale.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: data.path)
        #expect(try CLI.run(["search", "fitz", index]).stderr.isEmpty)
        try write("Chelsea Bun Co")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 120)], ofItemAtPath: data.path)
        let stale = try CLI.run(["search", "fitz", index])
        #expect(stale.status == 0 && stale.stderr.contains("[places.index.stale]"), "\(stale.stderr)")
        let rebuilt = try CLI.run(["search", "chelsea", index, "--rebuild"])
        #expect(rebuilt.status == 0 && rebuilt.stdout.contains("Chelsea Bun Co"), "\(rebuilt.stderr)")
        let after = try CLI.run(["search", "chelsea", index])
        #expect(after.status == 0 && after.stderr.isEmpty, "\(after.stderr)")
    }

    /// A dangling link inside an indexed venue folder is not the folder
    /// gone; and an input that is gone stops a rebuild rather than writing
    /// an index without it over a good one.
    @Test func aRebuildNeverDropsAnInput() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let venue = folder.appendingPathComponent("venue")
        try FileManager.default.copyItem(atPath: Self.venue, toPath: venue.path)
        let index = folder.appendingPathComponent("venue.idx").path
        #expect(try CLI.run(["index", venue.path, "-o", index]).status == 0)
        let built = try Data(contentsOf: URL(fileURLWithPath: index))
        try FileManager.default.createSymbolicLink(
            atPath: venue.appendingPathComponent("notes.txt").path, withDestinationPath: "/nonexistent/notes.txt")
        let linked = try CLI.run(["search", "toilets", index, "--rebuild"])
        #expect(linked.status == 0 && linked.stdout.contains("restroom") && linked.stderr.isEmpty, "\(linked.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == built)
        try FileManager.default.moveItem(at: venue, to: folder.appendingPathComponent("moved"))
        let gone = try CLI.run(["search", "toilets", index, "--rebuild"])
        #expect(gone.status == 0 && gone.stdout.contains("restroom"), "\(gone.stderr)")
        #expect(gone.stderr.contains("is gone") && gone.stderr.contains("not rebuilt"), "\(gone.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == built)
    }

    @Test func aDamagedIndexIsRefusedWithItsReason() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = folder.appendingPathComponent("arcade.idx")
        #expect(try CLI.run(["index", Self.venue, "-o", index.path]).status == 0)
        let bytes = try Data(contentsOf: index)
        let truncated = folder.appendingPathComponent("truncated.idx")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        let cut = try CLI.run(["search", "toilets", truncated.path])
        #expect(cut.status == 3 && cut.stderr.contains("[places.index.truncated]"), "\(cut.stderr)")
        var other = bytes
        other[8] = 99
        let version = folder.appendingPathComponent("version.idx")
        try other.write(to: version)
        let old = try CLI.run(["lookup", "x", version.path])
        #expect(old.status == 3 && old.stderr.contains("[places.index.version]"), "\(old.stderr)")
        var damaged = bytes
        damaged[50] ^= 0xFF
        let corrupt = folder.appendingPathComponent("corrupt.idx")
        try damaged.write(to: corrupt)
        let refused = try CLI.run(["complete", "cof", corrupt.path])
        #expect(refused.status == 3 && refused.stderr.contains("[places.index.corrupted]"), "\(refused.stderr)")
        #expect(try CLI.run(["index", Self.venue]).status == 2)
        #expect(try CLI.run(["index", Self.venue, "-o", "-"]).status == 2)
        // Given where features are read, an index is named, not read as CSV.
        let info = try CLI.run(["info", index.path])
        #expect(info.status == 3 && info.stderr.contains("[io.format.place-index]"), "\(info.stderr)")
    }
}
