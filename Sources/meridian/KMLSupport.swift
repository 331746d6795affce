import Meridian

/// KML and KMZ in the convert and info commands, kept in one file so the
/// commands themselves change by a line each.
enum KMLSupport {
    /// Handles a conversion to KML or KMZ; false for GeoJSON outputs (which
    /// ``FeatureSource`` feeds whatever the input's format).
    static func convert(_ command: ConvertCommand) throws -> Bool {
        let lower = command.output.lowercased()
        let toKML = lower.hasSuffix(".kml") || lower.hasSuffix(".kmz")
        if toKML {
            let writer = KMLWriter(options: .init(precision: command.precision))
            let result = try KMLConversion.toKML(
                input: command.input, output: command.output, kmz: lower.hasSuffix(".kmz"), writer: writer)
            report(result.warnings)
            return true
        }
        return false
    }

    /// Warnings go to standard error, at most 20, then a count (none
    /// with --quiet).
    static func report(_ warnings: [Diagnostic]) {
        for warning in warnings.prefix(20) { Console.shared.warn(warning) }
        if warnings.count > 20 && !Console.shared.quiet {
            printError("meridian: ... and \(warnings.count - 20) more warnings")
        }
    }

    /// libxml2 2.9 wants its globals set up on one thread before parsers
    /// run on several: parse a tiny document here before the workers start.
    static func prepareForThreads(_ paths: [String]) {
        guard paths.count > 1 else { return }
        if let reader = try? KMLFeatureReader(bytes: Array("<kml><Placemark/></kml>".utf8)) { _ = try? reader.next() }
    }
}
