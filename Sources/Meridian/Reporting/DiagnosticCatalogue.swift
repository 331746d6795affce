import MeridianArchive
import MeridianCRS
import MeridianCSV
import MeridianCore
import MeridianGeoPackage
import MeridianPlaces
import MeridianGeoJSON
import MeridianIMDF
import MeridianKML
import MeridianFlatGeobuf
import MeridianShapefile
import MeridianTopoJSON
import MeridianSnapshot
import MeridianValidity

/// Every code Meridian reports, from every module: what `meridian rules`
/// lists and docs/diagnostics.md is written from.
///
/// ```swift
/// DiagnosticCatalogue.rule(for: "geojson.ring.unclosed")?.summary
/// // "A polygon ring whose last position is not its first."
/// DiagnosticCatalogue.rules.count   // every code, sorted
/// ```
///
/// Each module owns its codes: `DiagnosticRule.io` (input, output,
/// reporting), `GeoJSONDiagnostics` (json.*, geojson.*), `KMLDiagnostics`
/// (kml.*, kmz.*), the zip guard's archive.*, `IMDFRule` (imdf.*) and
/// `SnapshotDiagnostics` (snapshot.*); the codes of choosing an IMDF level
/// to draw live here. A new code goes into its module's list, and a test
/// fails until it is there and documented.
public enum DiagnosticCatalogue {
    /// The umbrella's own: choosing the level of an IMDF venue to read or
    /// draw (`--level`), how to split, and PNG output.
    static let umbrella = DiagnosticRule.table(
        #"""
        imdf.level.unknown | error | No level of the venue has the ordinal asked for.
        imdf.level.not-imdf | error | A level was asked for, but the input is not an IMDF venue.
        config.syntax | error | meridian.toml is not valid TOML (or is larger than 1 MiB).
        config.key.unknown | error | meridian.toml holds a table or key Meridian does not read, or an override without paths.
        config.value.type | error | A value in meridian.toml is of the wrong type (ignore must be an array of strings, strict a boolean).
        convert.layer.unknown | warning | --layer named a layer no feature is in; the message lists the layers met.
        expression.syntax | error | A --where expression that cannot be read; the message gives the column.
        snapshot.png.failed | error | cairo or librsvg could not draw the map into a PNG, or encode it (out of memory, for instance).
        snapshot.png.size | error | A PNG wider or taller than 16 384 pixels (the size in points times the scale).
        split.options.invalid | error | A split strategy out of range, one the input cannot serve (--into on a stream), or more tiles than shards may be open.
        """#)

    /// Every rule, sorted by code.
    public static let rules: [DiagnosticRule] =
        (DiagnosticRule.io + GeoJSONDiagnostics.rules + KMLDiagnostics.rules + CSVDiagnostics.rules
            + GeoPackageDiagnostics.rules + PlacesDiagnostics.rules + CoordinateSystemDiagnostics.rules
            + ShapefileDiagnostics.rules + FlatGeobufDiagnostics.rules + TopoJSONDiagnostics.rules
            + GeoParquetDiagnostics.rules + OSMDiagnostics.rules + TileDiagnostics.rules + RoutingDiagnostics.rules
            + PostGISDiagnostics.rules + SpatialDiagnostics.rules
        + ArchiveDiagnostics.rules + IMDFRule.rules + SnapshotDiagnostics.rules + ValidityDiagnostics.rules
            + ValidityDiagnostics.repairs
        + umbrella)
        .sorted { $0.code < $1.code }

    private static let byCode = Dictionary(rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// The rule of `code`, if Meridian reports it.
    public static func rule(for code: String) -> DiagnosticRule? { byCode[code] }

    /// The catalogue as the Markdown of docs/diagnostics.md: one table per
    /// family, each code an anchor.
    public static func markdown() -> String {
        var text = """
            # Diagnostics

            Every code Meridian reports, with its default severity, what it
            checks and how to fix what it reports. Codes are stable (`family.topic.problem`) and one problem has
            one code, whichever reader or validator finds it. This file is
            written by `meridian rules --format markdown`; a test keeps it in
            step with the code.

            """
        var family = ""
        for rule in rules {
            let prefix = String(rule.code.prefix { $0 != "." })
            if prefix != family {
                family = prefix
                text += "\n## \(family)\n\n| code | severity | what it checks | how to fix it |\n|---|---|---|---|\n"
            }
            let summary = rule.summary.replacingAll("|", with: "\\|")
            let fix = (fix(for: rule.code) ?? "").replacingAll("|", with: "\\|")
            text += "| <a id=\"\(rule.code)\"></a>`\(rule.code)` | \(rule.severity.rawValue) | \(summary) | \(fix) |\n"
        }
        return text
    }
}
