import MeridianCore
import MeridianIMDF
import MeridianLibC

/// What a venue's graph keeps to join places to it and to word its steps:
/// each walkable unit (its polygons, level and nodes), each level's outline
/// and name, and which nodes are doors.
struct VenueIndex: Sendable {
    struct Space: Sendable {
        var polygons: [Polygon]
        var level: Int32
        var nodes: [Int32]
        var area: Double
    }

    struct Level: Sendable {
        var ordinal: Int32
        /// "First Floor", or "level 1" where the level has no name.
        var name: String
        var shortName: String?
        var outline: [Polygon]
    }

    var spaces: [Space] = []
    var levels: [Level] = []
    var doors: Set<Int32> = []
    /// The ways of elevator, stairs and escalator units (walked into and
    /// out of around a level change).
    var circulation: Set<Int32> = []

    func level(_ ordinal: Int32) -> Level? { levels.first { $0.ordinal == ordinal } }
}

extension RoutingGraph {
    /// The walking graph of an IMDF venue: each walkable unit is a space
    /// crossed in straight lines between its doors, its display point and
    /// its inner corners (a visibility graph, so that a route through an
    /// L-shaped corridor turns its corner rather than crossing a wall);
    /// openings join the units they lie between; levels are joined by the
    /// venue's `relationship` features of category `elevator`, `stairs`,
    /// `escalator`, `ramp` and `movingwalkway` (and units by `traversal`),
    /// and, where no relationship says so, by elevator, stairs and
    /// escalator units that overlap on adjacent levels. `lines` join the
    /// graph as ways outdoors (no level).
    ///
    /// What cannot be used is left out with a warning in `warnings`: an
    /// opening that touches no walkable unit, a relationship that names a
    /// feature the venue does not hold.
    ///
    /// Costs: a space and a ramp at the mode's speed; a flight of stairs or
    /// an escalator 8 m and 6 s (escalator 10 s) a level on foot only; an
    /// elevator 4 m a level and 30 s of waiting, by any mode. Units of
    /// category `nonpublic`, walls, columns and shafts, units restricted to
    /// employees, and service, emergency, bicycle and car openings are not
    /// walked; a wheelchair takes no stairs, steps or escalator, and no
    /// revolving door or turnstile.
    public init(
        venue archive: IMDFArchive, lines: some Sequence<Feature> = [Feature](), languages: [String] = [],
        warnings: inout [Diagnostic]
    ) {
        var maker = VenueGraphMaker(archive: archive, languages: languages)
        maker.builder.add(lines: lines)
        maker.build()
        warnings += maker.warnings
        self.init(maker.builder, venue: maker.index)
    }
}

extension RoutingGraph {
    /// Whether the graph is a venue's and `waypoint` lies inside it: in one
    /// of its walkable units or inside a level's outline (on its level, if
    /// it names one). A server with several venues routes a request in the
    /// one that holds its origin.
    public func holds(_ waypoint: Waypoint) -> Bool {
        guard let venue else { return false }
        let level = waypoint.level.map(Int32.init(clamping:))
        return venue.spaces.contains { space in
            (level == nil || space.level == level) && space.polygons.contains { $0.contains(waypoint.coordinate) }
        }
            || venue.levels.contains { outline in
                (level == nil || outline.ordinal == level) && outline.outline.contains { $0.contains(waypoint.coordinate) }
            }
    }
}

/// Builds a venue's graph (``RoutingGraph/init(venue:lines:languages:warnings:)``).
struct VenueGraphMaker {
    let archive: IMDFArchive
    let languages: [String]
    var builder = RoutingGraph.Builder()
    var index = VenueIndex()
    var warnings: [Diagnostic] = []
    /// Metres a degree east and north at the venue (a plane for the
    /// geometry of a few hundred metres; lengths are measured on the ellipsoid).
    let metresEast: Double
    let metresNorth: Double
    let origin: Coordinate
    var ordinals: [String: Int32] = [:]
    /// Each unit's centre node, by unit id.
    var centreOfUnit: [String: Int32] = [:]
    var nodeOfOpening: [String: Int32] = [:]
    var spaceWays: [Int32] = []
    var spaceModes: [UInt8] = []
    var spaceUnits: [IMDF.Unit] = []

