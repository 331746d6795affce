import Foundation

/// The project's own sample data in `Samples/` (a venue, KML, GeoJSON),
/// always present, unlike the shared fixtures.
///
/// ```swift
/// let archive = try IMDFArchive(contentsOf: Samples.path("meridian-arcade.zip"))
/// ```
public enum Samples {
    /// A sample by its name in `Samples/`.
    public static func url(_ name: String) -> URL {
        Fixtures.packageRoot.appendingPathComponent("Samples/\(name)")
    }

    /// The file system path of a sample by its name in `Samples/`.
    public static func path(_ name: String) -> String {
        url(name).path
    }
}
