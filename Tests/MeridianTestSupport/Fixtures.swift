import Foundation

/// The shared data beside the project: `../shared/fixtures` (other people's
/// test data: geojsonhint, JSONTestSuite, togeojson, libkml, real IMDF
/// venues) and `../shared/docs`. It is never copied into the project, so a
/// checkout on its own lacks it; a test that needs it carries
/// ``Testing/Trait/requiresFixtures`` (or ``Testing/Trait/requires(fixture:)``)
/// and is then reported as skipped, with the reason, instead of passing
/// without checking anything.
///
/// ```swift
/// @Test(.requiresFixtures) func countriesDecode() throws {
///     let bytes = try Fixtures.bytes(Fixtures.url("geojson/real/countries.geo.json"))
///     ...
/// }
/// ```
public enum Fixtures {
    /// The package's root folder (where Package.swift is), three levels up
    /// from this file.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the package, whether present or not.
    public static let sharedRoot = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// `../shared/fixtures`, whether present or not.
    public static let root = sharedRoot.appendingPathComponent("fixtures")

    /// Whether `../shared/fixtures` is there.
    public static let isAvailable = FileManager.default.fileExists(atPath: root.path)

    /// A fixture by its path below `../shared/fixtures`, such as
    /// `"kml/libkml/billion.kml"` (whether it exists or not).
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// Whether the fixture file or folder at this path below
    /// `../shared/fixtures` exists.
    public static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }

    /// The files of a fixture folder whose names end in `.ext`, sorted by
    /// name; empty when the folder is absent (a parameterized test then has
    /// no cases, so give it a trait that reports the skip).
    public static func files(in folder: String, extension ext: String) -> [URL] {
        let directory = url(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".\(ext)") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// The bytes of a file.
    public static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }
}