    static let notWalked: Set<String> = [
        "nonpublic", "brick", "column", "concrete", "drywall", "glass", "wood", "structure", "opentobelow",
        "vegetation", "shaft", "road", "water", "unenclosedarea.water",
    ]
    static let openingsWalked: Set<String> = ["pedestrian", "pedestrian.principal", "pedestrian.transit"]
    /// The most ring positions a unit's inner corners are found for, and
    /// the most pairs of nodes times walls a space is searched for sight
    /// lines (past them, its doors are joined through its centre).
    static let mostCorners = 2_000
    static let mostSightWork = 200_000_000
    /// Units only walked on foot.
    static let footOnly: Set<String> = ["stairs", "steps", "escalator"]

    init(archive: IMDFArchive, languages: [String]) {
        self.archive = archive
        self.languages = languages
        let first =
            archive.levels.lazy.compactMap { $0.displayPoint ?? $0.geometry?.polygons.first?.coordinates.first }.first
            ?? archive.units.lazy.compactMap { $0.geometry?.polygons.first?.coordinates.first }.first
            ?? Coordinate(latitude: 0, longitude: 0)
        origin = first
        metresNorth = 111_132.954
        metresEast = 111_319.491 * cos(first.latitude * .pi / 180)
    }

    /// A position on the venue's plane, in metres.
    func plane(_ c: Coordinate) -> (x: Double, y: Double) {
        ((c.longitude - origin.longitude) * metresEast, (c.latitude - origin.latitude) * metresNorth)
    }

    func coordinate(_ p: (x: Double, y: Double)) -> Coordinate {
        Coordinate(latitude: origin.latitude + p.y / metresNorth, longitude: origin.longitude + p.x / metresEast)
    }

    mutating func warn(_ code: String, _ message: String, file: String, id: String) {
        warnings.append(
            Diagnostic(
                severity: .warning, code: code, message: message,
                location: SourceLocation(file: file, featureID: id)))
    }

    mutating func build() {
        for level in archive.levels {
            guard let ordinal = level.ordinal else { continue }
            ordinals[level.id] = Int32(ordinal)
            guard index.level(Int32(ordinal)) == nil else { continue }
            let shortName = level.shortName?.text(for: languages)
            index.levels.append(
                VenueIndex.Level(
                    ordinal: Int32(ordinal),
                    name: level.name?.text(for: languages) ?? "level \(shortName ?? String(ordinal))",
                    shortName: shortName, outline: level.geometry?.polygons ?? []))
        }
        index.levels.sort { $0.ordinal < $1.ordinal }
        addSpaces()
        addOpenings()
        for space in index.spaces.indices { connectWithin(space) }
        let joined = addRelationships()
        addOverlappingCirculation(skipping: joined)
    }

    // MARK: Spaces

    /// A unit's name as a step says it: its own, or its occupant's.
    func name(of unit: IMDF.Unit) -> String? {
        if let name = unit.name?.text(for: languages) { return name }
        for anchor in archive.anchors where anchor.unitID == unit.id {
            if let occupant = archive.occupants.first(where: { $0.anchorID == anchor.id }),
                let name = occupant.name?.text(for: languages)
            {
                return name
            }
        }
        return nil
    }

