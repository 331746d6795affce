import MeridianCore

extension IMDFArchive {
    /// Every decoded feature as a plain `Feature` (id, geometry, every
    /// property, `feature_type` as a foreign member), venue first, in
    /// ``IMDF/FeatureType`` order, so GeoJSON export and rendering need
    /// nothing IMDF-specific.
    ///
    /// ```swift
    /// let collection = FeatureCollection(features: archive.features())
    /// let ground = archive.features(onOrdinal: 0)
    /// ```
    public func features(ofTypes types: [IMDF.FeatureType] = IMDF.FeatureType.allCases) -> [Feature] {
        var result: [Feature] = []
        for type in types.sorted() {
            switch type {
            case .venue: result += venues.map(\.feature)
            case .address: result += addresses.map(\.feature)
            case .building: result += buildings.map(\.feature)
            case .footprint: result += footprints.map(\.feature)
            case .level: result += levels.map(\.feature)
            case .unit: result += units.map(\.feature)
            case .opening: result += openings.map(\.feature)
            case .fixture: result += fixtures.map(\.feature)
            case .kiosk: result += kiosks.map(\.feature)
            case .section: result += sections.map(\.feature)
            case .geofence: result += geofences.map(\.feature)
            case .detail: result += details.map(\.feature)
            case .amenity: result += amenities.map(\.feature)
            case .anchor: result += anchors.map(\.feature)
            case .occupant: result += occupants.map(\.feature)
            case .relationship: result += relationships.map(\.feature)
            }
        }
        return result
    }

    /// The features of one floor: the levels with this ordinal and
    /// everything on them (units, openings, fixtures, kiosks, sections,
    /// details, geofences naming them), then the amenities and anchors in
    /// those units and the occupants at those anchors.
    public func features(onOrdinal ordinal: Int) -> [Feature] {
        guard let group = graph.ordinals.first(where: { $0.ordinal == ordinal }) else { return [] }
        var result: [Feature] = []
        var unitIDs: [String] = []
        var geofenceSeen = Set<String>()
        var geofenceFeatures: [Feature] = []
        var contentsFeatures: [Feature] = []
        for levelIndex in group.levels {
            let level = levels[levelIndex]
            result.append(level.feature)
            let contents = contents(ofLevel: level.id)
            unitIDs += contents.units.map(\.id)
            contentsFeatures +=
                contents.units.map(\.feature) + contents.openings.map(\.feature)
                + contents.fixtures.map(\.feature) + contents.kiosks.map(\.feature)
                + contents.sections.map(\.feature) + contents.details.map(\.feature)
            for geofence in contents.geofences where geofenceSeen.insert(geofence.id).inserted {
                geofenceFeatures.append(geofence.feature)
            }
        }
        result += contentsFeatures + geofenceFeatures
        var amenitySeen = Set<String>()
        for unit in unitIDs {
            for amenity in amenities(inUnit: unit) where amenitySeen.insert(amenity.id).inserted {
                result.append(amenity.feature)
            }
        }
        var occupantFeatures: [Feature] = []
        for unit in unitIDs {
            for anchor in anchors(inUnit: unit) {
                result.append(anchor.feature)
                occupantFeatures += occupants(atAnchor: anchor.id).map(\.feature)
            }
        }
        return result + occupantFeatures
    }
}
