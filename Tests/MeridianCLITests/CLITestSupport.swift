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
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        // Files rather than pipes: a large output can never block the tool.
        return try withTemporaryFolder { scratch in
            let outURL = scratch.appendingPathComponent("stdout")
            let errURL = scratch.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            let out = try FileHandle(forWritingTo: outURL)
            let err = try FileHandle(forWritingTo: errURL)
            process.standardOutput = out
            process.standardError = err
            let input = Pipe()
            process.standardInput = input
            try process.run()
            if let stdin { input.fileHandleForWriting.write(Data(stdin)) }
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            try out.close()
            try err.close()
            let outData = try Data(contentsOf: outURL)
            let errData = try Data(contentsOf: errURL)
            return Result(
                status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: Array(outData))
        }
    }
}
