import Meridian
import MeridianCommandLine
import MeridianCore

struct BufferCommand: ReportingCommand {
    static let name = "buffer"
    static let abstract = "Draw the zone within a distance of each feature, in metres on the ellipsoid."
    static let discussion = """
        Reads any input and writes each feature with its geometry replaced by the zone within \
        --distance of it (500, 500m, 2.5km, 3mi, 1nmi, 300ft), measured along the WGS 84 \
        ellipsoid, not in degrees: the geometry is carried into an azimuthal equidistant plane \
        centred on it, buffered there by GEOS, and carried back. Distances are exact from the \
        geometry's centre and within 1e-3 of the truth for zones reaching 500 km from it. A \
        negative distance shrinks polygons. Zones that cross the antimeridian are cut there; a \
        zone around a pole runs along it; a distance of 20 004 km or more is the whole Earth. \
        Invalid geometry is repaired first (fix.* notes). A feature whose zone cannot be drawn \
        is written with a null geometry and an error (exit status 1); one of which nothing is \
        left, with a null geometry and a note. Properties and ids are kept.
        """

    let input: String
    let distance: Distance
    let segments: Int
    let cap: BufferOptions.CapStyle
    let join: BufferOptions.JoinStyle
    let mitreLimit: Double
    let out: OutputArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input file, or - for standard input.")
        let distanceText = try arguments.requiredOption(
            "distance", short: "d", help: "How far the zone reaches: metres, or with a unit (m, km, mi, nmi, ft).")
        // Help and the manual declare the options without values.
        guard let distance = distanceText.isEmpty ? Distance(0) : Distance(argument: distanceText) else {
            throw UsageError("--distance must be a number of metres, or a number with a unit (m, km, mi, nmi, ft)")
        }
        self.distance = distance
        segments = try arguments.option(
            "segments", default: 8, help: "Straight segments per quarter circle of a round end or corner.")
        cap = try arguments.option("cap", default: .round, help: "How the ends of lines are drawn.")
        join = try arguments.option("join", default: .round, help: "How the outside of corners is drawn.")
        mitreLimit = try arguments.option(
            "mitre-limit", default: 5.0, help: "How far a mitred corner may reach, in distances, before it is bevelled."
        )
        out = try arguments.group(OutputArguments.self)
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if !(1...1_000).contains(segments) { throw UsageError("--segments must be between 1 and 1000") }
        if !(mitreLimit > 0 && mitreLimit.isFinite) { throw UsageError("--mitre-limit must be a positive number") }
    }

    func run() throws {
        let options = BufferOptions(
            distance: distance.value, quadrantSegments: segments, capStyle: cap, joinStyle: join,
            mitreLimit: mitreLimit)
        try runSpatialOperation(BufferOperation(options: options), name: "buffer", input: input, out: out)
    }
}
