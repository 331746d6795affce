/// Which closed ways are areas, and which are lines: OSM says a closed
/// way is either, by its tags.
///
/// The rules, in order (the same as osm2pgsql's and GDAL's, and written
/// so that `osmium export` with `Scripts/osm-oracle.py`'s configuration
/// makes the same choice for every way):
///
/// 1. A way whose first and last nodes differ is a line.
/// 2. `area=yes` makes an area, `area=no` a line.
/// 3. A key among ``areaKeys`` (`building`, `landuse`, `amenity`, ...)
///    makes an area, except the values ``linearValues`` lists (a
///    `natural=coastline`, a `natural=tree_row`), which stay lines.
/// 4. Anything else (`highway`, `barrier`, `waterway`, ...) is a line.
///
/// A way is never both (osmium's default writes a closed way twice, once
/// as each), so that a building is one feature.
public struct OSMAreaRules: Sendable {
    /// Keys whose presence makes a closed way an area.
    public var areaKeys: Set<String>
    /// Values of those keys that stay lines.
    public var linearValues: [String: Set<String>]

    public init(areaKeys: Set<String> = OSMAreaRules.standardAreaKeys,
        linearValues: [String: Set<String>] = OSMAreaRules.standardLinearValues)
    {
        self.areaKeys = areaKeys
        self.linearValues = linearValues
    }

    public static let standardAreaKeys: Set<String> = [
        "aeroway", "amenity", "area:highway", "boundary", "building", "building:part", "craft", "geological",
        "historic", "indoor", "landuse", "leisure", "military", "natural", "office", "place", "public_transport",
        "shop", "sport", "tourism", "water", "wetland",
    ]

    public static let standardLinearValues: [String: Set<String>] = [
        "natural": ["coastline", "cliff", "ridge", "arete", "tree_row", "valley", "earth_bank", "gully"],
        "leisure": ["track", "slipway"],
        "historic": ["citywalls", "city_wall", "wall"],
        "military": ["trench"],
        "public_transport": ["platform_edge"],
    ]

    /// Whether a closed way with `tags` is an area.
    public func isArea(_ tags: OSMTags) -> Bool {
        var decided = false
        for tag in tags {
            if tag.key == "area" {
                if tag.value == "yes" { return true }
                if tag.value == "no" { return false }
                continue
            }
            if !decided, areaKeys.contains(tag.key), !(linearValues[tag.key]?.contains(tag.value) ?? false) {
                decided = true
            }
        }
        return decided
    }
}
