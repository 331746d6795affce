import MeridianCore

/// Turns one Placemark, GroundOverlay or NetworkLink element into a
/// ``Feature`` with togeojson's property names (../shared/docs/kml.md).
///
/// ```swift
/// let decoder = FeatureDecoder(styles: styles, schemas: schemas, fileName: "tour.kml")
/// let (feature, problems) = decoder.feature(from: placemark, folders: ["Trips", "2014"])   // the `folder` value
/// ```
///
/// Properties, in this order: name, address, visibility (a Boolean: "0"
/// and "false" are false), open, phoneNumber, description (text as written,
/// HTML kept as HTML), styleUrl and the resolved shared style, the inline
/// style (overriding key by key), ExtendedData (`Data` as strings,
/// `SimpleData` typed by its Schema), `timespan {begin, end}`, `timestamp`,
/// `coordinateProperties {times}` for tracks, and `folder`: the names of
/// the enclosing Document and Folder elements, outermost first (left out
/// when there are none). The `id` attribute becomes the feature id.
///
/// Cost: linear in the element's size.
struct FeatureDecoder {
    var styles: StyleTable
    var schemas: SchemaTable
    var fileName: String?

    /// The name of the property holding the folder path.
    static let folderKey = "folder"

    /// Fields read as strings (visibility as a Boolean), in property order.
    private static let simpleFields: [(KMLTag, String)] = [
        (.name, "name"), (.address, "address"), (.visibility, "visibility"), (.open, "open"),
        (.phoneNumber, "phoneNumber"),
    ]
    private static let networkLinkFields: [(KMLTag, String)] = [
        (.refreshVisibility, "refreshVisibility"), (.flyToView, "flyToView"),
    ]
    private static let linkFields: [(KMLTag, String)] = [
        (.href, "href"), (.refreshMode, "refreshMode"), (.refreshInterval, "refreshInterval"),
        (.viewRefreshMode, "viewRefreshMode"),
        (.viewRefreshTime, "viewRefreshTime"), (.viewBoundScale, "viewBoundScale"), (.viewFormat, "viewFormat"),
        (.httpQuery, "httpQuery"),
    ]

