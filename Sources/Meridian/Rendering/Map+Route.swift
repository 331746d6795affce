extension MapPolyline {
    /// A route's line, as MapKit for SwiftUI's `MapPolyline(route)`.
    ///
    /// ```swift
    /// Map { MapPolyline(route).stroke(.blue, lineWidth: 5) }
    /// // A venue's level: the parts of the route on it.
    /// Map { for part in route.polylines(onLevel: 1) { MapPolyline(coordinates: part).stroke(.blue, lineWidth: 5) } }
    /// ```
    public init(_ route: Route) {
        self.init(coordinates: route.polyline)
    }
}

extension Map {
    /// A route drawn over its data, as an app shows an `MKRoute`: the
    /// layers (muted outdoors), the route's line in blue cased in white (in
    /// a venue, its parts on `level`),
    /// a green marker where it starts and a red one where it ends (each on
    /// its own level), and a marker where it leaves the level by stairs,
    /// escalator, ramp or elevator, titled with that step's instructions.
    /// Framed on the route outdoors (with a margin of a fifth each side, at
    /// least 200 m across); on a venue's level, the whole level.
    ///
    /// ```swift
    /// let map = Map(route: route, over: [try Layer(venue: archive, levelOrdinal: 0)], level: 0)
    /// try map.snapshot().write(toFile: "route-level0.svg")
    /// ```
    public init(route: Route, over layers: [Layer], level: Int? = nil) {
        let parts = level.map { route.polylines(onLevel: $0) } ?? [route.polyline]
        let first = route.polyline.first
        let last = route.polyline.last
        let startsHere = level == nil || route.levels.first == level
        let endsHere = level == nil || route.levels.last == level
        let changes = route.steps.filter { [.elevator, .stairs, .escalator, .ramp].contains($0.kind) }
            .filter { step in
                guard let level, let start = step.polyline.first,
                    let index = route.polyline.firstIndex(of: start)
                else { return false }
                return route.levels[index] == level
            }
        var position = MapCameraPosition.automatic
        if level == nil, !route.polyline.isEmpty {
            let box = MapRect(boundingPoints: route.polyline.map(MapPoint.init))
            let metres = metersPerMapPoint(atLatitude: route.polyline[route.polyline.count / 2].latitude)
            let least = 200 / metres
            let dx = max(box.width * 0.2, (least - box.width) / 2)
            let dy = max(box.height * 0.2, (least - box.height) / 2)
            position = .rect(box.insetBy(dx: -dx, dy: -dy))
        }
        self.init(position: position) {
            for layer in layers { layer }
            // Cased in white, as a route is drawn over streets.
            for part in parts { MapPolyline(coordinates: part).stroke(.white, lineWidth: 8) }
            for part in parts { MapPolyline(coordinates: part).stroke(.blue, lineWidth: 5) }
            for step in changes { Marker(step.instructions, coordinate: step.polyline[0]).tint(.indigo) }
            if startsHere, let first { Marker("Start", coordinate: first).tint(.green) }
            if endsHere, let last { Marker("Destination", coordinate: last).tint(.red) }
        }
        // Outdoors the data is the streets under the route: muted.
        if level == nil { style = .standard(emphasis: .muted) }
    }
}
