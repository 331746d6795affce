import Foundation

/// A throwaway PostgreSQL with PostGIS for the tests that read and write
/// PostGIS: a cluster made with `initdb` in a temporary folder, started
/// with `pg_ctl` on a free local port (and a socket in the folder), with a
/// database `gis` holding the extension. It starts when a test first asks
/// for it and is stopped, and its folder removed, when the test process
/// exits. Host connections need the password (SCRAM); `.ci/run` installs
/// `postgresql-15-postgis-3`.
///
/// ```swift
/// @Suite(.enabled(if: PostgresCluster.isInstalled, PostgresCluster.missing))
/// ...
/// let cluster = try PostgresCluster.started()
/// try cluster.psql("SELECT count(*) FROM roads")     // "12"
/// ```
public final class PostgresCluster: @unchecked Sendable {
    /// The folder of PostgreSQL's programs, with PostGIS installed for it.
    public static let binaries: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let bin = "\(root)/\(version)/bin"
            guard FileManager.default.isExecutableFile(atPath: "\(bin)/initdb"),
                FileManager.default.fileExists(atPath: "/usr/share/postgresql/\(version)/extension/postgis.control")
            else { continue }
            return bin
        }
        return nil
    }()

    public static var isInstalled: Bool { binaries != nil }
    public static let missing =
        "PostgreSQL with PostGIS is not installed (apt-get install postgresql-15-postgis-3)"

    public let port: Int
    public let password = "meridian test password"
    public let folder: URL
    private let runAs: [String]

    /// `postgresql://meridian:…@127.0.0.1:PORT/gis` with `parameters`.
    public func url(_ parameters: String = "", password: Bool = true) -> String {
        let secret = password ? ":" + self.password.replacingOccurrences(of: " ", with: "%20") : ""
        return "postgresql://meridian\(secret)@127.0.0.1:\(port)/gis" + (parameters.isEmpty ? "" : "?" + parameters)
    }

    private static let shared = Result { () throws -> PostgresCluster in try PostgresCluster() }

    /// The cluster, started on first use.
    public static func started() throws -> PostgresCluster { try shared.get() }

    private init() throws {
        guard let bin = Self.binaries else { throw Tool.Failure(description: "\(Self.missing)") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-postgres-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // initdb refuses to run as root: the cluster then belongs to postgres.
        runAs = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        if getuid() == 0 { _ = try Self.run(["/bin/chown", "postgres", folder.path], as: []) }
        let passwordFile = folder.appendingPathComponent("password")
        try Data(password.utf8).write(to: passwordFile)
        if getuid() == 0 { _ = try Self.run(["/bin/chown", "postgres", passwordFile.path], as: []) }
        let data = folder.appendingPathComponent("data").path
        try Self.run(
            [
                "\(bin)/initdb", "-D", data, "-U", "meridian", "--pwfile", passwordFile.path, "--auth-local", "trust",
                "--auth-host", "scram-sha-256", "-E", "UTF8", "--no-sync", "--locale", "C",
            ], as: runAs)
        var started: Int?
        for _ in 0..<5 {
            let port = Self.freePort()
            // Started through Python, which closes every other descriptor
            // first: the server would otherwise keep the one Foundation
            // watches to see pg_ctl exit, and the wait would never end.
            let start = try Self.run(
                [
                    "/usr/bin/python3", "-c",
                    "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:]).returncode)",
                    "\(bin)/pg_ctl", "-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-o",
                    "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off",
                    "start",
                ], as: runAs, check: false)
            if start.status == 0 {
                started = port
                break
            }
        }
        guard let port = started else { throw Tool.Failure(description: "PostgreSQL did not start in \(folder.path)") }
        self.port = port
        Self.stopping = (bin, data, folder.path, runAs)
        atexit {
            guard let (bin, data, folder, runAs) = PostgresCluster.stopping else { return }
            _ = try? PostgresCluster.run(
                [bin + "/pg_ctl", "-D", data, "-m", "immediate", "stop"], as: runAs, check: false)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try psql("CREATE DATABASE gis", database: "postgres")
        try psql("CREATE EXTENSION postgis")
    }

    nonisolated(unsafe) private static var stopping: (String, String, String, [String])?

    /// Runs SQL with psql over the socket, returning its unaligned output.
    @discardableResult
    public func psql(_ sql: String, database: String = "gis") throws -> String {
        let run = try Self.run(
            [
                "\(Self.binaries!)/psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", folder.path, "-p",
                "\(port)",
                "-U", "meridian", "-d", database, "-c", sql,
            ], as: runAs)
        var text = run.output
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    @discardableResult
    private static func run(_ command: [String], as prefix: [String], check: Bool = true) throws -> (
        status: Int32, output: String
    ) {
        let full = prefix + command
        // Standard output alone: the server's notices go to standard error.
        let result = try runProcess(URL(fileURLWithPath: full[0]), Array(full.dropFirst()))
        let output = String(decoding: result.stdout, as: UTF8.self)
        if check, result.status != 0 {
            throw Tool.Failure(
                description:
                    "\(command.joined(separator: " ")): \(output)\(String(decoding: result.stderr, as: UTF8.self))")
        }
        return (result.status, output)
    }

    /// A local port nothing listens on now.
    private static func freePort() -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
