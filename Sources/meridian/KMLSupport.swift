import Meridian

/// KML and KMZ in the convert and info commands, kept in one file so the
/// commands themselves change by a line each.
enum KMLSupport {
    /// Handles a conversion that involves KML or KMZ; false when neither
    /// side is KML (the GeoJSON path then runs).
    static func convert(_ command: ConvertCommand) throws -> Bool {
        let lower = command.output.lowercased()
        let toKML = lower.hasSuffix(".kml") || lower.hasSuffix(".kmz")
        let input = InputFormat(path: command.input)
        if toKML {
            let writer = KMLWriter(options: .init(precision: command.precision))
            let result = try KMLConversion.toKML(input: command.input, output: command.output, kmz: lower.hasSuffix(".kmz"), writer: writer)
            report(result.warnings)
            return true
        }
        guard input == .kml || input == .kmz else { return false }
        let format = command.to ?? GeoJSONOutputFormat(path: command.output)
        let writer = GeoJSONWriter(
            options: .init(pretty: command.pretty, precision: command.precision, rewind: command.rewind, cutAntimeridian: command.cutAntimeridian))
        let result = try KMLConversion.kmlToGeoJSON(input: command.input, output: command.output, format: format, writer: writer)
        report(result.warnings)
        return true
    }

    /// A summary of a KML or KMZ file, or nil for other inputs.
    static func summary(_ path: String) throws -> FileSummary? {
        let input = InputFormat(path: path)
        guard input == .kml || input == .kmz else { return nil }
        return try FileSummary(kmlPath: path)
    }

    /// Warnings go to standard error, at most 20, then a count.
    static func report(_ warnings: [Diagnostic]) {
        for warning in warnings.prefix(20) { printError("meridian: \(warning)") }
        if warnings.count > 20 { printError("meridian: ... and \(warnings.count - 20) more warnings") }
    }
}
