import MeridianCore

/// Turns one GPX `wpt`, `rte` or `trk` element, or one TCX `Lap` or
/// `Courses` element, into a Feature, as togeojson does (the converter GPS
/// users know), so that its output and Meridian's agree:
///
/// - a waypoint is a Point with `name`, `cmt`, `desc`, `type`, `time`,
///   `keywords`, `sym`, `links`; elevation is the third coordinate;
/// - a route is a LineString with `_gpxType: "rte"`;
/// - a track is a LineString, or a MultiLineString when it has several
///   segments, with `_gpxType: "trk"` and per-point series in
///   `coordinateProperties`: `times`, `heart` (Garmin's `gpxtpx:hr`), and
///   one plural key per other extension value (`cads`, `atemps`, `powers`);
/// - a TCX lap or the courses are a LineString or MultiLineString with the
///   lap's totals (`totalTimeSeconds`, `distanceMeters`, `maxSpeed`...),
///   its series (`cadences`, `speeds`, `watts`) and `coordinateProperties`
///   `times` and `heart`;
/// - elements in the namespaces the `<gpx>` element declares become
///   properties named `prefix_name` (`gpxx_DisplayColor`), and a Garmin
///   line style becomes simplestyle `stroke`, `stroke-opacity`, `stroke-width`.
///
/// A point whose `lon` or `lat` is not a number is skipped with a
/// `gpx.point.invalid` warning; a line with fewer than two points gives no
/// feature (`gpx.line.too-short`).
struct GPXDecoder {
    let names: KMLNameTable
    let sourceName: String?
    /// The namespaces declared on `<gpx>` whose elements become properties.
    let propertyNamespaces: [String]
    /// The property key of each name in `propertyNamespaces`, by name id.
    private let namespaceKeys = NamespaceKeys()
    /// The property and series names of extension values, by name id.
    private let extensionKeys = ExtensionKeys()
    /// The local names of Garmin's activity-extension elements, by name id.
    private let extensionNames = NamespacedLocalNames()
    /// The TCX values read from trackpoints and laps, their names interned.
    private let trackpointTags: [(id: Int32, tag: String, alias: String)]
    private let lapTags: [(id: Int32, tag: String, alias: String)]

    // Interned names.
    let trkseg, trkpt, rtept, ele, time, name, cmt, desc, type, keywords, sym, link, text, extensions: Int32
    let line, color, opacity, width: Int32
    let track, trackpoint, longitude, latitude, heartRate, tcxTime, altitude, tcxName: Int32

    init(names: KMLNameTable, sourceName: String?, declaredNamespaces: [(prefix: String, uri: String)]) {
        self.names = names
        self.sourceName = sourceName
        let garmin = "http://www.garmin.com/xmlschemas/GpxExtensions/v3"
        propertyNamespaces = [garmin] + declaredNamespaces.map(\.uri).filter { $0 != garmin }
        func id(_ name: String) -> Int32 { names.intern(name) }
        (trkseg, trkpt, rtept, ele, time) = (id("trkseg"), id("trkpt"), id("rtept"), id("ele"), id("time"))
        (name, cmt, desc, type, keywords, sym) = (
            id("name"), id("cmt"), id("desc"), id("type"), id("keywords"), id("sym")
        )
        (link, text, extensions) = (id("link"), id("text"), id("extensions"))
        (line, color, opacity, width) = (id("line"), id("color"), id("opacity"), id("width"))
        (track, trackpoint, longitude, latitude) = (
            id("Track"), id("Trackpoint"), id("LongitudeDegrees"), id("LatitudeDegrees")
        )
        (heartRate, tcxTime, altitude, tcxName) = (id("HeartRateBpm"), id("Time"), id("AltitudeMeters"), id("Name"))
        trackpointTags = Self.trackpointValues.map { (id($0.0), $0.0, $0.1) }
        lapTags = Self.lapValues.map { (id($0.0), $0.0, $0.1) }
    }

