import MeridianCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    public struct Options: Sendable, Hashable {
        /// Decimal places for coordinates; nil keeps full precision.
        public var precision: Int?
        /// The Document's name, if any.
        public var documentName: String?

        public init(precision: Int? = nil, documentName: String? = nil) {
            self.precision = precision
            self.documentName = documentName
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    static let schemaID = "meridian-schema"
    /// Properties written as KML elements rather than ExtendedData.
    static let elementKeys: Set<String> = [
        "name", "description", "address", "phoneNumber", "visibility", "open", "styleUrl", "timestamp", "timespan",
        "coordinateProperties", "folder", "@geometry-type",
    ]
    static let networkLinkKeys: Set<String> = [
        "href", "refreshMode", "refreshInterval", "viewRefreshMode", "viewRefreshTime", "viewBoundScale", "viewFormat",
        "httpQuery", "lod", "refreshVisibility", "flyToView",
    ]

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

    // MARK: - Planning: styles and schema

    struct Plan {
        /// Style id -> properties, in order of first use.
        var styles: [(String, JSONObject)] = []
        var styleIndex: [JSONObject: String] = [:]
        var idIndex: [String: JSONObject] = [:]
        /// Feature style key -> id.
        var fieldTypes: [String: String] = [:]
        var fieldOrder: [String] = []
        var generated = 0

        static func styleProperties(_ feature: Feature) -> JSONObject {
            var style = JSONObject()
            for (key, value) in feature.properties.members where KMLStyle.propertyKeys.contains(key) {
                style[key] = value
            }
            return style
        }

        static func localStyleID(_ feature: Feature) -> String? {
            feature.properties["styleUrl"]?.stringValue.flatMap { StyleTable.localID($0) }
        }

        mutating func study(_ feature: Feature) {
            let style = Self.styleProperties(feature)
            if !style.isEmpty { _ = styleID(for: feature, style: style, register: true) }
            let geometryType = feature.properties["@geometry-type"]?.stringValue
            for (key, value) in feature.properties.members {
                if KMLWriter.isElementProperty(key, value, geometryType: geometryType) { continue }
                let type: String?
                switch value {
                case .integer: type = "int"
                case .double: type = "double"
                case .bool: type = "bool"
                default: type = nil
                }
                if let existing = fieldTypes[key] {
                    if existing == "string" { continue }
                    if type == nil || (existing == "bool") != (type == "bool") {
                        fieldTypes[key] = "string"
                    } else if existing != type {
                        fieldTypes[key] = "double"
                    }
                } else {
                    fieldTypes[key] = type ?? "string"
                    fieldOrder.append(key)
                }
            }
        }

        mutating func styleID(for feature: Feature, style: JSONObject, register: Bool) -> String {
            if let id = Self.localStyleID(feature) {
                if let existing = idIndex[id] {
                    if existing == style { return id }
                } else if register {
                    idIndex[id] = style
                    styles.append((id, style))
                    styleIndex[style] = styleIndex[style] ?? id
                    return id
                }
            }
            if let id = styleIndex[style] { return id }
            if !register { return "" }
            var id: String
            repeat {
                generated += 1
                id = "style-\(generated)"
            } while idIndex[id] != nil
            idIndex[id] = style
            styleIndex[style] = id
            styles.append((id, style))
            return id
        }

        func lookupStyleID(for feature: Feature, style: JSONObject) -> String? {
            if let id = Self.localStyleID(feature), idIndex[id] == style { return id }
            return styleIndex[style]
        }

        func isTyped(_ key: String) -> Bool {
            if let type = fieldTypes[key] { return type != "string" }
            return false
        }

        func writeSchema(into out: inout Output) {
            let typed = fieldOrder.filter { isTyped($0) }
            guard !typed.isEmpty else { return }
            out.line(#"<Schema name="meridian" id="\#(KMLWriter.schemaID)">"#)
            for key in typed {
                out.line(#"<SimpleField name="\#(XMLText.escaped(key))" type="\#(fieldTypes[key]!)"/>"#)
            }
            out.line("</Schema>")
        }
    }

    static func isElementProperty(_ key: String, _ value: JSONValue, geometryType: String?) -> Bool {
        if KMLStyle.propertyKeys.contains(key) { return true }
        if geometryType == "networklink", networkLinkKeys.contains(key) { return true }
        switch key {
        case "name", "description", "address", "phoneNumber", "open", "styleUrl", "timestamp", "@geometry-type":
            return value.stringValue != nil
        case "visibility": return value.boolValue != nil
        case "timespan": return value.objectValue != nil
        case "folder": return value.arrayValue != nil || value.stringValue != nil
        case "coordinateProperties": return value.objectValue?["times"] != nil
        case "icon": return geometryType != nil
        default: return false
        }
    }

    // MARK: - Styles

    func writeStyle(id: String, _ style: JSONObject, into out: inout Output) {
        out.line(#"<Style id="\#(XMLText.escaped(id))">"#)
        func color(_ colorKey: String, _ opacityKey: String) -> String? {
            guard let css = style[colorKey]?.stringValue else { return nil }
            return KMLColor.kml(css: css, opacity: style[opacityKey]?.doubleValue)
        }
        func number(_ key: String) -> String? { style[key]?.doubleValue.map { XMLText.number($0) } }
        if style["icon"] != nil || style["icon-color"] != nil || style["icon-scale"] != nil
            || style["icon-heading"] != nil
            || style["icon-offset"] != nil
        {
            out.open("IconStyle")
            if let c = color("icon-color", "icon-opacity") { out.element("color", c) }
            if let s = number("icon-scale") { out.element("scale", s) }
            if let h = number("icon-heading") { out.element("heading", h) }
            if let href = style["icon"]?.stringValue {
                out.open("Icon")
                out.element("href", href)
                out.close("Icon")
            }
            if let offset = style["icon-offset"]?.arrayValue, offset.count == 2, let x = offset[0].doubleValue,
                let y = offset[1].doubleValue
            {
                let units = style["icon-offset-units"]?.arrayValue?.compactMap(\.stringValue) ?? []
                let xunits = units.count == 2 ? units[0] : "pixels"
                let yunits = units.count == 2 ? units[1] : "pixels"
                out.line(
                    #"<hotSpot x="\#(XMLText.number(x))" y="\#(XMLText.number(y))" xunits="\#(XMLText.escaped(xunits))" yunits="\#(XMLText.escaped(yunits))"/>"#
                )
            }
            out.close("IconStyle")
        }
        if style["label-color"] != nil || style["label-scale"] != nil {
            out.open("LabelStyle")
            if let c = color("label-color", "label-opacity") { out.element("color", c) }
            if let s = number("label-scale") { out.element("scale", s) }
            out.close("LabelStyle")
        }
        let strokeColor = color("stroke", "stroke-opacity")
        if strokeColor != nil || style["stroke-width"] != nil {
            out.open("LineStyle")
            if let strokeColor { out.element("color", strokeColor) }
            if let width = number("stroke-width") { out.element("width", width) }
            out.close("LineStyle")
        }
        let fillColor = color("fill", "fill-opacity")
        let noFill = style["fill"] == nil && style["fill-opacity"]?.doubleValue == 0
        let noOutline = style["stroke"] == nil && style["stroke-opacity"]?.doubleValue == 0
        if fillColor != nil || noFill || noOutline {
            out.open("PolyStyle")
            if let fillColor { out.element("color", fillColor) }
            if noFill { out.element("fill", "0") }
            if noOutline { out.element("outline", "0") }
            out.close("PolyStyle")
        }
        out.line("</Style>")
    }

    // MARK: - Features

    func writeFeature(_ feature: Feature, plan: Plan, into out: inout Output) {
        let properties = feature.properties
        let geometryType = properties["@geometry-type"]?.stringValue
        let element =
            geometryType == "groundoverlay"
            ? "GroundOverlay" : geometryType == "networklink" ? "NetworkLink" : "Placemark"
        if let id = feature.id {
            out.line("<\(element) id=\"\(XMLText.escaped(id.description))\">")
        } else {
            out.open(element)
        }
        if let name = properties["name"]?.stringValue { out.element("name", name) }
        if let visibility = properties["visibility"]?.boolValue { out.element("visibility", visibility ? "1" : "0") }
        if let open = properties["open"]?.stringValue { out.element("open", open) }
        if let address = properties["address"]?.stringValue { out.element("address", address) }
        if let phone = properties["phoneNumber"]?.stringValue { out.element("phoneNumber", phone) }
        if let description = properties["description"]?.stringValue { out.element("description", description) }
        if geometryType == "networklink" {
            for key in ["refreshVisibility", "flyToView"] {
                if let value = properties[key]?.stringValue { out.element(key, value) }
            }
        }
        if let timestamp = properties["timestamp"]?.stringValue {
            out.open("TimeStamp")
            out.element("when", timestamp)
            out.close("TimeStamp")
        }
        if let span = properties["timespan"]?.objectValue {
            out.open("TimeSpan")
            if let begin = span["begin"]?.stringValue, !begin.isEmpty { out.element("begin", begin) }
            if let end = span["end"]?.stringValue, !end.isEmpty { out.element("end", end) }
            out.close("TimeSpan")
        }
        let style = Plan.styleProperties(feature)
        if !style.isEmpty, let id = plan.lookupStyleID(for: feature, style: style) {
            out.element("styleUrl", "#" + id)
        } else if let url = properties["styleUrl"]?.stringValue {
            out.element("styleUrl", url)
        }
        writeExtendedData(feature, plan: plan, geometryType: geometryType, into: &out)
        switch geometryType {
        case "groundoverlay":
            writeGroundOverlay(feature, into: &out)
        case "networklink":
            writeNetworkLink(feature, into: &out)
        default:
            if let geometry = feature.geometry {
                let times = properties["coordinateProperties"]?["times"]
                writeGeometry(geometry, times: times, into: &out)
            }
        }
        out.close(element)
    }

    func writeExtendedData(_ feature: Feature, plan: Plan, geometryType: String?, into out: inout Output) {
        var data: [(String, String)] = []
        var simple: [(String, String)] = []
        for (key, value) in feature.properties.members {
            if Self.isElementProperty(key, value, geometryType: geometryType) { continue }
            if plan.isTyped(key) {
                switch value {
                case .integer(let v): simple.append((key, String(v)))
                case .double(let v): simple.append((key, "\(v)"))
                case .bool(let v): simple.append((key, v ? "true" : "false"))
                default: break
                }
                continue
            }
            switch value {
            case .string(let text): data.append((key, text))
            case .null: data.append((key, ""))
            default: data.append((key, String(decoding: value.compactJSON, as: UTF8.self)))
            }
        }
        guard !data.isEmpty || !simple.isEmpty else { return }
        out.open("ExtendedData")
        for (key, text) in data {
            out.line(#"<Data name="\#(XMLText.escaped(key))">"#)
            out.element("value", text)
            out.line("</Data>")
        }
        if !simple.isEmpty {
            out.line("<SchemaData schemaUrl=\"#" + Self.schemaID + "\">")
            for (key, text) in simple {
                out.line(#"<SimpleData name="\#(XMLText.escaped(key))">\#(XMLText.escaped(text))</SimpleData>"#)
            }
            out.line("</SchemaData>")
        }
        out.close("ExtendedData")
    }

    func writeGeometry(_ geometry: Geometry, times: JSONValue?, into out: inout Output) {
        switch geometry {
        case .point(let c):
            out.open("Point")
            out.coordinates([c])
            out.close("Point")
        case .lineString(let cs):
            if let when = times?.arrayValue?.compactMap(\.stringValue), when.count == cs.count, !when.isEmpty {
                writeTrack(cs, when: when, into: &out)
            } else {
                out.open("LineString")
                out.coordinates(cs)
                out.close("LineString")
            }
        case .polygon(let rings):
            out.open("Polygon")
            for (index, ring) in rings.enumerated() {
                let boundary = index == 0 ? "outerBoundaryIs" : "innerBoundaryIs"
                out.open(boundary)
                out.open("LinearRing")
                out.coordinates(ring)
                out.close("LinearRing")
                out.close(boundary)
            }
            out.close("Polygon")
        case .multiPoint(let cs):
            out.open("MultiGeometry")
            for c in cs { writeGeometry(.point(c), times: nil, into: &out) }
            out.close("MultiGeometry")
        case .multiLineString(let lines):
            let tracks = times?.arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] }
            if let tracks, tracks.count == lines.count,
                zip(tracks, lines).allSatisfy({ $0.count == $1.count && !$0.isEmpty })
            {
                out.open("gx:MultiTrack")
                for (line, when) in zip(lines, tracks) { writeTrack(line, when: when, into: &out) }
                out.close("gx:MultiTrack")
            } else {
                out.open("MultiGeometry")
                for line in lines { writeGeometry(.lineString(line), times: nil, into: &out) }
                out.close("MultiGeometry")
            }
        case .multiPolygon(let polygons):
            out.open("MultiGeometry")
            for polygon in polygons { writeGeometry(.polygon(polygon), times: nil, into: &out) }
            out.close("MultiGeometry")
        case .geometryCollection(let geometries):
            out.open("MultiGeometry")
            for part in geometries { writeGeometry(part, times: nil, into: &out) }
            out.close("MultiGeometry")
        }
    }

    func writeTrack(_ coordinates: [Coordinate], when: [String], into out: inout Output) {
        out.open("gx:Track")
        for time in when { out.element("when", time) }
        for c in coordinates {
            var text = out.format(c.longitude) + " " + out.format(c.latitude)
            if let altitude = c.altitude { text += " " + out.format(altitude) }
            out.element("gx:coord", text)
        }
        out.close("gx:Track")
    }

    func writeGroundOverlay(_ feature: Feature, into out: inout Output) {
        if let href = feature.properties["icon"]?.stringValue {
            out.open("Icon")
            out.element("href", href)
            out.close("Icon")
        }
        guard case .polygon(let rings)? = feature.geometry, let ring = rings.first, ring.count >= 4 else { return }
        if let bbox = feature.bbox, bbox.count == 4 {
            let (west, south, east, north) = (bbox[0], bbox[1], bbox[2], bbox[3])
            out.open("LatLonBox")
            out.element("north", XMLText.number(north))
            out.element("south", XMLText.number(south))
            out.element("east", XMLText.number(east))
            out.element("west", XMLText.number(west))
            // The rotation that turns the box's north-west corner onto the ring's first position.
            let cx = (west + east) / 2
            let cy = (south + north) / 2
            let turned = atan2(ring[0].latitude - cy, ring[0].longitude - cx) - atan2(north - cy, west - cx)
            var degrees = turned * 180 / .pi
            if degrees > 180 { degrees -= 360 }
            if degrees < -180 { degrees += 360 }
            if abs(degrees) > 1e-12 { out.element("rotation", "\(degrees)") }
            out.close("LatLonBox")
        } else {
            out.open("gx:LatLonQuad")
            out.coordinates(Array(ring.prefix(4)))
            out.close("gx:LatLonQuad")
        }
    }

    func writeNetworkLink(_ feature: Feature, into out: inout Output) {
        let properties = feature.properties
        if let bbox = feature.bbox, bbox.count == 4 {
            out.open("Region")
            out.open("LatLonAltBox")
            out.element("north", XMLText.number(bbox[3]))
            out.element("south", XMLText.number(bbox[1]))
            out.element("east", XMLText.number(bbox[2]))
            out.element("west", XMLText.number(bbox[0]))
            out.close("LatLonAltBox")
            if let lod = properties["lod"]?.arrayValue, lod.count == 4 {
                out.open("Lod")
                for (name, value) in zip(["minLodPixels", "maxLodPixels", "minFadeExtent", "maxFadeExtent"], lod) {
                    if let number = value.doubleValue { out.element(name, XMLText.number(number)) }
                }
                out.close("Lod")
            }
            out.close("Region")
        }
        out.open("Link")
        for key in [
            "href", "refreshMode", "refreshInterval", "viewRefreshMode", "viewRefreshTime", "viewBoundScale",
            "viewFormat", "httpQuery",
        ] {
            if let value = properties[key]?.stringValue { out.element(key, value) }
        }
        out.close("Link")
    }

    // MARK: - Output

    struct Output {
        var bytes: [UInt8] = []
        var level = 0
        let precision: Int?

        init(precision: Int?) {
            self.precision = precision
            bytes.reserveCapacity(1 << 16)
        }

        func format(_ value: Double) -> String { XMLText.number(value, precision: precision) }

        mutating func line(_ text: String) {
            for _ in 0..<level { bytes.append(0x20) }
            bytes.append(contentsOf: text.utf8)
            bytes.append(0x0A)
            if text.hasPrefix("</") {
                // already dedented by close()
            }
        }

        mutating func open(_ name: String) {
            line("<\(name)>")
            level += 1
        }

        mutating func close(_ name: String) {
            level = max(0, level - 1)
            line("</\(name)>")
        }

        mutating func element(_ name: String, _ text: String) {
            line("<\(name)>\(XMLText.escaped(text))</\(name)>")
        }

        mutating func coordinates(_ coordinates: [Coordinate]) {
            for _ in 0..<level { bytes.append(0x20) }
            bytes.append(contentsOf: "<coordinates>".utf8)
            for (index, c) in coordinates.enumerated() {
                if index > 0 { bytes.append(0x20) }
                bytes.append(contentsOf: format(c.longitude).utf8)
                bytes.append(0x2C)
                bytes.append(contentsOf: format(c.latitude).utf8)
                if let altitude = c.altitude {
                    bytes.append(0x2C)
                    bytes.append(contentsOf: format(altitude).utf8)
                }
            }
            bytes.append(contentsOf: "</coordinates>\n".utf8)
        }
    }
}
