import MeridianCore

// The document outline is here. The rest is in extensions by topic:
// KMLWriter+Options, +Plan (the first pass over the features), +Styles
// (shared styles, deduplicated), +ExtendedData (Data, and the typed
// Schema), +Features (Placemark, GroundOverlay, NetworkLink), +Geometry,
// +Output (indented text) and +KMZ.

/// Writes features as a KML 2.2 document (OGC 07-147r2, namespace
/// `http://www.opengis.net/kml/2.2`), the inverse of ``KMLFeatureReader``.
///
/// ```swift
/// let bytes = KMLWriter().encode(FeatureCollection(features: features))
/// let kmz = try KMLWriter().encodeKMZ(FeatureCollection(features: features))
/// ```
///
/// - Geometries: Point, LineString, Polygon (outer and inner boundaries),
///   Multi* and GeometryCollection as MultiGeometry; a LineString (or
///   MultiLineString) with `coordinateProperties.times` as gx:Track (or
///   gx:MultiTrack).
/// - name, description, address, phoneNumber, visibility, open,
///   `timestamp` and `timespan` as their KML elements; `id` as the id
///   attribute.
/// - Simplestyle properties as shared `<Style>`s in the Document,
///   deduplicated; the id comes from the feature's `styleUrl` when it has
///   one, so KML -> GeoJSON -> KML keeps style ids.
/// - Other properties as ExtendedData: strings as `<Data>`; properties that
///   are numbers or Booleans in every feature as typed `<SimpleData>`
///   declared in one `<Schema>`; other values as JSON text.
/// - The `folder` property (an array of names) as nested `<Folder>`s.
/// - Features read from a GroundOverlay or NetworkLink (`@geometry-type`)
///   are written back as those elements.
///
/// Cost: two passes over the features (styles and schema first), output
/// linear in the input; the whole collection is in memory.
public struct KMLWriter: Sendable {
    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// The whole document.
    public func encode(_ collection: FeatureCollection) -> [UInt8] {
        var plan = Plan()
        for feature in collection.features { plan.study(feature) }
        var out = Output(precision: options.precision)
        out.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        out.line(#"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">"#)
        out.open("Document")
        if let name = options.documentName { out.element("name", name) }
        plan.writeSchema(into: &out)
        for (id, style) in plan.styles { writeStyle(id: id, style, into: &out) }
        var openFolders: [String] = []
        for feature in collection.features {
            let path = Self.folderPath(feature)
            var common = 0
            while common < min(path.count, openFolders.count), path[common] == openFolders[common] { common += 1 }
            while openFolders.count > common {
                out.close("Folder")
                openFolders.removeLast()
            }
            for name in path[common...] {
                out.open("Folder")
                out.element("name", name)
                openFolders.append(name)
            }
            writeFeature(feature, plan: plan, into: &out)
        }
        while !openFolders.isEmpty {
            out.close("Folder")
            openFolders.removeLast()
        }
        out.close("Document")
        out.line("</kml>")
        return out.bytes
    }

    static func folderPath(_ feature: Feature) -> [String] {
        switch feature.properties["folder"] {
        case .array(let names)?: names.compactMap(\.stringValue)
        case .string(let name)?: [name]
        default: []
        }
    }

}
