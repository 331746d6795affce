import MeridianCore
import MeridianPlaces
import MeridianLibC

/// A map described in one JSON document, modelled on the parameters of
/// Apple's Maps Web Snapshots, decoded into the same ``Map`` a Swift
/// program declares (`meridian render --map map.json [data...] -o map.png`).
///
/// ```json
/// {
///   "center": "52.2043,0.1218", "z": 15, "size": "800x600", "scale": 2, "colorScheme": "dark",
///   "annotations": [{ "point": "52.2043,0.1218", "color": "ff9500", "glyphText": "M", "title": "Market" }],
///   "overlays": [{ "points": ["52.1942,0.1372", "52.2043,0.1218"], "strokeColor": "007aff", "lineWidth": 4 }]
/// }
/// ```
///
/// Every key is optional; `docs/map-document.md` lists them with the
/// schema. What Apple spells as a string ("lat,lng", "WxH", colours as hex
/// without `#`) is also taken as JSON arrays and CSS colours. An unknown
/// key, a value of the wrong type or out of range (a coordinate off the
/// globe, a negative radius, a size past 16 384 points) is an error located
/// by its JSON pointer (`snapshot.document.key`, `snapshot.document.value`).
public struct MapDocument: Sendable {
    public var map: Map
    public var size = Snapshotter.Size(width: 600, height: 400)
    public var scale = 1.0
    /// The `basemap` key: the path of a PMTiles archive drawn beneath the
    /// map, and `basemapStyle`: a built-in style's name or a style file's
    /// path. The documents name files; opening them is the caller's
    /// (`meridian render` and `meridian serve` do, from the working folder).
    public var basemapPath: String?
    public var basemapStyle: String?

    /// The document's keys (also the parameters of `meridian serve`'s
    /// `/snapshot`).
    public static let keys = [
        "center", "z", "spn", "distance", "heading", "pitch", "size", "scale", "t", "colorScheme", "poi",
        "annotations", "overlays", "circles", "title", "attribution", "controls", "basemap", "basemapStyle",
    ]

    /// The keys whose values name files (`basemap`, `basemapStyle`): a
    /// server never takes them from a request.
    public static let fileKeys: Set<String> = ["basemap", "basemapStyle"]

    public init(json: JSONValue) throws(DiagnosticError) {
        let root = try Reader(json, pointer: "")
        try root.allow(Self.keys)
        var style = MapStyle.standard
        if let t = try root.string("t") {
            switch t {
            case "standard": break
            case "mutedStandard": style.emphasis = .muted
            default:
                throw Reader.value(
                    "/t", "t is \"\(t)\": Meridian draws your data, not imagery, so standard or mutedStandard")
            }
        }
        if let scheme = try root.string("colorScheme") {
            guard let parsed = MapStyle.ColorScheme(rawValue: scheme) else {
                throw Reader.value("/colorScheme", "colorScheme is \"\(scheme)\", not light or dark")
            }
            style.colorScheme = parsed
        }
        if let poi = root.object["poi"] { style.pointsOfInterest = try Self.filter(poi) }
        if let size = root.object["size"] {
            let (width, height) = try Reader.pair(size, pointer: "/size", separator: "x", what: "WIDTHxHEIGHT")
            guard (16...16_384).contains(width), (16...16_384).contains(height) else {
                throw Reader.value("/size", "size is \(width)x\(height); each side is 16 to 16 384 points")
            }
            self.size = Snapshotter.Size(width: width, height: height)
        }
        if let scale = try root.number("scale") {
            guard scale > 0, scale <= 16 else {
                throw Reader.value("/scale", "scale is \(scale), not above 0 and at most 16")
            }
            self.scale = scale
        }
        let position = try Self.position(root, size: self.size)
        var elements: [MapElement] = []
        for (index, item) in try root.array("circles").enumerated() {
            elements += try Self.circle(Reader(item, pointer: "/circles/\(index)")).mapElements
        }
        for (index, item) in try root.array("overlays").enumerated() {
            elements += try Self.overlay(Reader(item, pointer: "/overlays/\(index)")).mapElements
        }
        for (index, item) in try root.array("annotations").enumerated() {
            elements += try Self.annotation(Reader(item, pointer: "/annotations/\(index)")).mapElements
        }
        var map = Map(position: position) { MapContentGroup(elements: elements) }
        map.style = style
        map.title = try root.string("title")
        map.attribution = try root.string("attribution")
        if let controls = try root.stringArray("controls") {
            map.controls = []
            for (index, name) in controls.enumerated() {
                switch name {
                case "compass": map.controls.insert(.compass)
                case "scaleView": map.controls.insert(.scaleView)
                default:
                    throw Reader.value("/controls/\(index)", "\"\(name)\" is not a control: compass or scaleView")
                }
            }
        }
        self.map = map
        basemapPath = try root.string("basemap")
        basemapStyle = try root.string("basemapStyle")
        if basemapStyle != nil, basemapPath == nil {
            throw Reader.value("/basemapStyle", "basemapStyle styles a basemap: give the basemap too")
        }
    }