    mutating func addSpaces() {
        for unit in archive.units {
            let category = unit.category?.rawValue ?? "unspecified"
            guard let levelID = unit.levelID, let level = ordinals[levelID], let geometry = unit.geometry,
                !Self.notWalked.contains(category),
                unit.restriction != .employeesonly, unit.restriction != .restricted
            else { continue }
            let polygons = geometry.polygons.filter { $0.coordinates.count >= 4 }
            guard !polygons.isEmpty else { continue }
            let way = builder.way(
                RoutingGraph.Way(name: name(of: unit), speed: 5, featureID: unit.id, kind: .space))
            if ["elevator", "stairs", "escalator"].contains(category) { index.circulation.insert(way) }
            spaceWays.append(way)
            spaceModes.append(Self.footOnly.contains(category) ? 1 : 3)
            spaceUnits.append(unit)
            var space = VenueIndex.Space(polygons: polygons, level: level, nodes: [], area: geometry.area)
            // The centre: the display point if it is inside, else a point surely inside.
            let centre = unit.displayPoint.flatMap { point in polygons.contains { $0.contains(point) } ? point : nil }
                ?? interiorPoint(polygons[0])
            let node = builder.newNode(centre, level: level)
            centreOfUnit[unit.id] = node
            space.nodes.append(node)
            // Corners of a unit of a few thousand: a hostile outline's are not walked round.
            if polygons.reduce(0, { $0 + $1.rings.reduce(0) { $0 + $1.count } }) <= Self.mostCorners {
                for polygon in polygons { space.nodes += innerCorners(polygon, level: level) }
            }
            index.spaces.append(space)
        }
    }

    /// A point inside `polygon`: its centroid if inside, else the middle of
    /// the widest stretch inside along the line across its middle.
    func interiorPoint(_ polygon: Polygon) -> Coordinate {
        let ring = polygon.coordinates.map(plane)
        let n = Double(ring.count - 1)
        let centroid = (ring.dropLast().reduce(0) { $0 + $1.x } / n, ring.dropLast().reduce(0) { $0 + $1.y } / n)
        if polygon.contains(coordinate(centroid)) { return coordinate(centroid) }
        let ys = ring.map(\.y)
        let y = (ys.min()! + ys.max()!) / 2
        var crossings: [Double] = []
        for rings in polygon.rings {
            let points = rings.map(plane)
            for (a, b) in zip(points, points.dropFirst()) where (a.y <= y) != (b.y <= y) {
                crossings.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
            }
        }
        crossings.sort()
        var best = (x: centroid.0, width: -1.0)
        for pair in stride(from: 0, to: crossings.count - 1, by: 2) where crossings[pair + 1] - crossings[pair] > best.width {
            best = ((crossings[pair] + crossings[pair + 1]) / 2, crossings[pair + 1] - crossings[pair])
        }
        return coordinate((best.x, y))
    }

