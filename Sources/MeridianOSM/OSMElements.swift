import MeridianCore

/// The three kinds of OpenStreetMap element.
public enum OSMElementType: UInt8, Sendable, Hashable {
    case node = 0
    case way = 1
    case relation = 2

    /// "node", "way" or "relation", as OSM's XML and URLs name them.
    public var name: String {
        switch self {
        case .node: "node"
        case .way: "way"
        case .relation: "relation"
        }
    }
}

/// A node's position as OSM stores it: latitude and longitude in units of
/// 1e-7 degree (OSM's own precision, about a centimetre), packed into one
/// integer so that an index of millions of them is two arrays of integers.
public struct OSMLocation: Sendable, Hashable {
    public var latitude: Int32
    public var longitude: Int32

    public init(latitude: Int32, longitude: Int32) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A position in nanodegrees (PBF's unit before granularity), rounded
    /// to 1e-7; nil when it is off the globe.
    init?(latitudeNano: Int64, longitudeNano: Int64) {
        let latitude = Self.rounded(latitudeNano)
        let longitude = Self.rounded(longitudeNano)
        guard abs(latitude) <= 900_000_000, abs(longitude) <= 1_800_000_000 else { return nil }
        self.init(latitude: Int32(latitude), longitude: Int32(longitude))
    }

    /// A position in degrees as a file writes them, rounded to 1e-7; nil
    /// off the globe or not a number.
    init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.init(latitude: Int32((latitude * 1e7).rounded()), longitude: Int32((longitude * 1e7).rounded()))
    }

    private static func rounded(_ nano: Int64) -> Int64 {
        // Halves away from zero, as osmium rounds.
        nano >= 0 ? (nano + 50) / 100 : -((-nano + 50) / 100)
    }

    var packed: Int64 { Int64(latitude) << 32 | Int64(UInt32(bitPattern: longitude)) }

    init(packed: Int64) {
        latitude = Int32(truncatingIfNeeded: packed >> 32)
        longitude = Int32(truncatingIfNeeded: packed)
    }

    /// The position in degrees.
    public var coordinate: Coordinate {
        Coordinate(latitude: Double(latitude) / 1e7, longitude: Double(longitude) / 1e7)
    }
}

/// What OSM records of an element's last edit, kept when asked for
/// (`--osm-metadata`).
public struct OSMMetadata: Sendable, Hashable {
    public var version: Int64?
    /// Seconds since 1970, UTC.
    public var timestamp: Int64?
    public var changeset: Int64?
    public var uid: Int64?
    public var user: String?
    /// False for a deleted element in a history file.
    public var visible: Bool = true

    public init() {}
}

/// A member of a relation.
public struct OSMMember: Sendable, Hashable {
    public var type: OSMElementType
    public var ref: Int64
    public var role: String

    public init(type: OSMElementType, ref: Int64, role: String) {
        self.type = type
        self.ref = ref
        self.role = role
    }
}

/// An element's tags, in the order the file gives them.
public typealias OSMTags = [(key: String, value: String)]

/// A node with tags (the nodes without them are only positions, kept in
/// the location index).
struct OSMNode {
    var id: Int64
    var location: OSMLocation
    var tags: OSMTags
    var metadata: OSMMetadata?
}

struct OSMWay {
    var id: Int64
    var refs: [Int64]
    var tags: OSMTags
    var metadata: OSMMetadata?
}

struct OSMRelation {
    var id: Int64
    var members: [OSMMember]
    var tags: OSMTags
    var metadata: OSMMetadata?
}

/// The elements of one PBF block or one run of an XML file, in file order
/// within each kind: every node's position, the tagged nodes whole, the
/// ways and the relations.
struct OSMElementBlock {
    var nodeIDs: [Int64] = []
    var nodeLocations: [Int64] = []
    var taggedNodes: [OSMNode] = []
    var ways: [OSMWay] = []
    var relations: [OSMRelation] = []
    /// Problems met while decoding (a node off the globe...).
    var diagnostics: [Diagnostic] = []

    var isEmpty: Bool { nodeIDs.isEmpty && ways.isEmpty && relations.isEmpty }
}

extension Array where Element == (key: String, value: String) {
    func value(of key: String) -> String? {
        for tag in self where tag.key == key { return tag.value }
        return nil
    }
}
