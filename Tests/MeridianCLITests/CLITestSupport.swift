import Foundation
import MeridianTestSupport
import Testing

/// Runs the built `meridian` tool, as a user would.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
    }

    /// The tool sits beside the test bundle in the build folder.
    static let executable: URL = {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent()].map { $0.appendingPathComponent("meridian") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// Runs `program` (the tool unless told) with `arguments`, feeding it
    /// `stdin`, and collects its status and output. `environment` entries
    /// are added to the test's own.
    @discardableResult
    static func run(
        _ arguments: [String], stdin: [UInt8]? = nil, in directory: URL? = nil, program: URL = executable,
        environment: [String: String] = [:]
    ) throws -> Result {
        let result = try runProcess(program, arguments, stdin: stdin, in: directory, environment: environment)
        return Result(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self), stdoutBytes: result.stdout)
    }
}
