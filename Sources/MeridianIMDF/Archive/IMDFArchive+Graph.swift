import MeridianCore

extension IMDFArchive {
    /// The venue graph as index lists, built once in O(features).
    struct Graph: Sendable {
        /// Level indices per ordinal, ordinals ascending.
        var ordinals: [(ordinal: Int, levels: [Int])] = []
        var unitsByLevel: [String: [Int]] = [:]
        var openingsByLevel: [String: [Int]] = [:]
        var fixturesByLevel: [String: [Int]] = [:]
        var sectionsByLevel: [String: [Int]] = [:]
        var kiosksByLevel: [String: [Int]] = [:]
        var detailsByLevel: [String: [Int]] = [:]
        var geofencesByLevel: [String: [Int]] = [:]
        var amenitiesByUnit: [String: [Int]] = [:]
        var anchorsByUnit: [String: [Int]] = [:]
        var occupantsByAnchor: [String: [Int]] = [:]
        var footprintsByBuilding: [String: [Int]] = [:]
        var levelsByBuilding: [String: [Int]] = [:]
        var relationshipsByFeature: [String: [Int]] = [:]
    }

    mutating func buildGraph() {
        var graph = Graph()
        func add(_ map: inout [String: [Int]], _ key: String?, _ index: Int) {
            if let key { map[key, default: []].append(index) }
        }
        var byOrdinal: [Int: [Int]] = [:]
        for (index, level) in levels.enumerated() {
            if let ordinal = level.ordinal { byOrdinal[ordinal, default: []].append(index) }
            for building in level.buildingIDs { add(&graph.levelsByBuilding, building, index) }
        }
        graph.ordinals = byOrdinal.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        for (index, unit) in units.enumerated() { add(&graph.unitsByLevel, unit.levelID, index) }
        for (index, opening) in openings.enumerated() { add(&graph.openingsByLevel, opening.levelID, index) }
        for (index, fixture) in fixtures.enumerated() { add(&graph.fixturesByLevel, fixture.levelID, index) }
        for (index, section) in sections.enumerated() { add(&graph.sectionsByLevel, section.levelID, index) }
        for (index, kiosk) in kiosks.enumerated() { add(&graph.kiosksByLevel, kiosk.levelID, index) }
        for (index, detail) in details.enumerated() { add(&graph.detailsByLevel, detail.levelID, index) }
        for (index, geofence) in geofences.enumerated() {
            for level in Set(geofence.levelIDs) { add(&graph.geofencesByLevel, level, index) }
        }
        for (index, amenity) in amenities.enumerated() {
            for unit in Set(amenity.unitIDs) { add(&graph.amenitiesByUnit, unit, index) }
        }
        for (index, anchor) in anchors.enumerated() { add(&graph.anchorsByUnit, anchor.unitID, index) }
        for (index, occupant) in occupants.enumerated() { add(&graph.occupantsByAnchor, occupant.anchorID, index) }
        for (index, footprint) in footprints.enumerated() {
            for building in Set(footprint.buildingIDs) { add(&graph.footprintsByBuilding, building, index) }
        }
        for (index, relationship) in relationships.enumerated() {
            for id in Set(relationship.references.map(\.id)) { add(&graph.relationshipsByFeature, id, index) }
        }
        self.graph = graph
    }

    // MARK: Lookups by id, O(1)

    /// The feature with this id, of whatever type.
    public func feature(withID id: String) -> IMDF.AnyFeature? {
        guard let handle = handles[id] else { return nil }
        let i = handle.index
        switch handle.type {
        case .venue: return .venue(venues[i])
        case .address: return .address(addresses[i])
        case .building: return .building(buildings[i])
        case .footprint: return .footprint(footprints[i])
        case .level: return .level(levels[i])
        case .unit: return .unit(units[i])
        case .opening: return .opening(openings[i])
        case .fixture: return .fixture(fixtures[i])
        case .kiosk: return .kiosk(kiosks[i])
        case .section: return .section(sections[i])
        case .geofence: return .geofence(geofences[i])
        case .detail: return .detail(details[i])
        case .amenity: return .amenity(amenities[i])
        case .anchor: return .anchor(anchors[i])
        case .occupant: return .occupant(occupants[i])
        case .relationship: return .relationship(relationships[i])
        }
    }

    /// The type of the feature with this id.
    public func featureType(ofID id: String) -> IMDF.FeatureType? { handles[id]?.type }

    private func lookup<T: IMDFFeature>(_ id: String, in array: [T]) -> T? {
        guard let handle = handles[id], handle.type == T.featureType else { return nil }
        return array[handle.index]
    }

    public func address(withID id: String) -> IMDF.Address? { lookup(id, in: addresses) }
    public func building(withID id: String) -> IMDF.Building? { lookup(id, in: buildings) }
    public func level(withID id: String) -> IMDF.Level? { lookup(id, in: levels) }
    public func unit(withID id: String) -> IMDF.Unit? { lookup(id, in: units) }
    public func opening(withID id: String) -> IMDF.Opening? { lookup(id, in: openings) }
    public func amenity(withID id: String) -> IMDF.Amenity? { lookup(id, in: amenities) }
    public func anchor(withID id: String) -> IMDF.Anchor? { lookup(id, in: anchors) }
    public func occupant(withID id: String) -> IMDF.Occupant? { lookup(id, in: occupants) }

    // MARK: The venue graph

    /// The venue, when there is exactly one (as IMDF requires).
    public var venue: IMDF.Venue? { venues.count == 1 ? venues[0] : nil }

