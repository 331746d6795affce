import ArgumentParser
import Meridian

@main
struct MeridianCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meridian",
        abstract: "Read, convert, validate and render map data: GeoJSON, KML/KMZ and IMDF.",
        version: meridianVersion,
        subcommands: []
    )
}