    // MARK: - GPX

    /// One point's position, or nil (with a `gpx.point.invalid` warning)
    /// when its `lon` or `lat` is not a number.
    func coordinate(_ element: KMLElement, problems: inout [Diagnostic]) -> Coordinate? {
        guard let lon = element.withAttribute("lon", { $0.flatMap(Self.parseFloat) }),
            let lat = element.withAttribute("lat", { $0.flatMap(Self.parseFloat) })
        else {
            problems.append(
                Diagnostic(
                    severity: .warning, code: "gpx.point.invalid",
                    message:
                        "<\(element.qualifiedName)> has no numeric lon and lat (lon=\"\(element.attribute("lon") ?? "")\", lat=\"\(element.attribute("lat") ?? "")\"); it is skipped",
                    location: SourceLocation(file: sourceName, line: element.line)))
            return nil
        }
        guard isInRange(latitude: lat, longitude: lon, element, problems: &problems) else { return nil }
        let elevation = element.firstDescendant(ele).flatMap(Self.number)
        return Coordinate(latitude: lat, longitude: lon, altitude: elevation)
    }

    /// Whether a point lies on the globe, as GPX's schema (and TCX's)
    /// bounds it: latitude -90 to 90, longitude -180 to 180. A point off it
    /// is skipped with a `gpx.point.out-of-range` warning (an error for
    /// `validate`), never written on as if it were a place.
    func isInRange(latitude: Double, longitude: Double, _ element: KMLElement, problems: inout [Diagnostic]) -> Bool {
        guard !(-90...90).contains(latitude) || !(-180...180).contains(longitude) else { return true }
        problems.append(
            Diagnostic(
                severity: .warning, code: "gpx.point.out-of-range",
                message:
                    "<\(element.qualifiedName)> lies off the globe (latitude \(latitude), longitude \(longitude); latitude is -90 to 90, longitude -180 to 180); it is skipped",
                location: SourceLocation(file: sourceName, line: element.line)))
        return false
    }

    /// Calls `body` with each extension value of a point: its series name
    /// (`heart` for Garmin's `gpxtpx:hr`, `cads` for `gpxtpx:cad`) and its
    /// value, a number when the text is one.
    private func forEachExtension(_ node: KMLElement, _ body: (String, JSONValue) -> Void) {
        for child in node.children {
            let key = extensionKeys.key(of: child.nameID, names: names)
            if key.isContainer {
                forEachExtension(child, body)
                continue
            }
            let value = child.withTextContent { bytes in
                Self.parseFloat(bytes).map(JSONValue.double) ?? .string(String(decoding: bytes, as: UTF8.self))
            }
            body(key.series, value)
        }
    }

    /// The points of a `trkseg` or `rte`: positions, times, and each
    /// extension as a series as long as the element's points (null where
    /// a point has none); nil for fewer than two usable points.
    func points(_ element: KMLElement, named pointName: Int32, problems: inout [Diagnostic]) -> (
        line: [Coordinate], times: [String], series: [(String, [JSONValue])]
    )? {
        let elements = element.allDescendants(pointName)
        var line: [Coordinate] = []
        line.reserveCapacity(elements.count)
        var times: [String] = []
        var series: [(String, [JSONValue])] = []
        var seriesOfName: [String: Int] = [:]
        var leftOut = 0
        for (index, node) in elements.enumerated() {
            guard let coordinate = coordinate(node, problems: &problems) else { continue }
            line.append(coordinate)
            if let time = node.firstDescendant(self.time)?.textContent, !time.isEmpty {
                if times.isEmpty { times.reserveCapacity(elements.count) }
                times.append(time)
            }
            guard let extensions = node.firstDescendant(extensions) else { continue }
            forEachExtension(extensions) { name, value in
                if let at = seriesOfName[name] {
                    series[at].1[index] = value
                } else if series.count < InputLimits.maximumPointSeries {
                    // Each series is as long as the line: their number is bounded, not their names.
                    var values = [JSONValue](repeating: .null, count: elements.count)
                    values[index] = value
                    seriesOfName[name] = series.count
                    series.append((name, values))
                } else {
                    leftOut += 1
                }
            }
        }
        if leftOut > 0 {
            problems.append(
                Diagnostic(
                    severity: .warning, code: "gpx.extensions.too-many",
                    message:
                        "<\(element.qualifiedName)>'s points have more than \(InputLimits.maximumPointSeries) kinds of extension value; \(leftOut) value(s) of the others are left out",
                    location: SourceLocation(file: sourceName, line: element.line)))
        }
        guard line.count >= 2 else {
            problems.append(
                Diagnostic(
                    severity: .warning, code: "gpx.line.too-short",
                    message:
                        "<\(element.qualifiedName)> has \(line.count) usable point(s); a line needs 2, so it is left out",
                    location: SourceLocation(file: sourceName, line: element.line)))
            return nil
        }
        return (line, times, series)
    }

