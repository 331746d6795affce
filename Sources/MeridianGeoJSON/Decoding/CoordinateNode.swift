import MeridianCore

/// The `coordinates` member as read, before the geometry's type is known
/// (RFC 7946 lets `type` come after `coordinates`). Positions go straight
/// into `[Coordinate]` arrays at the innermost level; only the nesting
/// above them is a tree.
enum CoordinateNode {
    /// `[]` at any level.
    case empty
    /// One position: `[lon, lat]` or `[lon, lat, alt]`.
    case position(Coordinate)
    /// An array of positions.
    case positions([Coordinate])
    /// An array of arrays.
    case nested([CoordinateNode])

    /// 0 for a position, 1 for positions, 2 for rings or lines, 3 for
    /// polygons; nil for empty.
    var depth: Int? {
        switch self {
        case .empty: nil
        case .position: 0
        case .positions: 1
        case .nested(let children): children.lazy.compactMap(\.depth).first.map { $0 + 1 } ?? 2
        }
    }

    /// The node as a plain JSON value, for a `coordinates` member that
    /// turns out to be a foreign member.
    var jsonValue: JSONValue {
        func position(_ c: Coordinate) -> JSONValue {
            var numbers: [JSONValue] = [.double(c.longitude), .double(c.latitude)]
            if let altitude = c.altitude { numbers.append(.double(altitude)) }
            return .array(numbers)
        }
        switch self {
        case .empty: return .array([])
        case .position(let c): return position(c)
        case .positions(let cs): return .array(cs.map(position))
        case .nested(let children): return .array(children.map(\.jsonValue))
        }
    }
}
