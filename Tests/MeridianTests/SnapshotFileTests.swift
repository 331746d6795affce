import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// `Snapshot.write(toFile:)`, which the umbrella adds over its atomic
/// `OutputDestination`: MeridianSnapshot itself writes no files.
@Suite struct SnapshotFileTests {
    private static func snapshot() throws -> Snapshot {
        let dot = Feature(id: "dot", geometry: .point(Coordinate(latitude: 52.2, longitude: 0.12)))
        return try Snapshotter(options: Snapshotter.Options(layers: [Layer(id: "test", features: [dot])])).snapshot()
    }

    @Test func aSnapshotIsWrittenWholeAndNothingElseIsLeft() throws {
        let snapshot = try Self.snapshot()
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("map.svg").path
            try snapshot.write(toFile: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == snapshot.svg)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["map.svg"])
        }
    }

    @Test func aMissingFolderIsAnOutputErrorAndNoFileAppears() throws {
        let snapshot = try Self.snapshot()
        try withTemporaryFolder { folder in
            #expect { try snapshot.write(toFile: folder.appendingPathComponent("missing/map.svg").path) } throws: {
                error in
                (error as? DiagnosticError)?.diagnostic.code == "io.output.folder"
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left.isEmpty)
        }
    }
}
