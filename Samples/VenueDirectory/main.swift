// swift-format-ignore-file: article snippets appear here line for line.
// VenueDirectory: prints an IMDF venue's directory, floor by floor, the way
// a "You are here" board lists shops: the occupants on each level with their
// categories, then the amenities (lifts, restrooms, cash machines).
//
//     swift run VenueDirectory                          # Samples/meridian-arcade
//     swift run VenueDirectory venue.zip --language fr  # any IMDF folder or zip
//
// Exit status: 0 on success, 1 when the archive cannot be read or has no
// levels, 2 on bad usage.

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
    FileHandle.standardError.write(Data("VenueDirectory: error: \(message)\n".utf8))
    exit(status)
}

// MARK: Arguments

var path: String?
var languages: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print("usage: VenueDirectory [IMDF-FOLDER-OR-ZIP] [--language TAG]")
        exit(0)
    case "-l", "--language":
        guard let tag = arguments.popFirst() else { fail("--language needs a language tag, such as fr", status: 2) }
        languages.append(tag)
    default:
        if argument.hasPrefix("-") { fail("unknown option \(argument)", status: 2) }
        if path != nil { fail("give one venue, not several", status: 2) }
        path = argument
    }
}
let venuePath = path ?? sampleData("meridian-arcade")

// MARK: Reading the venue

let archive: IMDFArchive
do {
    archive = try IMDFArchive(contentsOf: venuePath)
} catch {
    fail("cannot read \(venuePath): \(error.diagnostic.message) [\(error.diagnostic.code)]")
}

// Labels fall back to the manifest's language, then to the first written.
let fallback = archive.manifest?.language
@MainActor func text(_ labels: IMDF.Labels?) -> String? {
    labels?.text(for: languages, fallback: fallback)
}

let problems = archive.diagnostics.filter { $0.severity == .error }
if !problems.isEmpty {
    FileHandle.standardError.write(Data("VenueDirectory: warning: \(problems.count) features could not be read; run `meridian validate \(venuePath)`\n".utf8))
}

let groups = archive.levelGroups.reversed()   // highest floor first, as a level picker
guard !groups.isEmpty else { fail("\(venuePath) has no levels with an ordinal") }

let venueName = text(archive.venue?.name) ?? "Unnamed venue"
let category = archive.venue?.category.map { " (\($0))" } ?? ""
print("\(venueName)\(category)")
print("\(archive.levels.count) levels, \(archive.units.count) units, \(archive.occupants.count) occupants, \(archive.amenities.count) amenities")

// MARK: One section per floor

for group in groups {
    let level = group.preferred
    let short = text(level.shortName) ?? String(group.ordinal)
    print("")
    print("\(short)  \(text(level.name) ?? "Level \(group.ordinal)")")

    var occupants: [(name: String, category: String, unit: String)] = []
    var amenities: [(name: String, category: String)] = []
    var amenitiesSeen = Set<String>()
    for level in group.levels {
        for unit in archive.units(onLevel: level.id) {
            for occupant in archive.occupants(inUnit: unit.id) {
                occupants.append((text(occupant.name) ?? "?", occupant.category?.rawValue ?? "-", text(unit.name) ?? unit.id))
            }
            // An amenity may serve several units; list it once per floor.
            for amenity in archive.amenities(inUnit: unit.id) where amenitiesSeen.insert(amenity.id).inserted {
                amenities.append((text(amenity.name) ?? amenity.category?.rawValue ?? "?", amenity.category?.rawValue ?? "-"))
            }
        }
    }

    if occupants.isEmpty { print("   (no occupants)") }
    let width = occupants.map(\.name.count).max() ?? 0
    for occupant in occupants.sorted(by: { $0.name < $1.name }) {
        let padding = String(repeating: " ", count: width - occupant.name.count + 2)
        print("   \(occupant.name)\(padding)\(occupant.category)")
    }
    if !amenities.isEmpty {
        let listed = amenities.sorted { $0.name < $1.name }.map { "\($0.name) (\($0.category))" }
        print("   amenities: " + listed.joined(separator: ", "))
    }
}
