// CycleRoute: a cycle ride across Cambridge declared as MapKit for SwiftUI
// declares a map (a polyline stroked with a gradient, markers, an
// annotation and a circle over the bundled landmarks, muted), drawn as an
// SVG and a PNG.
//
//     swift run CycleRoute                          # writes cycle-route.svg and cycle-route.png
//     swift run CycleRoute -o Samples/cycle-route   # the pictures in the README
//
// Exit status: 0 on success, 1 when the map cannot be drawn or written,
// 2 on bad usage.

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
    FileHandle.standardError.write(Data("CycleRoute: error: \(message)\n".utf8))
    exit(status)
}

var output = "cycle-route"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print("usage: CycleRoute [-o OUTPUT]   (writes OUTPUT.svg and OUTPUT.png)")
        exit(0)
    case "-o":
        guard let value = arguments.popFirst(), !value.isEmpty else { fail("-o needs a file name", status: 2) }
        output = value
    default:
        fail("unexpected argument \(argument) (try --help)", status: 2)
    }
}

// The ride: from the station through the town centre to the river.
let ride = [
    Coordinate(latitude: 52.19418, longitude: 0.13719), Coordinate(latitude: 52.19655, longitude: 0.13265),
    Coordinate(latitude: 52.19894, longitude: 0.12903), Coordinate(latitude: 52.20167, longitude: 0.12711),
    Coordinate(latitude: 52.20300, longitude: 0.12420), Coordinate(latitude: 52.20430, longitude: 0.12110),
    Coordinate(latitude: 52.20580, longitude: 0.11800), Coordinate(latitude: 52.20870, longitude: 0.11700),
    Coordinate(latitude: 52.21120, longitude: 0.11960), Coordinate(latitude: 52.21230, longitude: 0.12410),
]
let stops = [
    ("Market Square", "M", Coordinate(latitude: 52.20430, longitude: 0.12110)),
    ("Magdalene Bridge", "B", Coordinate(latitude: 52.20870, longitude: 0.11700)),
]

let landmarks: Layer
do {
    var warnings: [Diagnostic] = []
    landmarks = try Layer(input: Input(path: sampleData("cambridge-landmarks.geojson")), warnings: &warnings)
} catch {
    fail("\(error)")
}

let length = DistanceFormatter().string(fromDistance: Polyline(ride).length)
var map = Map(position: .automatic) {
    landmarks
    MapCircle(center: ride[0], radius: 250)
        .foregroundStyle(.blue.opacity(0.15))
        .stroke(.blue, style: StrokeStyle(lineWidth: 1.5, dash: [4, 3]))
    MapPolyline(coordinates: ride)
        .stroke(Gradient(colors: [.green, .yellow, .red]), lineWidth: 6)
    Marker("Station", symbol: "rail", coordinate: ride[0]).tint(.blue)
    ForEach(stops) { name, letter, coordinate in
        Marker(name, monogram: letter, coordinate: coordinate).tint(.orange)
    }
    Annotation("Finish", coordinate: ride[ride.count - 1], anchor: .bottom) { .badge(length) }
        .tint(.red)
}
.mapStyle(.standard(emphasis: .muted))
map.title = "A ride across Cambridge"

do {
    let snapshot = try map.snapshot(size: Snapshotter.Size(width: 800, height: 600))
    try snapshot.write(toFile: output + ".svg")
    try snapshot.write(toFile: output + ".png")
    print("wrote \(output).svg and \(output).png (\(snapshot.placedLabels.count) labels)")
} catch {
    fail("\(error)")
}
