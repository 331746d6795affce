import MeridianCore
import MeridianJSON

/// A drop-in for MapKit's `MKGeoJSONDecoder`, for people porting apps:
/// decoding returns features and bare shapes the way MapKit does.
///
/// ```swift
/// let objects = try GeoJSONDecoder().decode(bytes)
/// for case let feature as GeoJSONFeature in objects {
///     print(feature.identifier ?? "-", feature.geometry.count)
/// }
/// ```
///
/// As MapKit: a feature's ``GeoJSONFeature/identifier`` is a string even
/// when the file has a number, ``GeoJSONFeature/properties`` is the raw
/// JSON of the properties member (compact UTF-8, left for the caller to
/// decode), and a GeometryCollection flattens into the feature's shapes.
/// Unlike MapKit, failures say what and where: a `DiagnosticError` with
/// line, column and JSON pointer. For Meridian's full model (ids as
/// written, typed properties, foreign members) use ``GeoJSONDocument``.
public struct GeoJSONDecoder: Sendable {
    public var options: JSONReadingOptions

    public init(options: JSONReadingOptions = JSONReadingOptions()) {
        self.options = options
    }

    /// Features, and shapes for bare geometries, in document order.
    public func decode<Bytes: Collection<UInt8>>(_ data: Bytes) throws(DiagnosticError) -> [any GeoJSONObject] {
        switch try GeoJSONDocument(decoding: data, options: options) {
        case .featureCollection(let collection): return collection.features.map(GeoJSONFeature.init)
        case .feature(let feature): return [GeoJSONFeature(feature)]
        case .geometry(let geometry, _): return geometry.shapes.compactMap { $0 as? any GeoJSONObject }
        }
    }
}

/// What ``GeoJSONDecoder`` returns: a ``GeoJSONFeature`` or a shape, as
/// `MKGeoJSONObject`.
public protocol GeoJSONObject: Sendable {}

/// A feature as MapKit's `MKGeoJSONFeature` presents it.
public struct GeoJSONFeature: GeoJSONObject {
    /// The id as text (numbers in their shortest form), nil when absent.
    public var identifier: String?
    /// The properties member as compact JSON bytes; nil when absent or null.
    public var properties: [UInt8]?
    /// The geometry as shapes; empty for a null geometry.
    public var geometry: [any Shape]

    public init(_ feature: Feature) {
        identifier = feature.id?.description
        properties =
            feature.propertiesAreNull ? nil : Array(JSONValue.object(feature.properties).jsonBytes().dropLast())
        geometry = feature.geometry?.shapes ?? []
    }
}

extension PointAnnotation: GeoJSONObject {}
extension MultiPoint: GeoJSONObject {}
extension Polyline: GeoJSONObject {}
extension MultiPolyline: GeoJSONObject {}
extension Polygon: GeoJSONObject {}
extension MultiPolygon: GeoJSONObject {}