    /// The map with data layers drawn under the document's own content.
    public func map(with layers: [Layer]) -> Map {
        var map = self.map
        map.content = MapContentGroup(elements: layers.flatMap(\.mapElements) + map.content.mapElements)
        return map
    }

    // MARK: - Parts

    private static func position(_ root: Reader, size: Snapshotter.Size) throws(DiagnosticError) -> MapCameraPosition {
        guard let centerValue = root.object["center"], centerValue != .string("auto") else {
            for key in ["z", "spn", "distance"] where root.object[key] != nil {
                throw Reader.value("/\(key)", "\(key) needs a center (\"lat,lng\")")
            }
            return .automatic
        }
        let center = try Reader.coordinate(centerValue, pointer: "/center")
        if let distance = try root.number("distance") {
            guard distance > 0, distance.isFinite else {
                throw Reader.value("/distance", "distance is \(distance) m; give more than 0 metres")
            }
            let heading = try root.number("heading") ?? 0
            let pitch = try root.number("pitch") ?? 0
            guard heading.isFinite else { throw Reader.value("/heading", "heading is not a finite number of degrees") }
            guard pitch.isFinite, (0...MapCamera.maximumPitch).contains(pitch) else {
                throw Reader.value("/pitch", "pitch is \(pitch); give 0 to \(Int(MapCamera.maximumPitch)) degrees")
            }
            return .camera(MapCamera(center: center, distance: distance, heading: heading, pitch: pitch))
        }
        if let spn = root.object["spn"] {
            let (latitudeDelta, longitudeDelta) = try Reader.pair(
                spn, pointer: "/spn", separator: ",", what: "LAT_SPAN,LNG_SPAN")
            guard latitudeDelta > 0, longitudeDelta > 0, latitudeDelta <= 180, longitudeDelta <= 360 else {
                throw Reader.value(
                    "/spn", "spn is \(latitudeDelta),\(longitudeDelta); spans are above 0, up to 180 and 360 degrees")
            }
            return .region(
                CoordinateRegion(
                    center: center, span: CoordinateSpan(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta)))
        }
        let zoom = try root.number("z") ?? 12
        guard zoom.isFinite, (0...22).contains(zoom) else { throw Reader.value("/z", "z is \(zoom); give 0 to 22") }
        // The world is 256 points wide at zoom 0, twice that at each level (as web maps count).
        let pointsPerMapPoint = 256 * pow(2, zoom) / MapSize.world.width
        let centerPoint = MapPoint(center)
        let width = size.width / pointsPerMapPoint
        let height = size.height / pointsPerMapPoint
        return .rect(MapRect(x: centerPoint.x - width / 2, y: centerPoint.y - height / 2, width: width, height: height))
    }

    private static func filter(_ value: JSONValue) throws(DiagnosticError) -> PointOfInterestFilter {
        switch value {
        case .integer(1), .bool(true): return .all
        case .integer(0), .bool(false): return .excludingAll
        case .object:
            let reader = try Reader(value, pointer: "/poi")
            try reader.allow(["include", "exclude"])
            let include = try reader.stringArray("include")
            let exclude = try reader.stringArray("exclude")
            guard (include == nil) != (exclude == nil) else {
                throw Reader.value("/poi", "poi takes include or exclude, one of them")
            }
            let key = include != nil ? "include" : "exclude"
            var categories = Set<PointOfInterestCategory>()
            for (index, name) in (include ?? exclude ?? []).enumerated() {
                guard let category = PointOfInterestCategory(rawValue: name) else {
                    throw Reader.value(
                        "/poi/\(key)/\(index)", "\"\(name)\" is not one of MapKit's point-of-interest categories")
                }
                categories.insert(category)
            }
            return include != nil ? .including(categories) : .excluding(categories)
        default:
            throw Reader.value(
                "/poi", "poi is 1, 0, or {\"include\": [...]} or {\"exclude\": [...]} of MapKit categories")
        }
    }

