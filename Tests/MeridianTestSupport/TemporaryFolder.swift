import Foundation

/// Runs `body` with a new, empty folder in the system's temporary
/// directory, and removes the folder and everything in it when `body`
/// returns or throws.
///
/// ```swift
/// try withTemporaryFolder { folder in
///     let output = folder.appendingPathComponent("map.svg").path
///     ...
/// }
/// ```
///
/// A closure rather than an object that removes the folder when released:
/// Swift may release an object after its last use, before the end of the
/// scope, and so remove the folder while a tool still writes into it.
public func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}
