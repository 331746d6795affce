import MeridianCore

/// Writes features as GPX 1.1, valid against TopoGrafix's schema: points
/// become waypoints, lines tracks (a MultiLineString one track of several
/// segments) or, when `_gpxType` is `rte`, routes. What togeojson (and
/// ``GPXFeatureReader``) read from GPX goes back: `name`, `cmt`, `desc`,
/// `src`, `links`, `sym`, `type`, elevation, per-point `times` and the
/// Garmin series `heart`, `cads`, `atemps` (`gpxtpx:TrackPointExtension`).
/// GPX has no areas: a polygon's rings are written as a track's
/// segments.
///
/// ```swift
/// let gpx = GPXWriter().encode(FeatureCollection(features: features))
/// ```
///
/// The schema puts every waypoint before every route and every route
/// before every track, so ``encode(_:)-(Feature)`` returns the three parts
/// separately and a streaming writer emits waypoints at once and routes
/// and tracks at the end. Times that are not an xsd:dateTime are left out
/// (the schema would reject the file); numbers are plain decimals.
public struct GPXWriter: Sendable {
    public struct Options: Sendable, Hashable {
        /// Decimal places for coordinates and elevations (nil: shortest
        /// round-trip form).
        public var precision: Int?
        /// The `creator` attribute.
        public var creator: String