    func waypoint(_ element: KMLElement, problems: inout [Diagnostic]) -> Feature? {
        var properties = commonProperties(element)
        if let value = nonEmptyText(element, sym) { properties["sym"] = .string(value) }
        guard let coordinate = coordinate(element, problems: &problems) else { return nil }
        return Feature(geometry: .point(coordinate), properties: properties)
    }

    func route(_ element: KMLElement, problems: inout [Diagnostic]) -> Feature? {
        guard let points = points(element, named: rtept, problems: &problems) else { return nil }
        var properties = JSONObject()
        properties["_gpxType"] = "rte"
        properties.merge(commonProperties(element))
        properties.merge(lineStyle(element))
        return Feature(geometry: .lineString(points.line), properties: properties)
    }

    func track(_ element: KMLElement, problems: inout [Diagnostic]) -> Feature? {
        let segments = element.allDescendants(trkseg).compactMap { points($0, named: trkpt, problems: &problems) }
        if segments.isEmpty { return nil }
        let multi = segments.count > 1
        var properties = JSONObject()
        properties["_gpxType"] = "trk"
        properties.merge(commonProperties(element))
        properties.merge(lineStyle(element))
        var coordinateProperties = JSONObject()
        let times = segments.filter { !$0.times.isEmpty }.map { JSONValue.array($0.times.map(JSONValue.string)) }
        if !times.isEmpty { coordinateProperties["times"] = multi ? .array(times) : times[0] }
        for (index, segment) in segments.enumerated() {
            for (name, values) in segment.series {
                if multi {
                    var all =
                        coordinateProperties[name]?.arrayValue
                        ?? segments.map { .array([JSONValue](repeating: .null, count: $0.line.count)) }
                    all[index] = .array(values)
                    coordinateProperties[name] = .array(all)
                } else {
                    coordinateProperties[name] = .array(values)
                }
            }
        }
        properties["coordinateProperties"] = .object(coordinateProperties)
        let geometry: Geometry = multi ? .multiLineString(segments.map(\.line)) : .lineString(segments[0].line)
        return Feature(geometry: geometry, properties: properties)
    }