    /// Nodes a little inside each corner where the polygon turns inwards
    /// (the corners a shortest way inside it bends around).
    mutating func innerCorners(_ polygon: Polygon, level: Int32) -> [Int32] {
        var nodes: [Int32] = []
        for (number, ring) in polygon.rings.enumerated() {
            var points = ring.map(plane)
            if points.count >= 2, points.first! == points.last! { points.removeLast() }
            guard points.count >= 3 else { continue }
            // The exterior counterclockwise and holes clockwise: the inside on the left.
            let signedArea = zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
            if (signedArea > 0) != (number == 0) { points.reverse() }
            for (i, point) in points.enumerated() {
                let before = points[(i + points.count - 1) % points.count]
                let after = points[(i + 1) % points.count]
                let (ax, ay) = (point.x - before.x, point.y - before.y)
                let (bx, by) = (after.x - point.x, after.y - point.y)
                let (la, lb) = ((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
                guard la > 0.05, lb > 0.05, ax * by - ay * bx < -1e-9 * la * lb else { continue }
                // Along the bisector, into the inside: the left normals of both walls.
                var (nx, ny) = (-ay / la - by / lb, ax / la + bx / lb)
                let length = (nx * nx + ny * ny).squareRoot()
                guard length > 1e-9 else { continue }
                (nx, ny) = (nx / length, ny / length)
                let inside = coordinate((point.x + 0.3 * nx, point.y + 0.3 * ny))
                guard polygon.contains(inside) else { continue }
                nodes.append(builder.newNode(inside, level: level))
            }
        }
        return nodes
    }

    // MARK: Openings

    mutating func addOpenings() {
        var spacesByLevel: [Int32: [Int]] = [:]
        for (number, space) in index.spaces.enumerated() { spacesByLevel[space.level, default: []].append(number) }
        for opening in archive.openings {
            let category = opening.category?.rawValue
            guard category.map(Self.openingsWalked.contains) ?? true,
                let line = opening.geometry?.coordinates, line.count >= 2,
                let levelID = opening.levelID, let level = ordinals[levelID]
            else { continue }
            let middle = coordinate(Self.middle(of: line.map(plane)))
            var touched: [(space: Int, at: (x: Double, y: Double), distance: Double)] = []
            for number in spacesByLevel[level] ?? [] {
                if let nearest = nearestBoundaryPoint(middle, in: index.spaces[number].polygons), nearest.distance <= 0.5 {
                    touched.append((number, nearest.at, nearest.distance))
                }
            }
            guard !touched.isEmpty else {
                warn(
                    "route.venue.opening",
                    "opening \(opening.id) touches no walkable unit on its level; routes do not pass through it",
                    file: "opening.geojson", id: opening.id)
                continue
            }
            let door = builder.newNode(middle, level: level)
            nodeOfOpening[opening.id] = door
            index.doors.insert(door)
            let doorType = opening.door?.type?.rawValue ?? ""
            let wheelchair: UInt8 = doorType == "revolving" || doorType.hasPrefix("turnstile") ? 0 : 2
            for (space, at, distance) in touched {
                var entry = door
                if distance > 0.01 {
                    let point = coordinate(at)
                    entry = builder.newNode(point, level: level)
                    let modes = spaceModes[space] & (1 | wheelchair)
                    builder.connect(
                        door, entry, length: middle.distance(to: point), way: spaceWays[space], forward: modes,
                        backward: modes)
                }
                index.spaces[space].nodes.append(entry)
            }
        }
    }

    /// The point halfway along a line.
    static func middle(of points: [(x: Double, y: Double)]) -> (x: Double, y: Double) {
        let lengths = zip(points, points.dropFirst()).map { hypot($0.1.x - $0.0.x, $0.1.y - $0.0.y) }
        var left = lengths.reduce(0, +) / 2
        for (i, length) in lengths.enumerated() {
            if left <= length, length > 0 {
                let t = left / length
                return (points[i].x + t * (points[i + 1].x - points[i].x), points[i].y + t * (points[i + 1].y - points[i].y))
            }
            left -= length
        }
        return points[0]
    }

    /// The point of the polygons' boundaries nearest `position`, in metres.
    func nearestBoundaryPoint(_ position: Coordinate, in polygons: [Polygon]) -> (at: (x: Double, y: Double), distance: Double)? {
        let p = plane(position)
        var best: (at: (x: Double, y: Double), distance: Double)?
        for polygon in polygons {
            for ring in polygon.rings {
                let points = ring.map(plane)
                for (a, b) in zip(points, points.dropFirst()) {
                    let (dx, dy) = (b.x - a.x, b.y - a.y)
                    let squared = dx * dx + dy * dy
                    let t = squared > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / squared)) : 0
                    let at = (x: a.x + t * dx, y: a.y + t * dy)
                    let distance = hypot(p.x - at.x, p.y - at.y)
                    if distance < best?.distance ?? .infinity { best = (at, distance) }
                }
            }
        }
        return best
    }

    // MARK: Within a space

