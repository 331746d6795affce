import Foundation
import MeridianCore
import Testing

@testable import MeridianSnapshot

/// Helpers shared by the snapshot tests: small features, a parser for the
/// path data the renderer writes, and access to external tools and fixtures.
enum Support {
    static func point(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }

    static func feature(_ geometry: Geometry, id: String? = nil, _ properties: JSONObject = JSONObject()) -> Feature {
        Feature(id: id.map { .string($0) }, geometry: geometry, properties: properties)
    }

    static func square(_ lat: Double, _ lon: Double, _ half: Double) -> [Coordinate] {
        [
            point(lat - half, lon - half), point(lat - half, lon + half), point(lat + half, lon + half),
            point(lat + half, lon - half), point(lat - half, lon - half),
        ]
    }

    static func render(_ features: [Feature], configure: (inout Snapshotter.Options) -> Void = { _ in }) throws
        -> Snapshot
    {
        var options = Snapshotter.Options(layers: [Layer(id: "test", features: features)])
        configure(&options)
        return try Snapshotter(options: options).snapshot()
    }

    /// The values of every `d="..."` attribute.
    static func pathData(_ svg: String) -> [String] {
        svg.components(separatedBy: " d=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// Parses the renderer's path grammar (M x,y l dx,dy ... z) into
    /// subpaths of absolute points.
    static func subpaths(_ d: String) -> [[(Double, Double)]] {
        var result: [[(Double, Double)]] = []
        var numbers: [Double] = []
        var command: Character = " "
        var token = ""
        func flushToken() {
            if !token.isEmpty, let value = Double(token) { numbers.append(value) }
            token = ""
        }
        func flushCommand() {
            flushToken()
            guard numbers.count >= 2 else {
                numbers = []
                return
            }
            if command == "M" {
                result.append([(numbers[0], numbers[1])])
            } else if command == "l", var last = result.last?.last {
                var index = 0
                while index + 1 < numbers.count {
                    last = (last.0 + numbers[index], last.1 + numbers[index + 1])
                    result[result.count - 1].append(last)
                    index += 2
                }
            }
            numbers = []
        }
        for character in d {
            switch character {
            case "M", "l", "z":
                flushCommand()
                command = character
            case ",", " ":
                flushToken()
            case "-":
                flushToken()
                token = "-"
            default:
                token.append(character)
            }
        }
        flushCommand()
        return result
    }

    static func signedArea(_ ring: [(Double, Double)]) -> Double {
        var sum = 0.0
        for index in ring.indices {
            let a = ring[index]
            let b = ring[(index + 1) % ring.count]
            sum += a.0 * b.1 - b.0 * a.1
        }
        return sum / 2
    }

    /// The path to an executable on PATH, if any.
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// ../shared beside the package, when present.
    static let sharedRoot: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }()

    static func fixture(_ path: String) -> URL? {
        guard let url = sharedRoot?.appendingPathComponent("fixtures/\(path)"),
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return url
    }
}

/// Property objects written as literals in tests.
extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