    /// name, cmt, desc, type, time, keywords (the first of each inside the
    /// element, as togeojson looks), the declared namespaces' elements, links.
    /// One pass over the element's descendants.
    private func commonProperties(_ element: KMLElement) -> JSONObject {
        let common = [name, cmt, desc, type, time, keywords]
        var firsts = [Int](repeating: -1, count: common.count)
        var links: [KMLElement] = []
        // Elements of the declared namespaces, namespace by namespace, as
        // togeojson lists them: each name where it first appears, with the
        // text of its last element (a track's gpxtpx:hr is its last point's).
        var slots: [(rank: Int, first: Int, key: String, last: Int)] = []
        var slotOfName: [Int32: Int] = [:]
        let tree = element.tree
        let nodes = tree.storage.pointee.nodes
        namespaceKeys.fill(upTo: names.names.count, names: names, namespaces: propertyNamespaces)
        for index in (element.index + 1)..<nodes[element.index].end {
            let id = nodes[index].name
            if let at = common.firstIndex(of: id) {
                if firsts[at] < 0 { firsts[at] = index }
            } else if id == link {
                links.append(KMLElement(tree: tree, index: index))
            } else if let key = namespaceKeys[id] {
                if let slot = slotOfName[id] {
                    slots[slot].last = index
                } else {
                    slotOfName[id] = slots.count
                    slots.append((key.rank, index, key.property, index))
                }
            }
        }
        var properties = JSONObject()
        for (key, first) in zip(["name", "cmt", "desc", "type", "time", "keywords"], firsts) where first >= 0 {
            let text = KMLElement(tree: tree, index: first).textContent
            if !text.isEmpty { properties[key] = .string(text) }
        }
        for slot in slots.sorted(by: { ($0.rank, $0.first) < ($1.rank, $1.first) }) {
            properties[slot.key] = .string(KMLElement(tree: tree, index: slot.last).textContent.trimmedKMLWhitespace)
        }
        if !links.isEmpty {
            properties["links"] = .array(
                links.map { node in
                    var object = JSONObject()
                    object["href"] = node.attribute("href").map(JSONValue.string) ?? .null
                    if let value = nonEmptyText(node, text) { object["text"] = .string(value) }
                    if let value = nonEmptyText(node, type) { object["type"] = .string(value) }
                    return .object(object)
                })
        }
        return properties
    }

    /// A Garmin line style (`<extensions><line><color>`...) as simplestyle.
    private func lineStyle(_ element: KMLElement) -> JSONObject {
        var style = JSONObject()
        guard let node = element.firstDescendant(extensions)?.firstDescendant(line) else { return style }
        if let value = nonEmptyText(node, color) { style["stroke"] = .string("#" + value) }
        if let value = node.firstDescendant(opacity).flatMap(Self.number), value != 0 {
            style["stroke-opacity"] = .double(value)
        }
        if let value = node.firstDescendant(width).flatMap(Self.number), value != 0 {
            style["stroke-width"] = .double(value * 96 / 25.4)
        }
        return style
    }

    /// The text of the first element named `id` inside `element`, when not empty.
    private func nonEmptyText(_ element: KMLElement, _ id: Int32) -> String? {
        guard let text = element.firstDescendant(id)?.textContent, !text.isEmpty else { return nil }
        return text
    }

    // MARK: - TCX

    private static let activityExtensions = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"
    private static let trackpointValues = [
        ("heartRate", "heartRates"), ("Cadence", "cadences"), ("Speed", "speeds"), ("Watts", "watts"),
    ]
    private static let lapValues = [
        ("TotalTimeSeconds", "totalTimeSeconds"), ("DistanceMeters", "distanceMeters"), ("MaximumSpeed", "maxSpeed"),
        ("AverageHeartRateBpm", "avgHeartRate"), ("MaximumHeartRateBpm", "maxHeartRate"), ("AvgSpeed", "avgSpeed"),
        ("AvgWatts", "avgWatts"), ("MaxWatts", "maxWatts"),
    ]

    /// The numbers named in `mapping` inside `element`: a TCX element by
    /// name, else one of Garmin's activity extensions by local name.
    private func tcxValues(_ element: KMLElement, _ mapping: [(id: Int32, tag: String, alias: String)]) -> [(
        String, Double
    )] {
        var result: [(String, Double)] = []
        for (id, tag, alias) in mapping {
            let found =
                element.firstDescendant(id)
                ?? element.firstDescendant {
                    extensionNames.local(of: $0.nameID, names: names, namespace: Self.activityExtensions) == tag
                }
            if let value = found.flatMap(Self.number) { result.append((alias, value)) }
        }
        return result
    }

