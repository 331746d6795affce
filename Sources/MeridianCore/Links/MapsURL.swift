/// A link that opens Apple Maps: the unified Maps URLs of iOS 18.4 and
/// macOS 15.4 (MapKit's "Adopting unified Maps URLs"), built and parsed.
///
/// ```swift
/// let link = MapsURL.frame(center: Coordinate(latitude: 52.2053, longitude: 0.1218),
///                          span: CoordinateSpan(latitudeDelta: 0.02, longitudeDelta: 0.03))
/// link.string   // "https://maps.apple.com/frame?center=52.2053,0.1218&span=0.02,0.03"
/// MapsURL(string: link.string) == link   // true
/// ```
///
/// Four path components are covered, with Apple's parameter names:
/// - `/frame?center=LAT,LON&span=LAT_DELTA,LON_DELTA`: a map showing a region;
/// - `/place?coordinate=LAT,LON&name=...&place-id=...&address=...`: one place;
/// - `/search?query=...&center=LAT,LON&span=...`: a search, optionally near a point;
/// - `/directions?source=...&destination=...&waypoint=...&mode=...`: a route
///   (`waypoint` repeats once per stop, in order; `mode` is `driving`,
///   `walking`, `transit` or `cycling`).
///
/// Coordinates are written with 6 decimals (about 0.1 m), trailing zeros
/// dropped, so building, parsing and building again gives the same string.
/// Text is percent-encoded as UTF-8, keeping only RFC 3986's unreserved
/// characters; parsing also accepts `+` for a space, as Apple's own place
/// links use. Parameters a case does not know (`_provider`, `map`, ...)
/// are ignored when parsing. Needs no Foundation; cost is linear in the
/// length of the URL.
public enum MapsURL: Sendable, Hashable {
    /// A map framing a region; without a span Maps chooses the zoom.
    case frame(center: Coordinate, span: CoordinateSpan?)
    /// One place: by coordinate, by Apple Place ID, or both, with a label.
    case place(coordinate: Coordinate?, name: String?, placeID: String?, address: String?)
    /// A search, optionally around a centre and span.
    case search(query: String, center: Coordinate?, span: CoordinateSpan?)
    /// Directions through stops in order. Without a source Maps starts
    /// from the user's location.
    case directions(source: Stop?, destination: Stop, waypoints: [Stop], mode: TransportMode?)

    /// A stop of a route: a coordinate or text Maps geocodes (an address, a name).
    public enum Stop: Sendable, Hashable {
        case coordinate(Coordinate)
        case text(String)
    }

    /// How a route is travelled: the values of `/directions?mode=`.
    public enum TransportMode: String, Sendable, Hashable, CaseIterable {
        case driving, walking, transit, cycling
    }

    /// Where every unified Maps URL starts.
    public static let base = "https://maps.apple.com/"

    /// A frame URL showing a region.
    public init(region: CoordinateRegion) {
        self = .frame(center: region.center, span: region.span)
    }

    // MARK: Building