    /// Levels grouped by ordinal, lowest first (reverse it for a picker,
    /// which lists the highest first). Levels without an ordinal are left out.
    public var levelGroups: [IMDF.LevelGroup] {
        graph.ordinals.map { IMDF.LevelGroup(ordinal: $0.ordinal, levels: $0.levels.map { levels[$0] }) }
    }

    /// Everything drawn on the level with this id.
    public func contents(ofLevel id: String) -> IMDF.LevelContents {
        var contents = IMDF.LevelContents()
        contents.units = (graph.unitsByLevel[id] ?? []).map { units[$0] }
        contents.openings = (graph.openingsByLevel[id] ?? []).map { openings[$0] }
        contents.fixtures = (graph.fixturesByLevel[id] ?? []).map { fixtures[$0] }
        contents.sections = (graph.sectionsByLevel[id] ?? []).map { sections[$0] }
        contents.kiosks = (graph.kiosksByLevel[id] ?? []).map { kiosks[$0] }
        contents.details = (graph.detailsByLevel[id] ?? []).map { details[$0] }
        contents.geofences = (graph.geofencesByLevel[id] ?? []).map { geofences[$0] }
        return contents
    }

    public func units(onLevel id: String) -> [IMDF.Unit] { (graph.unitsByLevel[id] ?? []).map { units[$0] } }
    public func openings(onLevel id: String) -> [IMDF.Opening] {
        (graph.openingsByLevel[id] ?? []).map { openings[$0] }
    }

    /// The levels of a building (by their `building_ids`).
    public func levels(ofBuilding id: String) -> [IMDF.Level] { (graph.levelsByBuilding[id] ?? []).map { levels[$0] } }
    /// The footprints that outline a building.
    public func footprints(ofBuilding id: String) -> [IMDF.Footprint] {
        (graph.footprintsByBuilding[id] ?? []).map { footprints[$0] }
    }

    /// The amenities attached to a unit (those whose `unit_ids` name it).
    public func amenities(inUnit id: String) -> [IMDF.Amenity] {
        (graph.amenitiesByUnit[id] ?? []).map { amenities[$0] }
    }
    /// The units an amenity is attached to.
    public func units(ofAmenity amenity: IMDF.Amenity) -> [IMDF.Unit] {
        amenity.unitIDs.compactMap { unit(withID: $0) }
    }
    /// The anchors placed in a unit.
    public func anchors(inUnit id: String) -> [IMDF.Anchor] { (graph.anchorsByUnit[id] ?? []).map { anchors[$0] } }
    /// The occupants placed at an anchor.
    public func occupants(atAnchor id: String) -> [IMDF.Occupant] {
        (graph.occupantsByAnchor[id] ?? []).map { occupants[$0] }
    }
    /// The occupants of a unit, through their anchors.
    public func occupants(inUnit id: String) -> [IMDF.Occupant] {
        (graph.anchorsByUnit[id] ?? []).flatMap { occupants(atAnchor: anchors[$0].id) }
    }
    /// The unit an occupant is in, through its anchor.
    public func unit(of occupant: IMDF.Occupant) -> IMDF.Unit? {
        occupant.anchorID.flatMap { anchor(withID: $0) }?.unitID.flatMap { unit(withID: $0) }
    }
    /// The relationships whose origin, intermediaries or destination name
    /// the feature.
    public func relationships(involving id: String) -> [IMDF.Relationship] {
        (graph.relationshipsByFeature[id] ?? []).map { relationships[$0] }
    }

    /// Every language the archive's labels use, the manifest's first.
    public var languages: [String] {
        var seen: [String] = []
        func add(_ language: String) { if !seen.contains(language) { seen.append(language) } }
        if let language = manifest?.language { add(language) }
        func add(_ labels: IMDF.Labels?) { labels?.languages.forEach(add) }
        venues.forEach {
            add($0.name)
            add($0.altName)
        }
        buildings.forEach {
            add($0.name)
            add($0.altName)
        }
        levels.forEach {
            add($0.name)
            add($0.shortName)
        }
        units.forEach {
            add($0.name)
            add($0.altName)
        }
        openings.forEach {
            add($0.name)
            add($0.altName)
        }
        amenities.forEach {
            add($0.name)
            add($0.altName)
        }
        occupants.forEach { add($0.name) }
        fixtures.forEach {
            add($0.name)
            add($0.altName)
        }
        kiosks.forEach {
            add($0.name)
            add($0.altName)
        }
        sections.forEach {
            add($0.name)
            add($0.altName)
        }
        geofences.forEach {
            add($0.name)
            add($0.altName)
        }
        footprints.forEach { add($0.name) }
        return seen
    }

    /// How many features of each type were decoded.
    public var featureCounts: [(type: IMDF.FeatureType, count: Int)] {
        IMDF.FeatureType.allCases.map { ($0, count(of: $0)) }
    }

    public func count(of type: IMDF.FeatureType) -> Int {
        switch type {
        case .venue: venues.count
        case .address: addresses.count
        case .building: buildings.count
        case .footprint: footprints.count
        case .level: levels.count
        case .unit: units.count
        case .opening: openings.count
        case .fixture: fixtures.count
        case .kiosk: kiosks.count
        case .section: sections.count
        case .geofence: geofences.count
        case .detail: details.count
        case .amenity: amenities.count
        case .anchor: anchors.count
        case .occupant: occupants.count
        case .relationship: relationships.count
        }
    }
}