    private static func annotation(_ item: Reader) throws(DiagnosticError) -> Marker {
        try item.allow(["point", "color", "glyphText", "markerStyle", "title", "id"])
        guard let pointValue = item.object["point"] else {
            throw Reader.value(item.pointer, "an annotation needs a point (\"lat,lng\")")
        }
        var marker = Marker(
            try item.string("title") ?? "",
            coordinate: try Reader.coordinate(pointValue, pointer: item.pointer + "/point"))
        if let color = try item.color("color") { marker = marker.tint(color) }
        if let glyph = try item.string("glyphText") {
            guard glyph.count <= 2 else {
                throw Reader.value(item.pointer + "/glyphText", "glyphText is \"\(glyph)\"; give one or two characters")
            }
            marker.glyph = glyph
        }
        if let style = try item.string("markerStyle") {
            guard let parsed = Marker.Style(rawValue: style) else {
                throw Reader.value(
                    item.pointer + "/markerStyle", "markerStyle is \"\(style)\", not balloon, large or dot")
            }
            marker.style = parsed
        }
        marker.id = try item.string("id")
        return marker
    }

    private static func stroke(_ item: Reader) throws(DiagnosticError) -> StrokeStyle? {
        let width = try item.number("lineWidth")
        let dash = try item.numberArray("lineDash")
        guard width != nil || dash != nil else { return nil }
        return StrokeStyle(lineWidth: width ?? 1, lineCap: .round, lineJoin: .round, dash: dash ?? [])
    }

    private static func overlay(_ item: Reader) throws(DiagnosticError) -> any MapContent {
        try item.allow(["points", "strokeColor", "lineWidth", "lineDash", "fillColor", "contour"])
        guard case .array(let values)? = item.object["points"], values.count >= 2 else {
            throw Reader.value(item.pointer + "/points", "an overlay needs points: two or more \"lat,lng\"")
        }
        var points: [Coordinate] = []
        for (index, value) in values.enumerated() {
            points.append(try Reader.coordinate(value, pointer: item.pointer + "/points/\(index)"))
        }
        let strokeColor = try item.color("strokeColor") ?? .blue
        let style = try stroke(item) ?? StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round)
        if let fill = try item.color("fillColor") {
            return MapPolygon(coordinates: points).foregroundStyle(fill).stroke(strokeColor, style: style)
        }
        var contour = MapPolyline.ContourStyle.straight
        if let name = try item.string("contour") {
            guard let parsed = MapPolyline.ContourStyle(rawValue: name) else {
                throw Reader.value(item.pointer + "/contour", "contour is \"\(name)\", not straight or geodesic")
            }
            contour = parsed
        }
        return MapPolyline(coordinates: points, contourStyle: contour).stroke(strokeColor, style: style)
    }

    private static func circle(_ item: Reader) throws(DiagnosticError) -> MapCircle {
        try item.allow(["center", "radius", "strokeColor", "lineWidth", "lineDash", "fillColor"])
        guard let centerValue = item.object["center"], let radius = try item.number("radius") else {
            throw Reader.value(item.pointer, "a circle needs a center (\"lat,lng\") and a radius in metres")
        }
        guard radius.isFinite, radius >= 0 else {
            throw Reader.value(item.pointer + "/radius", "radius is \(radius) m; give 0 or more metres")
        }
        var circle = MapCircle(
            center: try Reader.coordinate(centerValue, pointer: item.pointer + "/center"), radius: radius)
        let strokeColor = try item.color("strokeColor") ?? .blue
        circle = circle.stroke(strokeColor, style: try stroke(item) ?? StrokeStyle(lineWidth: 1.5))
        if let fill = try item.color("fillColor") { circle = circle.foregroundStyle(fill) }
        return circle
    }
}

/// Reads one JSON object of a map document, every error located by its
/// JSON pointer.
struct Reader {
    let object: JSONObject
    let pointer: String

