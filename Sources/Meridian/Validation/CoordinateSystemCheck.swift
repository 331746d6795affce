import MeridianCore
import MeridianIO

/// What `validate` checks of the systems an input declares (a GeoPackage
/// layer's `srs_id`, a GeoJSON collection's `crs` member): that PROJ can
/// read each, that every position can be carried to WGS 84 (an error
/// where one cannot: `crs.position.out-of-domain`), and that it then lies
/// where its system is used (a warning where it does not:
/// `crs.position.outside-area`, as a file in the wrong system, or with its
/// axes swapped, does).
struct CoordinateSystemCheck {
    private let reprojector: FeatureReprojector
    private let file: String
    private(set) var diagnostics: DiagnosticCollector
    /// Whether a feature was declared in a system other than WGS 84.
    private(set) var metOtherSystem = false

    /// `source`, when given, is the system of every position, whatever the
    /// input declares (`--s-srs`).
    init(file: String, maximumPerCode: Int, source: String? = nil) {
        var options = ReadingOptions()
        options.sourceCoordinateSystem = source
        reprojector = FeatureReprojector(options: options, file: file)
        self.file = file
        diagnostics = DiagnosticCollector(maximumPerCode: maximumPerCode)
    }

    /// Carries one feature, the `index`th (from 0), from `declared` to
    /// WGS 84; its geometry becomes nil where it cannot be carried. Throws
    /// when the system itself cannot serve.
    mutating func carry(_ feature: inout Feature, declared: String?, index: Int) throws(DiagnosticError) {
        guard let transformation = try reprojector.transformation(declared: declared) else { return }
        metOtherSystem = true
        var features = [feature]
        if let failure = reprojector.transform(&features, with: transformation) {
            diagnostics.append(reprojector.error(failure, first: index).diagnostic)
            feature.geometry = nil
            return
        }
        feature = features[0]
        guard let area = transformation.sourceArea, let box = feature.geometry?.boundingBox,
            !Self.contains(area, box)
        else { return }
        let name = feature.id.map { "feature \($0.description)" } ?? "feature \(index + 1)"
        diagnostics.append(
            Diagnostic(
                severity: .warning, code: "crs.position.outside-area",
                message:
                    "\(name) lies outside the area \(FeatureReprojector.describe(transformation.sourceName, transformation.sourceCode, transformation.source)) is used in (longitude \(area.west) to \(area.east), latitude \(area.south) to \(area.north)): is the input in the system it declares, and are its axes in order?",
                location: SourceLocation(file: file, featureID: feature.id?.description ?? "#\(index + 1)")))
    }

    /// Whether `area`, widened by a degree, holds `box` (an area may cross
    /// the antimeridian, its west then east of its east).
    private static func contains(_ area: BoundingBox, _ box: BoundingBox) -> Bool {
        let margin = 1.0
        guard box.south >= area.south - margin, box.north <= area.north + margin else { return false }
        if area.west <= area.east {
            return box.west >= area.west - margin && box.east <= area.east + margin
        }
        func inside(_ longitude: Double) -> Bool { longitude >= area.west - margin || longitude <= area.east + margin }
        return inside(box.west) && inside(box.east)
    }
}
