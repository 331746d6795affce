// swift-format-ignore-file: article snippets appear here line for line.
// RegionSnapshot: draws the map around a coordinate as an SVG, with a circle
// of a given radius and a marker at the centre, and lists which places of a
// GeoJSON file lie inside the circle, nearest first.
//
//     swift run RegionSnapshot                                  # Cambridge, 1 km
//     swift run RegionSnapshot --center 52.2043,0.1218 --radius 600 -o centre.svg
//     swift run RegionSnapshot places.geojson --center 48.8584,2.2945
//
// Exit status: 0 on success, 1 when the input cannot be read or the map
// cannot be drawn, 2 on bad usage.

import Foundation
import Meridian

/// Where the sample data sits: `Samples/<name>` beside this program's folder,
/// so the default works from any working directory of the source checkout.
func sampleData(_ name: String) -> String {
    let relative = "Samples/" + name
    if FileManager.default.fileExists(atPath: relative) { return relative }
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    return samples.appendingPathComponent(name).path
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("RegionSnapshot: error: \(message)\n".utf8))
    exit(status)
}

// MARK: Arguments

var input: String?
var center = Coordinate(latitude: 52.2043, longitude: 0.1218)   // Cambridge's Market Square
var radius = 1_000.0
var output = "region.svg"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print("usage: RegionSnapshot [GEOJSON] [--center LAT,LON] [--radius METRES] [-o OUTPUT.svg]")
        exit(0)
    case "--center":
        let parts = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2 else { fail("--center needs LAT,LON in degrees, such as 52.2043,0.1218", status: 2) }
        center = Coordinate(latitude: parts[0], longitude: parts[1])
        guard center.isValid else { fail("--center \(parts[0]),\(parts[1]) is not on Earth", status: 2) }
    case "--radius":
        guard let value = arguments.popFirst().flatMap(Double.init), value > 0, value.isFinite else {
            fail("--radius needs a distance in metres greater than 0", status: 2)
        }
        radius = value
    case "-o", "--output":
        guard let value = arguments.popFirst() else { fail("-o needs a file name", status: 2) }
        output = value
    default:
        if argument.hasPrefix("-") { fail("unknown option \(argument)", status: 2) }
        if input != nil { fail("give one GeoJSON file, not several", status: 2) }
        input = argument
    }
}
let inputPath = input ?? sampleData("cambridge-landmarks.geojson")

// MARK: Reading the places

/// Every feature of the input, whatever its format.
func readFeatures(_ path: String) -> [Feature] {
    do {
        return try FeatureSource(path: path).readAll()
    } catch {
        fail(error.diagnostic.description)
    }
}
let features = readFeatures(inputPath)

// MARK: Map math: what lies inside the circle

let circle = Circle(center: center, radius: radius)
let formatter = DistanceFormatter()
func name(_ feature: Feature) -> String {
    feature.properties["name"]?.stringValue ?? feature.id?.description ?? "unnamed"
}

var inside: [(name: String, distance: Double, bearing: Double)] = []
var pointCount = 0
var nearby: [String] = []
for feature in features {
    guard let geometry = feature.geometry else { continue }
    if case .point(let coordinate) = geometry {
        pointCount += 1
        if circle.contains(coordinate) {
            inside.append((name(feature), center.distance(to: coordinate), center.initialBearing(to: coordinate)))
        }
    } else if geometry.shapes.contains(where: { $0.intersects(circle.boundingMapRect) }) {
        // The cheap test MapKit's overlays make: bounding rects meet.
        nearby.append(name(feature))
    }
}

// MARK: Drawing

var overlay = Layer(id: "circle")
overlay.overlays = [
    .circle(circle, properties: JSONObject([("stroke", "#d70015"), ("stroke-width", 2), ("fill", "#d70015"), ("fill-opacity", 0.08)])),
    .annotation(PointAnnotation(coordinate: center, title: "Centre"), properties: JSONObject([("marker-color", "#0a84ff")])),
]
var options = Snapshotter.Options(layers: [Layer(id: "places", features: features), overlay])
options.size = Snapshotter.Size(width: 800, height: 600)
// Show the circle whole, with a quarter of its radius to spare on each side.
options.framing = .region(CoordinateRegion(center: center, latitudinalMeters: radius * 2.5, longitudinalMeters: radius * 2.5))
options.categoryProperty = "kind"
options.title = "Within \(formatter.string(fromDistance: radius)) of \(center.latitude), \(center.longitude)"

let snapshot: Snapshot
do {
    snapshot = try Snapshotter(options: options).snapshot()
    try snapshot.write(toFile: output)
} catch {
    fail(error.diagnostic.description)
}

// MARK: Report

let centrePoint = snapshot.point(for: center)
print("wrote \(output): \(Int(snapshot.size.width))x\(Int(snapshot.size.height)) SVG, \(snapshot.placedLabels.count) labels placed, \(snapshot.droppedLabelCount) dropped")
print("centre \(center.latitude), \(center.longitude) is at x \(centrePoint.x), y \(centrePoint.y) in the image")
print("inside the circle: \(inside.count) of \(pointCount) places")
for place in inside.sorted(by: { $0.distance < $1.distance }) {
    let bearing = (place.bearing + 360).truncatingRemainder(dividingBy: 360)
    print("  \(place.name): \(formatter.string(fromDistance: place.distance)), bearing \(Int(bearing.rounded()))°")
}
if !nearby.isEmpty {
    print("areas and lines near the circle: " + nearby.joined(separator: ", "))
}
