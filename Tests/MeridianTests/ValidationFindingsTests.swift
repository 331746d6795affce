import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// What reading works around by leaving data out (a geometry off the
/// globe, read as null) is an error when the file is validated: `validate`
/// must not pass such a file with exit status 0.
@Suite struct ValidationFindingsTests {
    @Test func dataReadingLeavesOutIsAnErrorOfTheFile() throws {
        try withTemporaryFolder { folder in
            let gpkg = folder.appendingPathComponent("off.gpkg").path
            var feature = Feature()
            feature.geometry = .point(Coordinate(latitude: 200, longitude: 0))
            try GeoPackageWriter(layer: "points").write([feature], toFile: gpkg)
            let csv = folder.appendingPathComponent("off.csv")
            try Data("wkt,name\n\"POINT (inf 0)\",a\nPOINT (1 2),b\n".utf8).write(to: csv)
            for (path, code) in [(gpkg, "gpkg.geometry.out-of-range"), (csv.path, "csv.coordinate.invalid")] {
                let found = InputValidator().validate(try Input(path: path)).diagnostics
                #expect(found.contains { $0.code == code && $0.severity == .error }, "\(path): \(found)")
            }
            // Reading still goes on, with a warning.
            let source = try FeatureSource(input: try Input(path: gpkg))
            while try source.next() != nil {}
            #expect(source.warnings.map(\.severity) == [.warning])
        }
    }
}
