import MeridianCore
import MeridianLibC

/// Each feature as a Placemark, or as the GroundOverlay or NetworkLink it
/// was read from (`@geometry-type`), with its fields as KML elements.
extension KMLWriter {
    /// Properties written as KML elements rather than ExtendedData.
    static let elementKeys: Set<String> = [
        "name", "description", "address", "phoneNumber", "visibility", "open", "styleUrl", "timestamp", "timespan",
        "coordinateProperties", "folder", "@geometry-type",
    ]
    static let networkLinkKeys: Set<String> = [
        "href", "refreshMode", "refreshInterval", "viewRefreshMode", "viewRefreshTime", "viewBoundScale", "viewFormat",
        "httpQuery", "lod", "refreshVisibility", "flyToView",
    ]

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

}
