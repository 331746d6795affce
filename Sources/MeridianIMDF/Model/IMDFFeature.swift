import MeridianCore

/// What the sixteen typed IMDF features share: the id as written, the
/// feature type, and the plain `Feature` they were read from (with its
/// `feature_type` foreign member and every property), so export and
/// rendering need nothing IMDF-specific.
///
/// ```swift
/// let plain: [Feature] = archive.units.map(\.feature)
/// ```
public protocol IMDFFeature: Sendable, Hashable {
    static var featureType: IMDF.FeatureType { get }
    /// The id string as written (a lower-case UUID in valid data).
    var id: String { get }
    /// The feature as decoded from GeoJSON.
    var feature: Feature { get }
}

extension IMDFFeature {
    public var featureType: IMDF.FeatureType { Self.featureType }
}

/// The decoding side of ``IMDFFeature``, kept internal: typed features are
/// built by ``IMDFArchive`` from a ``PropertyReader``.
protocol FeatureDecoding: IMDFFeature {
    init(_ feature: Feature, id: String, reader: inout PropertyReader)
}

extension IMDF.Address: FeatureDecoding {}
extension IMDF.Amenity: FeatureDecoding {}
extension IMDF.Anchor: FeatureDecoding {}
extension IMDF.Building: FeatureDecoding {}
extension IMDF.Detail: FeatureDecoding {}
extension IMDF.Fixture: FeatureDecoding {}
extension IMDF.Footprint: FeatureDecoding {}
extension IMDF.Geofence: FeatureDecoding {}
extension IMDF.Kiosk: FeatureDecoding {}
extension IMDF.Level: FeatureDecoding {}
extension IMDF.Occupant: FeatureDecoding {}
extension IMDF.Opening: FeatureDecoding {}
extension IMDF.Relationship: FeatureDecoding {}
extension IMDF.Section: FeatureDecoding {}
extension IMDF.Unit: FeatureDecoding {}
extension IMDF.Venue: FeatureDecoding {}
