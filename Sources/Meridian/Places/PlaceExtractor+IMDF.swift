import MeridianCore
import MeridianIMDF
import MeridianPlaces

extension PlaceExtractor {
    /// The places of an IMDF venue (see ``PlaceExtractor``): what a venue
    /// directory or kiosk lets people find.
    public static func places(fromIMDF archive: IMDFArchive, file: String) -> [Place] {
        var walk = IMDFPlaces(archive: archive, file: file)
        return walk.all()
    }
}

/// The walk over one venue behind ``PlaceExtractor/places(fromIMDF:file:)``.
struct IMDFPlaces {
    let archive: IMDFArchive
    let file: String
    var index = 0

    /// Unit categories findable by their own words though MapKit has no
    /// category for them.
    static let findableUnits: Set<String> = ["elevator", "escalator", "stairs", "ramp", "movingwalkway", "lounge"]

    init(archive: IMDFArchive, file: String) {
        self.archive = archive
        self.file = file
    }

    var venueContainer: PlaceContainer? {
        archive.venues.first.map { PlaceContainer(kind: .venue, id: $0.id, name: $0.name?.entries.first?.text) }
    }

    func names(_ labels: IMDF.Labels?, _ alternative: IMDF.Labels? = nil) -> [PlaceName] {
        var names = (labels?.entries ?? []).map { PlaceName(text: $0.text, language: $0.language) }
        names += (alternative?.entries ?? []).map { PlaceName(text: $0.text, language: $0.language) }
        return names.filter { !$0.text.isEmpty }
    }

    func address(_ id: String?) -> PlaceAddress? {
        guard let id, let address = archive.address(withID: id) else { return nil }
        return PlaceAddress(
            street: address.address, unit: address.unit, locality: address.locality, province: address.province,
            postalCode: address.postalCode, country: address.country)
    }

    /// The venue, building and level of a level id, outermost first.
    func containers(ofLevel id: String?) -> [PlaceContainer] {
        var result = venueContainer.map { [$0] } ?? []
        guard let id, let level = archive.level(withID: id) else { return result }
        if let buildingID = level.buildingIDs.first, let building = archive.building(withID: buildingID) {
            result.append(PlaceContainer(kind: .building, id: building.id, name: building.name?.entries.first?.text))
        }
        result.append(levelContainer(level))
        return result
    }

    func levelContainer(_ level: IMDF.Level) -> PlaceContainer {
        let name = level.name?.entries.first?.text
        let short = level.shortName?.entries.first?.text
        let text = [name, short == name ? nil : short].compactMap { $0 }.joined(separator: " ")
        return PlaceContainer(kind: .level, id: level.id, name: text.isEmpty ? nil : text, ordinal: level.ordinal)
    }

    func unitContainers(_ unit: IMDF.Unit) -> [PlaceContainer] {
        containers(ofLevel: unit.levelID)
            + [PlaceContainer(kind: .unit, id: unit.id, name: unit.name?.entries.first?.text)]
    }

    /// A name for a place the data leaves unnamed: its category's.
    static func fallbackName(_ category: PointOfInterestCategory?, _ word: String?) -> [PlaceName] {
        if let category { return [PlaceName(text: category.displayName, language: "en")] }
        guard let word, !word.isEmpty else { return [] }
        let base = word.split(separator: ".").first.map(String.init) ?? word
        return [PlaceName(text: base.prefix(1).uppercased() + base.dropFirst(), language: "en")]
    }

    mutating func make(
        _ feature: some IMDFFeature, names: [PlaceName], coordinate: Coordinate?,
        category: PointOfInterestCategory?,
        words: [String], address: PlaceAddress? = nil, phone: String? = nil, url: String? = nil, hours: String? = nil,
        containers: [PlaceContainer], boundary: Geometry? = nil, importance: Double, kind: Place.Kind = .pointOfInterest
    ) -> Place? {
        defer { index += 1 }
        guard !names.isEmpty, let coordinate = coordinate ?? feature.feature.geometry.flatMap({ PlaceExtractor.coordinate(of: $0) })
        else { return nil }
        return Place(
            id: feature.id, alternateIDs: PlaceDeduplicator().alternateIDs(of: feature.feature), names: names,
            coordinate: coordinate, category: category, categoryWords: words, address: address, phone: phone, url: url,
            hours: hours, containers: containers, boundary: boundary, importance: importance, kind: kind,
            source: PlaceSource(file: file, featureID: feature.id, featureIndex: index))
    }

