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

    @Test func aPNGPathGetsAPNGOfTheSizeTimesTheScale() throws {
        let dot = Feature(id: "dot", geometry: .point(Coordinate(latitude: 52.2, longitude: 0.12)))
        var options = Snapshotter.Options(layers: [Layer(id: "test", features: [dot])])
        options.size = Snapshotter.Size(width: 200, height: 100)
        options.scale = 3
        let snapshot = try Snapshotter(options: options).snapshot()
        let png = try snapshot.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 600 && height == 300)
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("map.png").path
            try snapshot.write(toFile: path)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == png)
            let forced = folder.appendingPathComponent("map.image").path
            try snapshot.write(toFile: forced, format: .png)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: forced))) == png)
        }
    }

    @Test func aPNGTooLargeToDrawIsRefused() throws {
        let dot = Feature(id: "dot", geometry: .point(Coordinate(latitude: 52.2, longitude: 0.12)))
        var options = Snapshotter.Options(layers: [Layer(id: "test", features: [dot])])
        options.size = Snapshotter.Size(width: 8_193, height: 100)
        options.scale = 2
        let snapshot = try Snapshotter(options: options).snapshot()
        #expect { try snapshot.pngData() } throws: { error in
            (error as? DiagnosticError)?.diagnostic.code == "snapshot.png.size"
        }
    }
}