    init(_ value: JSONValue, pointer: String) throws(DiagnosticError) {
        guard case .object(let object) = value else {
            throw Self.value(pointer, "\(Self.name(pointer)) is not a JSON object")
        }
        self.object = object
        self.pointer = pointer
    }

    static func name(_ pointer: String) -> String { pointer.isEmpty ? "the map document" : pointer }

    static func value(_ pointer: String, _ message: String) -> DiagnosticError {
        DiagnosticError(
            code: "snapshot.document.value", message: message,
            location: SourceLocation(jsonPointer: pointer.isEmpty ? nil : pointer))
    }

    func allow(_ keys: [String]) throws(DiagnosticError) {
        for key in object.keys where !keys.contains(key) {
            throw DiagnosticError(
                code: "snapshot.document.key",
                message: "\"\(key)\" is not a key here; the keys are \(keys.joined(separator: ", "))",
                location: SourceLocation(jsonPointer: pointer + "/" + key))
        }
    }

    func string(_ key: String) throws(DiagnosticError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else { throw Self.value(pointer + "/" + key, "\(key) is not a string") }
        return text
    }

    func number(_ key: String) throws(DiagnosticError) -> Double? {
        guard let value = object[key] else { return nil }
        guard let number = value.doubleValue, number.isFinite else {
            throw Self.value(pointer + "/" + key, "\(key) is not a finite number")
        }
        return number
    }

    func array(_ key: String) throws(DiagnosticError) -> [JSONValue] {
        guard let value = object[key] else { return [] }
        guard case .array(let members) = value else { throw Self.value(pointer + "/" + key, "\(key) is not an array") }
        return members
    }

    func stringArray(_ key: String) throws(DiagnosticError) -> [String]? {
        guard object[key] != nil else { return nil }
        var result: [String] = []
        for (index, member) in try array(key).enumerated() {
            guard case .string(let text) = member else {
                throw Self.value(pointer + "/\(key)/\(index)", "\(key) holds something other than strings")
            }
            result.append(text)
        }
        return result
    }

    func numberArray(_ key: String) throws(DiagnosticError) -> [Double]? {
        guard object[key] != nil else { return nil }
        var result: [Double] = []
        for (index, member) in try array(key).enumerated() {
            guard let number = member.doubleValue, number.isFinite, (0...1_000).contains(number) else {
                throw Self.value(
                    pointer + "/\(key)/\(index)", "\(key) holds something other than numbers of 0 to 1 000")
            }
            result.append(number)
        }
        return result
    }

    /// A colour: hex as Apple writes it (`ff9500`), with `#`, or a CSS name.
    func color(_ key: String) throws(DiagnosticError) -> MapColor? {
        guard let text = try string(key) else { return nil }
        let isBareHex =
            [3, 6, 8].contains(text.utf8.count) && text.utf8.allSatisfy { Character(UnicodeScalar($0)).isHexDigit }
        guard let color = MapColor(css: isBareHex ? "#" + text : text) else {
            throw Self.value(
                pointer + "/" + key, "\(key) is \"\(text)\", not a colour (hex such as ff9500, or a CSS name)")
        }
        return color
    }

    /// Two numbers as "a<separator>b" or [a, b].
    static func pair(_ value: JSONValue, pointer: String, separator: Character, what: String) throws(DiagnosticError)
        -> (Double, Double)
    {
        var numbers: [Double] = []
        switch value {
        case .string(let text): numbers = text.split(separator: separator).compactMap { Double($0.trimmingSpaces) }
        case .array(let members): numbers = members.compactMap(\.doubleValue)
        default: break
        }
        guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else {
            throw Self.value(pointer, "\(name(pointer)) is not \(what) (a string, or an array of two numbers)")
        }
        return (numbers[0], numbers[1])
    }

    /// A coordinate as "lat,lng" or [lat, lng], on the globe.
    static func coordinate(_ value: JSONValue, pointer: String) throws(DiagnosticError) -> Coordinate {
        let (latitude, longitude) = try pair(value, pointer: pointer, separator: ",", what: "\"lat,lng\"")
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else {
            throw Self.value(
                pointer, "\(latitude),\(longitude) is off the globe: latitude -90 to 90, longitude -180 to 180")
        }
        return coordinate
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