    /// `folders` is the `folder` property (an array of names), nil for none.
    func feature(from element: KMLElement, folders: JSONValue?) -> (Feature, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var feature = Feature()
        var properties = JSONObject()
        var geometryDecoder = GeometryDecoder()
        let id = element.attribute("id")?.trimmedKMLWhitespace
        if let id, !id.isEmpty { feature.id = .string(id) }

        switch element.tag {
        case .GroundOverlay:
            properties["@geometry-type"] = "groundoverlay"
            if let quad = element.child(.LatLonQuad), let coordinates = quad.child(.coordinates) {
                var ring = coordinates.withBytes { CoordinateParser.parse($0) }.coordinates
                if let first = ring.first, ring.last != first { ring.append(first) }
                if ring.count >= 4 { feature.geometry = .polygon([ring]) }
            } else if let box = element.child(.LatLonBox), let (ring, bbox) = GeometryDecoder.latLonBox(box) {
                feature.geometry = .polygon([ring])
                feature.bbox = bbox
            }
        case .NetworkLink:
            properties["@geometry-type"] = "networklink"
            if let box = element.child(.Region)?.child(.LatLonAltBox), let north = box.number(.north),
                let south = box.number(.south), let east = box.number(.east), let west = box.number(.west)
            {
                feature.geometry = .polygon([
                    [
                        Coordinate(latitude: north, longitude: west), Coordinate(latitude: north, longitude: east),
                        Coordinate(latitude: south, longitude: east), Coordinate(latitude: south, longitude: west),
                        Coordinate(latitude: north, longitude: west),
                    ]
                ])
                feature.bbox = [west, south, east, north]
            }
        case .PhotoOverlay:
            // Not in togeojson; GDAL reads a PhotoOverlay as its Point.
            properties["@geometry-type"] = "photooverlay"
            feature.geometry = geometryDecoder.geometry(of: element)
        default:
            feature.geometry = geometryDecoder.geometry(of: element)
        }

        for (tag, name) in Self.simpleFields {
            guard let child = element.child(tag) else { continue }
            let text = child.textContent
            guard !text.isEmpty else { continue }
            if tag == .visibility {
                let value = text.trimmedKMLWhitespace.lowercased()
                properties[name] = .bool(!(value == "0" || value == "false"))
            } else {
                properties[name] = .string(text)
            }
        }
        if element.is(.NetworkLink) {
            for (tag, name) in Self.networkLinkFields {
                if let child = element.child(tag) {
                    let text = child.textContent
                    if !text.isEmpty { properties[name] = .string(text) }
                }
            }
        }
        if let description = element.child(.description) {
            let text = description.textContent
            if !text.isEmpty { properties["description"] = .string(text) }
        }

        // Styles: the shared one through styleUrl, then the inline one.
        var style = KMLStyle()
        if let styleUrl = element.child(.styleUrl)?.textContent.trimmedKMLWhitespace, !styleUrl.isEmpty {
            let local = StyleTable.localID(styleUrl)
            properties["styleUrl"] = .string(local.map { "#" + $0 } ?? styleUrl)
            if let shared = styles.resolve(styleUrl) {
                style = shared
            } else if local != nil {
                diagnostics.append(
                    Diagnostic(
                        severity: .warning, code: "kml.style.unresolved",
                        message: "styleUrl \(styleUrl) names no Style or StyleMap in this document",
                        location: location(element.child(.styleUrl)?.line ?? element.line, feature)))
            }
        }
        if let inline = element.child(.Style) {
            style = KMLStyle(element: inline).merged(over: style)
        }
        for (key, value) in style.properties.members { properties[key] = value }
        if !element.is(.Placemark), let href = element.child(.Icon)?.value(.href) {
            properties["icon"] = .string(href)
        }

        if let extended = element.child(.ExtendedData) {
            for data in extended.children(named: .Data) {
                properties[data.attribute("name") ?? ""] = .string(data.child(.value)?.textContent ?? "")
            }
            for schemaData in extended.children(named: .SchemaData) {
                let schemaUrl = schemaData.attribute("schemaUrl")
                for simple in schemaData.children(named: .SimpleData) {
                    let name = simple.attribute("name") ?? ""
                    properties[name] = schemas.value(simple.textContent, field: name, schemaUrl: schemaUrl)
                }
            }
        }
        if let span = element.child(.TimeSpan) {
            properties["timespan"] = [
                "begin": .string(span.value(.begin) ?? ""), "end": .string(span.value(.end) ?? ""),
            ]
        }
        if let stamp = element.child(.TimeStamp) {
            properties["timestamp"] = .string(stamp.value(.when) ?? "")
        }
        if element.is(.NetworkLink) {
            if let link = element.child(.Link) ?? element.child(.Url) {
                for (tag, name) in Self.linkFields {
                    if let child = link.child(tag) {
                        let text = child.textContent
                        if !text.isEmpty { properties[name] = .string(text) }
                    }
                }
            }
            if let lod = element.child(.Region)?.child(.Lod) {
                func number(_ tag: KMLTag) -> JSONValue? { lod.number(tag).map { KMLNumber.json($0) } }
                properties["lod"] = .array([
                    number(.minLodPixels) ?? -1, number(.maxLodPixels) ?? -1, number(.minFadeExtent) ?? .null,
                    number(.maxFadeExtent) ?? .null,
                ])
            }
        }
        if !geometryDecoder.times.isEmpty {
            let times = geometryDecoder.times.map { JSONValue.array($0.map(JSONValue.string)) }
            properties["coordinateProperties"] = ["times": times.count == 1 ? times[0] : .array(times)]
        }
        if let folders {
            properties[Self.folderKey] = folders
        }
        feature.properties = properties
        for problem in geometryDecoder.problems {
            diagnostics.append(
                Diagnostic(
                    severity: .warning, code: "kml.coordinates.malformed", message: problem.message,
                    location: location(problem.line, feature)))
        }
        return (feature, diagnostics)
    }

    private func location(_ line: Int, _ feature: Feature) -> SourceLocation {
        SourceLocation(file: fileName, line: line > 0 ? line : nil, featureID: feature.id?.description)
    }
}