    /// The URL as text.
    public var string: String {
        var items: [(String, String)] = []
        let path: String
        switch self {
        case .frame(let center, let span):
            path = "frame"
            items.append(("center", Self.format(center)))
            if let span { items.append(("span", Self.format(span))) }
        case .place(let coordinate, let name, let placeID, let address):
            path = "place"
            if let coordinate { items.append(("coordinate", Self.format(coordinate))) }
            if let name { items.append(("name", name)) }
            if let placeID { items.append(("place-id", placeID)) }
            if let address { items.append(("address", address)) }
        case .search(let query, let center, let span):
            path = "search"
            items.append(("query", query))
            if let center { items.append(("center", Self.format(center))) }
            if let span { items.append(("span", Self.format(span))) }
        case .directions(let source, let destination, let waypoints, let mode):
            path = "directions"
            if let source { items.append(("source", Self.format(source))) }
            items.append(("destination", Self.format(destination)))
            for waypoint in waypoints { items.append(("waypoint", Self.format(waypoint))) }
            if let mode { items.append(("mode", mode.rawValue)) }
        }
        let query = items.map { Self.percentEncode($0.0) + "=" + Self.percentEncode($0.1, keepingCommas: true) }
        return Self.base + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    // MARK: Parsing

    /// Parses a unified Maps URL (`https://maps.apple.com/frame?...` and the
    /// other three paths); nil for anything else or a missing required
    /// parameter (`center` of a frame, `query` of a search, `destination`
    /// of directions; a place needs a coordinate or a Place ID).
    public init?(string: String) {
        var rest = Substring(string)
        for scheme in ["https://", "http://"] where rest.hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
        }
        guard rest.hasPrefix("maps.apple.com/") else { return nil }
        rest = rest.dropFirst("maps.apple.com/".count)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let path: Substring
        var items: [(name: String, value: String)] = []
        if let question = rest.firstIndex(of: "?") {
            path = rest[..<question]
            for pair in rest[rest.index(after: question)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = Self.percentDecode(parts[0]) else { return nil }
                guard let value = Self.percentDecode(parts.count > 1 ? parts[1] : "") else { return nil }
                items.append((name, value))
            }
        } else {
            path = rest
        }
        func first(_ name: String) -> String? { items.first { $0.name == name }?.value }
        switch path.hasSuffix("/") ? path.dropLast() : path {
        case "frame":
            guard let center = first("center").flatMap(Self.coordinate) else { return nil }
            self = .frame(center: center, span: first("span").flatMap(Self.span))
        case "place":
            let coordinate = first("coordinate").flatMap(Self.coordinate)
            let placeID = first("place-id")
            guard coordinate != nil || placeID != nil else { return nil }
            self = .place(coordinate: coordinate, name: first("name"), placeID: placeID, address: first("address"))
        case "search":
            guard let query = first("query") else { return nil }
            self = .search(
                query: query, center: first("center").flatMap(Self.coordinate), span: first("span").flatMap(Self.span))
        case "directions":
            guard let destination = first("destination").map(Self.stop) else { return nil }
            let mode: TransportMode?
            if let text = first("mode") {
                guard let known = TransportMode(rawValue: text) else { return nil }
                mode = known
            } else {
                mode = nil
            }
            self = .directions(
                source: first("source").map(Self.stop), destination: destination,
                waypoints: items.filter { $0.name == "waypoint" }.map { Self.stop($0.value) }, mode: mode)
        default:
            return nil
        }
    }

    // MARK: Numbers and text

    /// 6 decimals, trailing zeros dropped: "52.2053", "-0.5", "12".
    static func format(_ value: Double) -> String {
        var text = formatFixed(value, decimals: 6)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    static func format(_ coordinate: Coordinate) -> String {
        format(coordinate.latitude) + "," + format(coordinate.longitude)
    }

    static func format(_ span: CoordinateSpan) -> String {
        format(span.latitudeDelta) + "," + format(span.longitudeDelta)
    }

    static func format(_ stop: Stop) -> String {
        switch stop {
        case .coordinate(let coordinate): format(coordinate)
        case .text(let text): text
        }
    }

    /// Two finite numbers separated by a comma, or nil.
    static func pair(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Double(parts[0].trimmed), let second = Double(parts[1].trimmed),
            first.isFinite, second.isFinite
        else { return nil }
        return (first, second)
    }

    static func coordinate(_ text: String) -> Coordinate? {
        pair(text).flatMap { $0.0.magnitude <= 90 ? Coordinate(latitude: $0.0, longitude: $0.1) : nil }
    }

    static func span(_ text: String) -> CoordinateSpan? {
        pair(text).map { CoordinateSpan(latitudeDelta: $0.0, longitudeDelta: $0.1) }
    }

    /// A stop that reads as LAT,LON is a coordinate, anything else text.
    static func stop(_ text: String) -> Stop {
        coordinate(text).map(Stop.coordinate) ?? .text(text)
    }

    /// RFC 3986 unreserved characters stay; every other UTF-8 byte becomes
    /// %XX. Commas stay in values: Apple writes `center=52.2,0.12` either
    /// way, and a literal comma keeps links readable.
    package static func percentEncode(_ text: String, keepingCommas: Bool = false) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            case UInt8(ascii: ",") where keepingCommas:
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Undoes percent-encoding (and `+` for a space); nil for a broken
    /// escape or bytes that are not UTF-8.
    package static func percentDecode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        func digit(_ byte: UInt8?) -> UInt8? {
            switch byte {
            case .some(let b) where b >= 0x30 && b <= 0x39: b - 0x30
            case .some(let b) where b >= 0x41 && b <= 0x46: b - 0x41 + 10
            case .some(let b) where b >= 0x61 && b <= 0x66: b - 0x61 + 10
            default: nil
            }
        }
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%") {
                guard let high = digit(iterator.next()), let low = digit(iterator.next()) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        // Decoding repairs bad UTF-8 with U+FFFD; a repaired string differs.
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }
}

extension MapsURL: CustomStringConvertible {
    public var description: String { string }
}

extension Substring {
    fileprivate var trimmed: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