    /// Joins every two nodes of a space that see each other across it.
    mutating func connectWithin(_ number: Int) {
        let space = index.spaces[number]
        let points = space.nodes.map { plane(builder.positions[Int($0)]) }
        let walls = space.polygons.flatMap { polygon in
            polygon.rings.flatMap { ring in
                let p = ring.map(plane)
                return zip(p, p.dropFirst()).map { ($0, $1) }
            }
        }
        let modes = spaceModes[number]
        if points.count * points.count / 2 * max(1, walls.count) > Self.mostSightWork {
            for node in space.nodes.dropFirst() {
                builder.connect(
                    space.nodes[0], node, length: builder.positions[Int(space.nodes[0])].distance(to: builder.positions[Int(node)]),
                    way: spaceWays[number], forward: modes, backward: modes)
            }
            return
        }
        for i in points.indices {
            for j in points.indices where j > i {
                guard sees(points[i], points[j], walls: walls, polygons: space.polygons) else { continue }
                let (a, b) = (space.nodes[i], space.nodes[j])
                builder.connect(
                    a, b, length: builder.positions[Int(a)].distance(to: builder.positions[Int(b)]),
                    way: spaceWays[number], forward: modes, backward: modes)
            }
        }
    }

    /// Whether the straight line from `a` to `b` stays inside: it crosses
    /// no wall away from its ends, and its quarter points are inside.
    func sees(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), walls: [((x: Double, y: Double), (x: Double, y: Double))],
        polygons: [Polygon]
    ) -> Bool {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = hypot(dx, dy)
        guard length > 1e-6 else { return true }
        let margin = 0.02 / length
        for (c, d) in walls {
            let (ex, ey) = (d.x - c.x, d.y - c.y)
            let denominator = dx * ey - dy * ex
            guard abs(denominator) > 1e-12 else { continue }
            let t = ((c.x - a.x) * ey - (c.y - a.y) * ex) / denominator
            let u = ((c.x - a.x) * dy - (c.y - a.y) * dx) / denominator
            if t > margin, t < 1 - margin, u >= -1e-9, u <= 1 + 1e-9 { return false }
        }
        for fraction in [0.25, 0.5, 0.75] {
            let point = coordinate((a.x + fraction * dx, a.y + fraction * dy))
            if !polygons.contains(where: { $0.contains(point) }) { return false }
        }
        return true
    }

    // MARK: Between levels

    /// The node a relationship's reference stands for: a unit's centre, an
    /// opening, an amenity's unit's centre.
    func node(for reference: IMDF.FeatureReference) -> Int32? {
        switch reference.featureType {
        case "unit": return centreOfUnit[reference.id]
        case "opening": return nodeOfOpening[reference.id]
        case "amenity":
            return archive.amenity(withID: reference.id)?.unitIDs.lazy.compactMap { centreOfUnit[$0] }.first
        default: return centreOfUnit[reference.id] ?? nodeOfOpening[reference.id]
        }
    }

    /// Joins the nodes each relationship names; returns the units joined
    /// between levels this way.
    mutating func addRelationships() -> Set<String> {
        var joined = Set<String>()
        for relationship in archive.relationships {
            let category = relationship.category?.rawValue ?? ""
            let kind: RoutingGraph.Way.Kind
            switch category {
            case "elevator": kind = .elevator
            case "stairs": kind = .stairs
            case "escalator": kind = .escalator
            case "ramp": kind = .ramp
            case "traversal", "movingwalkway": kind = .space
            default: continue
            }
            let references = [relationship.origin].compactMap { $0 } + relationship.intermediary
                + [relationship.destination].compactMap { $0 }
            var nodes: [Int32] = []
            for reference in references {
                guard let node = node(for: reference) else {
                    let held = archive.feature(withID: reference.id) != nil
                    warn(
                        "route.venue.reference",
                        held
                            ? "relationship \(relationship.id) joins \(reference.featureType) \(reference.id), which is not walked (a wall, a non-public or restricted unit, a staff door)"
                            : "relationship \(relationship.id) names \(reference.featureType) \(reference.id), which the venue does not hold",
                        file: "relationship.geojson", id: relationship.id)
                    nodes = []
                    break
                }
                nodes.append(node)
            }
            guard nodes.count >= 2 else { continue }
            if kind != .space { for reference in references where reference.featureType == "unit" { joined.insert(reference.id) } }
            let way = builder.way(RoutingGraph.Way(name: nil, speed: 5, featureID: relationship.id, kind: kind))
            let directed = relationship.direction == .directed
            for (a, b) in zip(nodes, nodes.dropFirst()) {
                connectLevels(a, b, kind: kind, way: way, directed: directed)
            }
        }
        return joined
    }

    /// An edge between levels (or within one, for a traversal) by its kind's cost.
    mutating func connectLevels(_ a: Int32, _ b: Int32, kind: RoutingGraph.Way.Kind, way: Int32, directed: Bool) {
        let (from, to) = (builder.positions[Int(a)], builder.positions[Int(b)])
        let levels = Double(abs(Int(builder.levels[Int(a)]) - Int(builder.levels[Int(b)])))
        let across = from.distance(to: to)
        let (length, delay, modes): (Double, Double, UInt8) =
            switch kind {
            case .stairs: (across + 8 * levels, 6 * levels, 1)
            case .escalator: (across + 8 * levels, 10 * levels, 1)
            case .elevator: (across + 4 * levels, 30, 3)
            case .ramp: (across + 10 * levels, 0, 3)
            case .space, .way: (across, 0, 3)
            }
        builder.connect(a, b, length: length, delay: Float(delay), way: way, forward: modes, backward: directed ? 0 : modes)
    }

    /// Elevator, stairs and escalator units no relationship joins, joined
    /// to units of their category they overlap on the next level up (an
    /// elevator to every level its shaft reaches, one wait for the ride).
    mutating func addOverlappingCirculation(skipping joined: Set<String>) {
        let order = index.levels.map(\.ordinal)
        for (category, kind) in [("elevator", RoutingGraph.Way.Kind.elevator), ("stairs", .stairs), ("escalator", .escalator)] {
            let units = spaceUnits.indices.filter {
                spaceUnits[$0].category?.rawValue == category && !joined.contains(spaceUnits[$0].id)
            }
            // Shafts: units joined level to level, as groups.
            var group = Array(units.indices)
            func root(_ i: Int) -> Int {
                var i = i
                while group[i] != i { i = group[i] }
                return i
            }
            var pairs: [(Int, Int)] = []
            for (i, a) in units.enumerated() {
                guard let above = order.firstIndex(of: index.spaces[a].level).map({ $0 + 1 }), above < order.count else {
                    continue
                }
                for (j, b) in units.enumerated() where index.spaces[b].level == order[above] {
                    guard overlap(index.spaces[a].polygons, index.spaces[b].polygons) else { continue }
                    pairs.append((a, b))
                    group[root(j)] = root(i)
                }
            }
            if kind == .elevator {
                // Every two levels of a shaft, so that the wait is counted once.
                var shafts: [Int: [Int]] = [:]
                for (i, unit) in units.enumerated() { shafts[root(i), default: []].append(unit) }
                pairs = shafts.values.flatMap { members in
                    members.flatMap { a in members.filter { index.spaces[$0].level > index.spaces[a].level }.map { (a, $0) } }
                }
                pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            }
            for (a, b) in pairs {
                let (unitA, unitB) = (spaceUnits[a].id, spaceUnits[b].id)
                guard let from = centreOfUnit[unitA], let to = centreOfUnit[unitB] else { continue }
                let way = builder.way(RoutingGraph.Way(name: nil, speed: 5, featureID: unitA, kind: kind))
                connectLevels(from, to, kind: kind, way: way, directed: false)
            }
        }
    }

    /// Whether two units overlap: a point inside one is inside the other
    /// (units that only share a wall do not).
    func overlap(_ a: [Polygon], _ b: [Polygon]) -> Bool {
        a.contains { polygon in b.contains { $0.contains(interiorPoint(polygon)) } }
            || b.contains { polygon in a.contains { $0.contains(interiorPoint(polygon)) } }
    }
}
