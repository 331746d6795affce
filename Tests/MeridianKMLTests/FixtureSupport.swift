import Foundation
import Testing

/// The shared fixtures beside the project (`../shared/fixtures`), written
/// by other people and never copied into the project. Tests that need them
/// are disabled, with this comment, when the folder is absent.
enum Fixtures {
    /// The package root, three levels up from this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let root: URL? = {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    static var available: Bool { root != nil }

    static let missing: Comment = "../shared/fixtures is not present beside the project; skipping fixture tests"

    /// Files in a fixture folder with the given extension, sorted by name;
    /// empty when the fixtures are absent.
    static func files(in folder: String, extension ext: String) -> [URL] {
        guard let root else { return [] }
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".\(ext)") }.sorted().map { directory.appendingPathComponent($0) }
    }

    static func url(_ path: String) -> URL? {
        root?.appendingPathComponent(path)
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }
}
