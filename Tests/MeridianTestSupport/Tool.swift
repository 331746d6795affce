import Foundation

/// The external programs some tests use to check Meridian's output
/// (`xmllint`, `rsvg-convert`, `gdal_translate`), found on `PATH`.
///
/// `.ci/run` installs `xmllint` (libxml2-utils) and `rsvg-convert`
/// (librsvg2-bin) when they are missing; a test that needs a tool carries
/// ``Testing/Trait/requires(tool:)``, so that elsewhere it is reported as
/// skipped with the reason.
///
/// ```swift
/// @Test(.requires(tool: "xmllint")) func outputIsWellFormedXML() throws {
///     let result = try Tool.run("xmllint", ["--noout", path])
///     #expect(result.status == 0, "\(result.output)")
/// }
/// ```
public enum Tool {
    /// Why a tool could not be run.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The path of the executable `name` on `PATH`, if there is one.
    public static func path(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether the executable `name` is on `PATH`.
    public static func isInstalled(_ name: String) -> Bool {
        path(name) != nil
    }

    /// Runs the tool `name` (found on `PATH`) with `arguments`, writing
    /// `input` to its standard input, and returns its exit status and its
    /// standard output and error together.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String], input: [UInt8]? = nil) throws -> (
        status: Int32, output: String
    ) {
        guard let executable = path(name) else { throw Failure(description: "\(name) is not installed") }
        return try withTemporaryFolder { folder in
            // A file rather than a pipe for the output, so that a tool that
            // writes much while its input is still being written never blocks.
            let outputURL = folder.appendingPathComponent("output")
            _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
            let output = try FileHandle(forWritingTo: outputURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = output
            let stdin = Pipe()
            process.standardInput = stdin
            try process.run()
            if let input { stdin.fileHandleForWriting.write(Data(input)) }
            try stdin.fileHandleForWriting.close()
            process.waitUntilExit()
            try output.close()
            return (process.terminationStatus, String(decoding: try Data(contentsOf: outputURL), as: UTF8.self))
        }
    }
}
