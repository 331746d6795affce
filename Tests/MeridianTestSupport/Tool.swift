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
        let result = try runProcess(URL(fileURLWithPath: executable), arguments, stdin: input, mergingErrors: true)
        return (result.status, String(decoding: result.stdout, as: UTF8.self))
    }
}

/// Runs `program` with `arguments` (in `directory`, with `environment`
/// added to this process's), writes `stdin` to it, and returns its status,
/// standard output and standard error (merged into the output when
/// `mergingErrors`). Output goes to files rather than pipes, so a program
/// that writes much while its input is still being written never blocks.
public func runProcess(
    _ program: URL, _ arguments: [String], stdin: [UInt8]? = nil, in directory: URL? = nil,
    environment: [String: String] = [:], mergingErrors: Bool = false
) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    return try withTemporaryFolder { scratch in
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = mergingErrors ? out : err
        let input = Pipe()
        process.standardInput = input
        // A program may stop reading early (it refused its input): the
        // write then fails with EPIPE instead of killing the tests.
        signal(SIGPIPE, SIG_IGN)
        // A child inherits the spawning thread's signal mask, and the test
        // runner's threads block nearly every signal: unblocked, a signal
        // sent to the program reaches it as it would from a shell.
        var unblocked = sigset_t()
        var saved = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin)) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return (process.terminationStatus, Array(try Data(contentsOf: outURL)), Array(try Data(contentsOf: errURL)))
    }
}

extension Tool {
    /// The alpha channel of an SVG drawn by rsvg-convert, one byte a pixel
    /// (read back by GDAL's PNG driver): what the fidelity tests compare.
    public static func rasterizedAlpha(ofSVG svg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        try withTemporaryFolder { folder in
            let source = folder.appendingPathComponent("map.svg").path
            let png = folder.appendingPathComponent("map.png").path
            let raw = folder.appendingPathComponent("alpha.raw").path
            try Data(svg).write(to: URL(fileURLWithPath: source))
            let rsvg = try run("rsvg-convert", [source, "-o", png])
            guard rsvg.status == 0 else { throw Failure(description: "rsvg-convert: \(rsvg.output)") }
            let gdal = try run("gdal_translate", ["-q", "-of", "ENVI", "-b", "4", png, raw])
            guard gdal.status == 0 else { throw Failure(description: "gdal_translate: \(gdal.output)") }
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
            guard bytes.count == width * height else {
                throw Failure(description: "\(bytes.count) bytes of alpha for \(width) x \(height) pixels")
            }
            return bytes
        }
    }

    /// A PNG's pixels as GDAL's PNG driver reads them: band after band
    /// (red, green, blue, and alpha when the image has one), a byte each.
    public static func pixels(ofPNG png: [UInt8]) throws -> (bands: Int, bytes: [UInt8]) {
        try withTemporaryFolder { folder in
            let source = folder.appendingPathComponent("image.png").path
            let raw = folder.appendingPathComponent("image.raw").path
            try Data(png).write(to: URL(fileURLWithPath: source))
            let gdal = try run("gdal_translate", ["-q", "-of", "ENVI", source, raw])
            guard gdal.status == 0 else { throw Failure(description: "gdal_translate: \(gdal.output)") }
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            let bands = bytes.count / max(width * height, 1)
            guard bands * width * height == bytes.count, (1...4).contains(bands) else {
                throw Failure(description: "\(bytes.count) bytes for \(width) x \(height) pixels")
            }
            return (bands, bytes)
        }
    }
}