    mutating func all() -> [Place] {
        var places: [Place] = []
        var coordinateOfAddress: [String: Coordinate] = [:]
        func note(_ addressID: String?, _ coordinate: Coordinate?) {
            if let addressID, let coordinate, coordinateOfAddress[addressID] == nil {
                coordinateOfAddress[addressID] = coordinate
            }
        }
        for venue in archive.venues {
            let category = venue.category.flatMap { PointOfInterestCategory.imdf($0.rawValue) }
            if let place = make(
                venue, names: names(venue.name, venue.altName), coordinate: venue.displayPoint, category: category,
                words: venue.category.map { [$0.rawValue] } ?? [], address: address(venue.addressID),
                phone: venue.phone,
                url: venue.website, hours: venue.hours, containers: [], boundary: venue.feature.geometry, importance: 1)
            {
                places.append(place)
                note(venue.addressID, place.coordinate)
            }
        }
        for building in archive.buildings {
            let containers = venueContainer.map { [$0] } ?? []
            if let place = make(
                building, names: names(building.name, building.altName), coordinate: building.displayPoint,
                category: nil, words: ["building"], address: address(building.addressID), containers: containers,
                importance: 0.9)
            {
                places.append(place)
                note(building.addressID, place.coordinate)
            }
        }
        for level in archive.levels {
            let container = levelContainer(level)
            if let place = make(
                level, names: container.name.map { [PlaceName(text: $0)] } ?? [], coordinate: level.displayPoint,
                category: nil, words: ["level", "floor"], containers: Array(containers(ofLevel: level.id).dropLast()),
                boundary: level.feature.geometry, importance: 0.7)
            {
                places.append(place)
            }
        }
        for unit in archive.units {
            let word = unit.category?.rawValue
            let category = word.flatMap(PointOfInterestCategory.imdf)
            var unitNames = names(unit.name, unit.altName)
            let findable = category != nil || word.map { Self.findableUnits.contains($0) } ?? false
            if unitNames.isEmpty, findable { unitNames = Self.fallbackName(category, word) }
            if let place = make(
                unit, names: unitNames, coordinate: unit.displayPoint, category: category,
                words: word.map { [$0] } ?? [],
                containers: containers(ofLevel: unit.levelID), boundary: unit.feature.geometry, importance: 0.4)
            {
                places.append(place)
            }
        }
        for section in archive.sections {
            let word = section.category?.rawValue
            if let place = make(
                section, names: names(section.name, section.altName), coordinate: section.displayPoint,
                category: word.flatMap(PointOfInterestCategory.imdf), words: word.map { [$0] } ?? [],
                address: address(section.addressID), containers: containers(ofLevel: section.levelID),
                boundary: section.feature.geometry, importance: 0.45)
            {
                places.append(place)
            }
        }
        for amenity in archive.amenities {
            let word = amenity.category?.rawValue
            let category = word.flatMap(PointOfInterestCategory.imdf)
            var amenityNames = names(amenity.name, amenity.altName)
            if amenityNames.isEmpty { amenityNames = Self.fallbackName(category, word) }
            let unit = archive.units(ofAmenity: amenity).first
            if let place = make(
                amenity, names: amenityNames, coordinate: amenity.coordinate, category: category,
                words: word.map { [$0] } ?? [], address: address(amenity.addressID), phone: amenity.phone,
                url: amenity.website, hours: amenity.hours,
                containers: unit.map(unitContainers) ?? (venueContainer.map { [$0] } ?? []), importance: 0.5)
            {
                places.append(place)
                note(amenity.addressID, place.coordinate)
            }
        }
        for occupant in archive.occupants {
            let word = occupant.category?.rawValue
            let anchor = occupant.anchorID.flatMap(archive.anchor(withID:))
            let unit = archive.unit(of: occupant)
            if let place = make(
                occupant, names: names(occupant.name), coordinate: anchor?.coordinate ?? unit?.displayPoint,
                category: word.flatMap(PointOfInterestCategory.imdf), words: word.map { [$0] } ?? [],
                address: address(anchor?.addressID), phone: occupant.phone, url: occupant.website,
                hours: occupant.hours, containers: unit.map(unitContainers) ?? (venueContainer.map { [$0] } ?? []),
                importance: 0.6)
            {
                places.append(place)
                note(anchor?.addressID, place.coordinate)
            }
        }
        for kiosk in archive.kiosks {
            if let place = make(
                kiosk, names: names(kiosk.name, kiosk.altName), coordinate: kiosk.displayPoint, category: nil,
                words: ["kiosk"], containers: containers(ofLevel: kiosk.levelID), importance: 0.45)
            {
                places.append(place)
            }
        }
        let venuePoint = places.first?.coordinate
        for address in archive.addresses {
            guard let structured = self.address(address.id),
                let coordinate = coordinateOfAddress[address.id] ?? venuePoint
            else { continue }
            let text = structured.fullAddress(includingRegion: false)
            if let place = make(
                address, names: text.isEmpty ? [] : [PlaceName(text: text)], coordinate: coordinate, category: nil,
                words: [], address: structured, containers: [], importance: 0.3, kind: .address)
            {
                places.append(place)
            }
        }
        return places
    }
}
