import MeridianCore
import MeridianPlaces
import MeridianSnapshot

extension PreviewPage {
    /// The places of the sources, for the page's search box: each with
    /// its title and subtitle as completions give them, its folded words
    /// (the name's, and the others': category, level, unit, address),
    /// its level's ordinal, its position in the maps' SVG user units, and
    /// the id of the feature to highlight (the place's own, or for an
    /// occupant the unit it occupies).
    ///
    /// Cost: one entry per named feature, a few words each.
    func searchablePlaces(projection snapshot: Snapshot) -> JSONValue {
        var places: [Place] = []
        for (source, name) in zip(sources, uniqueNames()) {
            switch source {
            case .venue(let archive, _):
                places += PlaceExtractor.places(fromIMDF: archive, file: name)
            case .layer(let layer):
                for (index, feature) in Self.identified(layer).features.enumerated() {
                    if let place = PlaceExtractor.place(from: feature, file: name, index: index) {
                        places.append(place)
                    }
                }
            }
        }
        var entries: [JSONValue] = []
        for place in places {
            guard place.kind == .pointOfInterest || place.containers.isEmpty else { continue }
            let point = snapshot.point(for: place.coordinate)
            guard point.x.isFinite, point.y.isFinite else { continue }
            func words(_ texts: [String]) -> JSONValue {
                var seen = Set<String>()
                return .array(
                    texts.flatMap(Words.of).map(\.text).filter { seen.insert($0).inserted }.map { .string($0) })
            }
            var other = place.names.dropFirst().map(\.text) + place.categoryWords
            other += place.category?.searchTerms ?? []
            other += place.containers.compactMap { $0.kind == .level ? $0.name.map { $0 + " level floor" } : $0.name }
            if let address = place.address { other.append(address.fullAddress(includingRegion: false)) }
            var entry = JSONObject()
            entry["t"] = .string(place.name(in: languages) ?? place.id)
            entry["s"] = .string(place.subtitle)
            entry["n"] = words(place.names.prefix(1).map(\.text))
            entry["k"] = words(other)
            entry["o"] = place.container(.level)?.ordinal.map { .integer(Int64($0)) } ?? .null
            entry["x"] = .double((point.x * 100).rounded() / 100)
            entry["y"] = .double((point.y * 100).rounded() / 100)
            entry["id"] = .string(place.source.featureID ?? place.id)
            entry["u"] = place.container(.unit).map { .string($0.id) } ?? .null
            entries.append(.object(entry))
        }
        return .array(entries)
    }
}
