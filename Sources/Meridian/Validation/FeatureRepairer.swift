import MeridianCore
import MeridianValidity

/// Makes the geometry of each feature valid, feature by feature, and lists
/// every change as a `fix.*` note located at the feature: the work behind
/// `meridian fix` and `convert --fix`.
///
/// ```swift
/// let repairer = FeatureRepairer(file: "parcels.geojson")
/// var feature = ...                       // a bow-tie parcel
/// repairer.repair(&feature, index: 0)     // now a MultiPolygon of two triangles
/// repairer.changes                        // [info: ... rebuilt by GEOS's MakeValid as 2 polygons [fix.geometry.made-valid]]
/// ```
///
/// Geometry goes through ``GeometryValidator/repair(_:options:)`` (GEOS's
/// MakeValid behind a cleaning pass); properties and ids are left alone.
/// Changes of one code are listed ``maximumPerCode`` times, then counted
/// in one `report.truncated` note. One repairer per thread.
public final class FeatureRepairer {
    public typealias Options = GeometryValidator.RepairOptions

    public let options: Options
    /// The input's name, for the changes' locations.
    public let file: String?
    /// How many features were changed.
    public private(set) var changedFeatures = 0
    private var found: DiagnosticCollector
    private let validator = GeometryValidator()

    public init(file: String?, options: Options = Options(), maximumPerCode: Int = 1_000) {
        self.file = file
        self.options = options
        self.found = DiagnosticCollector(maximumPerCode: maximumPerCode)
    }

    /// Every change made so far, as notes (a geometry dropped whole, or
    /// kept at full precision, is a warning; one GEOS could not rebuild in
    /// time, an error).
    public var changes: [Diagnostic] { found.diagnostics }

    /// Repairs the geometry of `feature`, the `index`th (from 0) of the
    /// input, whose `layout` (``FeatureSource/layout``) says how to locate
    /// it: a JSON pointer in a FeatureCollection (or a lone Feature), a
    /// record number in a sequence, the feature's number in the message
    /// otherwise (KML, IMDF).
    public func repair(_ feature: inout Feature, index: Int, layout: String = "featureCollection") {
        guard let geometry = feature.geometry else { return }
        let repair = validator.repair(geometry, options: options)
        guard !repair.changes.isEmpty else { return }
        if repair.changes.contains(where: { $0.severity != .error }) { changedFeatures += 1 }
        feature.geometry = repair.geometry
        var location = SourceLocation(file: file, featureID: feature.id?.description)
        var prefix = ""
        switch layout {
        case "featureCollection": location.jsonPointer = "/features/\(index)"
        case "feature", "geometry": location.jsonPointer = ""
        case "geoJSONSeq", "ndjson": location.record = index + 1
        default: prefix = "feature \(index + 1): "
        }
        for change in repair.changes {
            found.append(
                Diagnostic(
                    severity: change.severity, code: change.code, message: prefix + change.message, location: location))
        }
    }
}

extension SourceLocation {
    /// Where the `index`th feature (from 0) of an input laid out as
    /// `layout` (``FeatureSource/layout``) is: a JSON pointer in a
    /// FeatureCollection, the record in a sequence or any other format,
    /// and the feature's id.
    public init(feature: Feature, index: Int, layout: String, file: String?) {
        self.init(file: file, featureID: feature.id?.description)
        switch layout {
        case "featureCollection": jsonPointer = "/features/\(index)"
        case "feature", "geometry": jsonPointer = ""
        default: record = index + 1
        }
    }
}
