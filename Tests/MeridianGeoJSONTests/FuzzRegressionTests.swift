import Foundation
import MeridianCore
import Testing

@testable import MeridianGeoJSON

/// Inputs kept from fuzzing (Scripts/fuzz.sh writes crash inputs into
/// FuzzRegressions/) and hand-made seeds: each must be handled without a
/// crash, and anything that decodes must survive a write and a re-read.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "FuzzRegressions")
    static let files: [URL] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map {
        folder.appendingPathComponent($0)
    }

    @Test(arguments: files)
    func savedInputIsHandled(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        _ = try? JSONValue(parsing: bytes, options: JSONReadingOptions(maximumDepth: 64))
        _ = GeoJSONValidator().validate(bytes)
        if let document = try? GeoJSONDocument(decoding: bytes) {
            let again = try GeoJSONDocument(decoding: GeoJSONWriter().encode(document))
            #expect(again == document)
        }
    }
}