    /// A TCX `Lap`, or the `Courses` element: its tracks as one line or
    /// several, its totals and series.
    func lap(_ element: KMLElement, problems: inout [Diagnostic]) -> Feature? {
        var properties = JSONObject()
        for (key, value) in tcxValues(element, lapTags) { properties[key] = .double(value) }
        if let node = element.firstDescendant(tcxName) { properties["name"] = .string(node.textContent) }
        let trackElements = element.allDescendants(track)
        var lines: [[Coordinate]] = []
        var times: [[String]] = []
        var hearts: [[Double]] = []
        var series: [[(String, [JSONValue])]] = []
        for segment in trackElements {
            let pointElements = segment.allDescendants(trackpoint)
            guard pointElements.count >= 2 else { continue }
            var line: [Coordinate] = []
            var segmentTimes: [String] = []
            var segmentHearts: [Double] = []
            var values: [(String, [JSONValue])] = []
            for (index, node) in pointElements.enumerated() {
                guard let lon = node.firstDescendant(longitude).flatMap(Self.number),
                    let lat = node.firstDescendant(latitude).flatMap(Self.number),
                    isInRange(latitude: lat, longitude: lon, node, problems: &problems)
                else { continue }
                let elevation = node.firstDescendant(altitude).flatMap(Self.number)
                line.append(Coordinate(latitude: lat, longitude: lon, altitude: elevation))
                if let time = node.firstDescendant(tcxTime)?.textContent, !time.isEmpty { segmentTimes.append(time) }
                if let heart = node.firstDescendant(heartRate).flatMap(Self.number), heart != 0 {
                    segmentHearts.append(heart)
                }
                for (alias, value) in tcxValues(node, trackpointTags) {
                    if let at = values.firstIndex(where: { $0.0 == alias }) {
                        values[at].1[index] = .double(value)
                    } else {
                        var list = [JSONValue](repeating: .null, count: pointElements.count)
                        list[index] = .double(value)
                        values.append((alias, list))
                    }
                }
            }
            guard line.count >= 2 else { continue }
            lines.append(line)
            if !segmentTimes.isEmpty { times.append(segmentTimes) }
            if !segmentHearts.isEmpty { hearts.append(segmentHearts) }
            series.append(values)
        }
        if lines.isEmpty {
            problems.append(
                Diagnostic(
                    severity: .warning, code: "gpx.line.too-short",
                    message: "<\(element.qualifiedName)> has no track of 2 or more usable points; it is left out",
                    location: SourceLocation(file: sourceName, line: element.line)))
            return nil
        }
        for (index, values) in series.enumerated() {
            for (alias, list) in values {
                if trackElements.count == 1 {
                    properties[alias] = .array(list)
                } else {
                    var all =
                        properties[alias]?.arrayValue
                        ?? lines.map { .array([JSONValue](repeating: .null, count: $0.count)) }
                    all[index] = .array(list)
                    properties[alias] = .array(all)
                }
            }
        }
        if !times.isEmpty || !hearts.isEmpty {
            var coordinateProperties = JSONObject()
            func value<T>(_ lists: [[T]], _ make: (T) -> JSONValue) -> JSONValue {
                lines.count == 1 ? .array(lists[0].map(make)) : .array(lists.map { .array($0.map(make)) })
            }
            if !times.isEmpty { coordinateProperties["times"] = value(times, JSONValue.string) }
            if !hearts.isEmpty { coordinateProperties["heart"] = value(hearts, JSONValue.double) }
            properties["coordinateProperties"] = .object(coordinateProperties)
        }
        let geometry: Geometry = lines.count == 1 ? .lineString(lines[0]) : .multiLineString(lines)
        return Feature(geometry: geometry, properties: properties)
    }

    // MARK: - Numbers

    /// An element's text content as a number (``parseFloat(_:)``).
    static func number(_ element: KMLElement) -> Double? {
        element.withTextContent(parseFloat)
    }

