/// How a route is travelled, as `MKDirectionsTransportType` names it
/// (plus wheelchair, which MapKit lacks): what a way allows and how fast
/// it is taken.
public enum TransportType: String, Sendable, Hashable, CaseIterable {
    case walking
    /// Walking without stairs or escalators, a little slower.
    case wheelchair
    case automobile

    /// Metres a second off the road (on foot, 5 km/h; in a wheelchair,
    /// 4 km/h); a car goes at its way's speed.
    var footSpeed: Double { self == .wheelchair ? 4 / 3.6 : 5 / 3.6 }

    /// Its place in ``allCases``.
    var index: Int {
        switch self {
        case .walking: 0
        case .wheelchair: 1
        case .automobile: 2
        }
    }

    /// The bit of ``RoutingGraph``'s edge modes for this type.
    var bit: UInt8 {
        switch self {
        case .walking: 1
        case .wheelchair: 2
        case .automobile: 4
        }
    }
}
