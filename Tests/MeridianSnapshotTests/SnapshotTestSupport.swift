import Foundation
import MeridianCore
import Testing

@testable import MeridianSnapshot

/// Helpers shared by the snapshot tests: small features, rendering, and a
/// parser for the path data the renderer writes. Fixtures, temporary
/// folders and external tools are in MeridianTestSupport.
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
}

/// Property objects written as literals in tests.
extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