    /// JavaScript's `parseFloat`: leading white space skipped, the longest
    /// prefix that is a decimal number (so `"130 bpm"` is 130); nil when
    /// there is none.
    static func parseFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[i]) { i += 1 }
        // The usual case, the rest is a plain number: one exact conversion.
        if let value = CoordinateParser.parseNumber(bytes, from: i, to: bytes.count), value.isFinite { return value }
        let start = i
        if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
        if UnsafeBufferPointer(rebasing: bytes[i...]).starts(with: "Infinity".utf8) {
            return bytes[start] == 0x2D ? -.infinity : .infinity
        }
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] &- 0x30 < 10 }
        var digits = 0
        while isDigit(i) {
            i += 1
            digits += 1
        }
        if i < bytes.count, bytes[i] == 0x2E {
            var j = i + 1
            var fraction = 0
            while isDigit(j) {
                j += 1
                fraction += 1
            }
            if fraction > 0 || digits > 0 {
                i = j
                digits += fraction
            }
        }
        guard digits > 0 else { return nil }
        if i < bytes.count, bytes[i] | 0x20 == 0x65 {
            var j = i + 1
            if j < bytes.count, bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
            if isDigit(j) {
                while isDigit(j) { j += 1 }
                i = j
            }
        }
        return CoordinateParser.parseNumber(bytes, from: start, to: i)
    }
}

/// A cache from name ids to what an extension element gives: the series
/// it fills (`heart` for Garmin's `gpxtpx:hr`, `hr` and `heart`; the local
/// name of a `gpxtpx:` element plus `s`; the qualified name plus `s`
/// otherwise), or that it only holds others (`gpxtpx:TrackPointExtension`).
final class ExtensionKeys {
    private var keys: [(series: String, isContainer: Bool)] = []

    func key(of id: Int32, names: KMLNameTable) -> (series: String, isContainer: Bool) {
        let index = Int(id)
        while keys.count <= index {
            let name = names.name(Int32(keys.count))
            let qualified = name.hasPrefix("{foreign}") ? String(name.dropFirst(9)) : name
            let series: String =
                ["heart", "gpxtpx:hr", "hr"].contains(qualified)
                ? "heart" : (qualified.hasPrefix("gpxtpx:") ? String(qualified.dropFirst(7)) : qualified) + "s"
            keys.append((series, qualified == "gpxtpx:TrackPointExtension"))
        }
        return keys[index]
    }
}

/// A table from name ids to the property an element of one of the
/// property namespaces becomes: its namespace's place in the list and its
/// key (`gpxx:DisplayColor` gives `gpxx_DisplayColor`); nil for other names.
final class NamespaceKeys {
    private var keys: [(rank: Int, property: String)?] = []

    /// Classifies every name interned so far.
    func fill(upTo count: Int, names: KMLNameTable, namespaces: [String]) {
        while keys.count < count {
            let id = Int32(keys.count)
            let rank = names.namespaceURIs[id].flatMap { namespaces.firstIndex(of: $0) }
            keys.append(
                rank.map { rank in
                    let name = names.name(id)
                    let qualified = name.hasPrefix("{foreign}") ? String(name.dropFirst(9)) : name
                    return (rank, qualified.replacingFirst(":", with: "_"))
                })
        }
    }

    subscript(id: Int32) -> (rank: Int, property: String)? { keys[Int(id)] }
}

/// A cache from name ids to their local name when they are in one
/// namespace (nil otherwise): an array lookup per node.
final class NamespacedLocalNames {
    private var locals: [String?] = []

    func local(of id: Int32, names: KMLNameTable, namespace: String) -> String? {
        let index = Int(id)
        while locals.count <= index {
            let next = Int32(locals.count)
            let local: String? =
                names.namespaceURIs[next] == namespace
                ? names.name(next).split(separator: ":").last.map(String.init) : nil
            locals.append(local)
        }
        return locals[index]
    }
}

extension JSONObject {
    /// Sets every member of `other`, in its order.
    mutating func merge(_ other: JSONObject) {
        for (key, value) in other.members { self[key] = value }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(ofText: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
