// The Foundation peer for Scripts/benchmark.sh: JSONSerialization, and
// JSONDecoder into plain Codable structs shaped like GeoJSON, the way an
// app without Meridian would decode a file. Prints the best MB/s.
//
//     foundation-peer serialization|codable FILE
import Foundation

struct AnyGeometry: Decodable {
    var type: String
    var coordinates: Coordinates?
    var geometries: [AnyGeometry]?
}

/// Nested coordinate arrays of any depth.
indirect enum Coordinates: Decodable {
    case position([Double])
    case nested([Coordinates])

    init(from decoder: Decoder) throws {
        if let position = try? [Double](from: decoder) {
            self = .position(position)
        } else {
            self = .nested(try [Coordinates](from: decoder))
        }
    }
}

struct AnyFeature: Decodable {
    var type: String
    var geometry: AnyGeometry?
}

struct AnyCollection: Decodable {
    var type: String
    var features: [AnyFeature]?
    var coordinates: Coordinates?
}

let arguments = CommandLine.arguments
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
var best = Double.infinity
var total = 0.0
var runs = 0
while total < 1.0 || runs < 3 {
    let start = DispatchTime.now().uptimeNanoseconds
    if arguments[1] == "serialization" {
        _ = try JSONSerialization.jsonObject(with: data)
    } else {
        _ = try JSONDecoder().decode(AnyCollection.self, from: data)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    best = min(best, seconds)
    total += seconds
    runs += 1
}
print(String(format: "%.1f", Double(data.count) / 1e6 / best))