        public init(precision: Int? = nil, creator: String = "Meridian") {
            self.precision = precision
            self.creator = creator
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// One feature's elements, by the section of the document they belong in.
    public struct Parts: Sendable {
        public var waypoints: [UInt8] = []
        public var routes: [UInt8] = []
        public var tracks: [UInt8] = []

        public init() {}
    }

    /// A whole document.
    public func encode(_ collection: FeatureCollection) -> [UInt8] {
        var all = Parts()
        for feature in collection.features {
            let parts = encode(feature)
            all.waypoints += parts.waypoints
            all.routes += parts.routes
            all.tracks += parts.tracks
        }
        return header() + all.waypoints + all.routes + all.tracks + footer()
    }

    public func header() -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="\(XMLText.escaped(options.creator))" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">

            """.utf8)
    }

    public func footer() -> [UInt8] { Array("</gpx>\n".utf8) }

    /// The elements one feature becomes.
    public func encode(_ feature: Feature) -> Parts {
        var parts = Parts()
        guard let geometry = feature.geometry else { return parts }
        let properties = feature.properties
        var points: [Coordinate] = []
        var lines: [[Coordinate]] = []
        collect(geometry, points: &points, lines: &lines)
        for point in points {
            var text = "<wpt \(position(point))>"
            if let altitude = point.altitude { text += "<ele>\(number(altitude))</ele>" }
            if let time = properties["time"]?.stringValue, Self.isDateTime(time) { text += "<time>\(time)</time>" }
            text += descriptive(properties, symbol: true)
            text += "</wpt>\n"
            parts.waypoints += Array(text.utf8)
        }
        guard !lines.isEmpty else { return parts }
        let series = properties["coordinateProperties"]?.objectValue ?? JSONObject()
        if properties["_gpxType"]?.stringValue == "rte", lines.count == 1 {
            var text = "<rte>" + descriptive(properties, symbol: false) + "\n"
            for point in lines[0] {
                text += "<rtept \(position(point))>"
                if let altitude = point.altitude { text += "<ele>\(number(altitude))</ele>" }
                text += "</rtept>\n"
            }
            parts.routes = Array((text + "</rte>\n").utf8)
            return parts
        }
        var text = "<trk>" + descriptive(properties, symbol: false) + "\n"
        for (index, line) in lines.enumerated() {
            text += "<trkseg>\n"
            for (vertex, point) in line.enumerated() {
                text += "<trkpt \(position(point))>"
                if let altitude = point.altitude { text += "<ele>\(number(altitude))</ele>" }
                if let time = Self.seriesValue(series["times"], segment: index, of: lines.count, vertex: vertex)?
                    .stringValue, Self.isDateTime(time)
                {
                    text += "<time>\(time)</time>"
                }
                var extensions = ""
                for (key, element) in [("atemps", "atemp"), ("heart", "hr"), ("cads", "cad")] {
                    if let value = Self.seriesValue(series[key], segment: index, of: lines.count, vertex: vertex)?
                        .doubleValue
                    {
                        extensions += "<gpxtpx:\(element)>\(number(value))</gpxtpx:\(element)>"
                    }
                }
                if !extensions.isEmpty {
                    text +=
                        "<extensions><gpxtpx:TrackPointExtension>\(extensions)</gpxtpx:TrackPointExtension></extensions>"
                }
                text += "</trkpt>\n"
            }
            text += "</trkseg>\n"
        }
        parts.tracks = Array((text + "</trk>\n").utf8)
        return parts
    }

    private func collect(_ geometry: Geometry, points: inout [Coordinate], lines: inout [[Coordinate]]) {
        switch geometry {
        case .point(let c): points.append(c)
        case .multiPoint(let cs): points += cs
        case .lineString(let line): lines.append(line)
        case .multiLineString(let more): lines += more
        case .polygon(let rings): lines += rings
        case .multiPolygon(let polygons): lines += polygons.flatMap { $0 }
        case .geometryCollection(let members): for member in members { collect(member, points: &points, lines: &lines) }
        }
    }

    /// A series value of `coordinateProperties`: a flat list for one
    /// segment, a list per segment for several.
    static func seriesValue(_ series: JSONValue?, segment: Int, of count: Int, vertex: Int) -> JSONValue? {
        guard let list = series?.arrayValue else { return nil }
        let values = count > 1 ? (segment < list.count ? list[segment].arrayValue ?? [] : []) : list
        guard vertex < values.count, values[vertex] != .null else { return nil }
        return values[vertex]
    }

    private func position(_ c: Coordinate) -> String {
        "lat=\"\(number(c.latitude))\" lon=\"\(number(c.longitude))\""
    }

    /// name, cmt, desc, src, link, sym (waypoints), type: in the schema's order.
    private func descriptive(_ properties: JSONObject, symbol: Bool) -> String {
        func element(_ key: String) -> String {
            guard let value = properties[key]?.stringValue, !value.isEmpty else { return "" }
            return "<\(key)>\(XMLText.escaped(value))</\(key)>"
        }
        var text = element("name") + element("cmt") + element("desc") + element("src")
        for link in properties["links"]?.arrayValue ?? [] {
            guard let href = link["href"]?.stringValue else { continue }
            text += "<link href=\"\(XMLText.escaped(href))\">"
            if let title = link["text"]?.stringValue { text += "<text>\(XMLText.escaped(title))</text>" }
            if let type = link["type"]?.stringValue { text += "<type>\(XMLText.escaped(type))</type>" }
            text += "</link>"
        }
        if symbol { text += element("sym") }
        return text + element("type")
    }

    private func number(_ value: Double) -> String { Self.decimal(value, precision: options.precision) }

    /// `value` as an xsd:decimal: no exponent, shortest round-trip digits
    /// (or `precision` places).
    static func decimal(_ value: Double, precision: Int? = nil) -> String {
        let text = shortestText(value, places: precision)
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: e)...])
        else { return text }
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = integer + fraction
        var point = integer.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var result = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        while result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return (negative ? "-" : "") + result
    }

    /// xsd:dateTime's shape: `2012-10-24T23:29:40Z`, fractions and offsets allowed.
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && range.allSatisfy { bytes[$0] &- 0x30 < 10 }
        }
        guard bytes.count >= 19, digits(0..<4), bytes[4] == 0x2D, digits(5..<7), bytes[7] == 0x2D, digits(8..<10),
            bytes[10] == 0x54, digits(11..<13), bytes[13] == 0x3A, digits(14..<16), bytes[16] == 0x3A, digits(17..<19)
        else { return false }
        var i = 19
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            let start = i
            while i < bytes.count, bytes[i] &- 0x30 < 10 { i += 1 }
            if i == start { return false }
        }
        if i == bytes.count { return true }
        if bytes[i] == 0x5A { return i + 1 == bytes.count }
        guard bytes[i] == 0x2B || bytes[i] == 0x2D else { return false }
        return bytes.count == i + 6 && digits((i + 1)..<(i + 3)) && bytes[i + 3] == 0x3A && digits((i + 4)..<(i + 6))
    }
}
