import MeridianCore
import MeridianIMDF
import MeridianLibC
import MeridianPlaces
import MeridianSnapshot
import MeridianValidity

/// Turns what Meridian reads into places (``Place``): the umbrella's side
/// of search, completion, geocoding and lookup.
///
/// ```swift
/// let (places, warnings) = try PlaceExtractor.places(fromPaths: ["Samples/meridian-arcade", "cities.geojson"])
/// let index = try PlaceIndex(places)
/// ```
///
/// - An IMDF venue gives its venue, buildings, levels, named units and
///   sections, amenities, occupants (at their anchors) and kiosks, each with
///   its names in every language, MapKit category, address (from the
///   address features), phone, website and hours, and the venue, building,
///   level and unit it is in; its addresses are places of kind `address`.
/// - Any other feature with a name (or an address) is a place: names from
///   `name`, OSM's `name:xx`, Natural Earth's `NAME`/`NAME_XX`/`name_xx`;
///   its category from ``PointOfInterestCategory/of(properties:featureType:)``;
///   its address from OSM's `addr:*`, a plain `address` (KML's
///   `<address>`), or for Natural Earth's populated places the admin-1
///   region and country; its coordinate the point, the pole of
///   inaccessibility of a polygon, or a line's middle vertex. Features with
///   neither name nor address are left out, counted in one warning. The
///   input's administrative and postcode areas (OpenStreetMap's
///   boundaries) complete the addresses of the places inside them
///   (``AdministrativeAreas``).
public enum PlaceExtractor {
    /// The places of every input, in order, and warnings.
    public static func places(fromPaths paths: [String]) throws(DiagnosticError) -> (
        places: [Place], warnings: [Diagnostic]
    ) {
        var places: [Place] = []
        var warnings: [Diagnostic] = []
        for path in paths {
            let input = try Input(path: path)
            if input.format == .imdf {
                places += self.places(fromIMDF: try input.imdfArchive(), file: input.name)
                continue
            }
            let source = try FeatureSource(input: input)
            var unnamed = 0
            var index = 0
            var areas = AdministrativeAreas()
            var found: [Place] = []
            // Places are made on the threads that decode (an OSM file's
            // blocks), each run of features with a validator of its own.
            let file = input.name
            let decoder = FeatureBatchDecoder(threads: nil) { features in
                let validator = GeometryValidator()
                return features.map { feature in
                    (
                        place(from: feature, file: file, index: 0, validator: validator), feature.id == nil,
                        AdministrativeAreas.area(of: feature)
                    )
                }
            }
            while let batch = try source.nextBatch(using: decoder) {
                for (made, unidentified, area) in batch {
                    if let area { areas.add(area) }
                    if var place = made {
                        place.source.featureIndex = index
                        if unidentified { place.id = "\(file)#\(index)" }
                        found.append(place)
                    } else {
                        unnamed += 1
                    }
                    index += 1
                }
            }
            areas.complete(&found)
            places += found
            warnings += source.warnings
            if unnamed > 0 {
                warnings.append(
                    Diagnostic(
                        severity: .warning, code: "places.name.missing",
                        message:
                            "\(unnamed) of \(index) features have neither a name nor an address, so they are not places",
                        location: SourceLocation(file: input.name)))
            }
        }
        return (places, warnings)
    }

    // MARK: - Any feature

    /// The place a feature is, or nil when it has neither name nor address
    /// (or no geometry to place it).
    public static func place(from feature: Feature, file: String, index: Int) -> Place? {
        place(from: feature, file: file, index: index, validator: nil)
    }

    /// ``place(from:file:index:)`` with a validator to find a polygon's
    /// pole of inaccessibility with (one per thread), or a new one.
    static func place(from feature: Feature, file: String, index: Int, validator: GeometryValidator?) -> Place? {
        let properties = feature.properties
        var names = Self.names(in: properties)
        let address = Self.address(in: properties)
        guard let geometry = feature.geometry, let coordinate = Self.coordinate(of: geometry, validator: validator)
        else { return nil }
        var kind = Place.Kind.pointOfInterest
        if let featureClass = properties["FEATURECLA"]?.stringValue ?? properties["featurecla"]?.stringValue,
            featureClass.lowercased().containsText("populated") || featureClass.lowercased().containsText("capital")
        {
            kind = .address
        }
        if names.isEmpty {
            guard let address, !address.fullAddress(includingRegion: false).isEmpty else { return nil }
            names = [PlaceName(text: address.fullAddress(includingRegion: false))]
            kind = .address
        }
        let id = feature.id?.description ?? "\(file)#\(index)"
        let featureType = feature.foreignMembers["feature_type"]?.stringValue
        let category = PointOfInterestCategory.of(properties: properties, featureType: featureType)
        var words: [String] = []
        for key in ["category", "amenity", "shop", "tourism", "leisure", "FEATURECLA", "featurecla", "type"] {
            if let value = properties[key]?.stringValue, !value.isEmpty, value.count < 60 { words.append(value) }
        }
        return Place(
            id: id, alternateIDs: PlaceDeduplicator().alternateIDs(of: feature), names: names,
            coordinate: coordinate, category: category, categoryWords: words, address: address,
            phone: Self.first(properties, ["phone", "contact:phone", "telephone"]),
            url: Self.first(properties, ["website", "url", "contact:website", "homepage"]),
            hours: Self.first(properties, ["opening_hours", "hours"]),
            boundary: Self.isArea(geometry) ? geometry : nil, importance: Self.importance(properties), kind: kind,
            source: PlaceSource(file: file, featureID: feature.id?.description, featureIndex: index))
    }

    static func first(_ properties: JSONObject, _ keys: [String]) -> String? {
        for key in keys {
            if let value = properties[key]?.stringValue, !value.isEmpty { return value }
        }
        return nil
    }

    /// `name` first, then every `name:xx`, `name_xx`, `NAME_XX` with its language.
    static func names(in properties: JSONObject) -> [PlaceName] {
        var names: [PlaceName] = []
        if let name = first(properties, ["name", "NAME", "Name", "title"]) { names.append(PlaceName(text: name)) }
        // The keys first: a value is read (unpacked) only for a name's key.
        for (position, key) in properties.keys.enumerated() {
            guard Self.mayBeName(key) else { continue }
            let lower = key.lowercased()
            var language: Substring?
            if lower.hasPrefix("name:") { language = lower.dropFirst(5) }
            if lower.hasPrefix("name_"), lower.count <= 10 { language = lower.dropFirst(5) }
            guard let language, !language.isEmpty, language.allSatisfy({ $0.isLetter || $0 == "-" }) else { continue }
            guard let text = properties.value(at: position).stringValue, !text.isEmpty else { continue }
            if names.contains(where: { $0.text == text && $0.language == String(language) }) { continue }
            if names.count == 1, names[0].language == nil, names[0].text == text {
                names[0].language = String(language)
                continue
            }
            names.append(PlaceName(text: text, language: String(language)))
        }
        return names
    }

    /// Whether `key` starts with `name` in any case and then `:` or `_`:
    /// a look at its first five bytes, before anything is made of it.
    static func mayBeName(_ key: String) -> Bool {
        let checked = key.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count > 5 && bytes[0] | 0x20 == 0x6E && bytes[1] | 0x20 == 0x61 && bytes[2] | 0x20 == 0x6D
                && bytes[3] | 0x20 == 0x65 && (bytes[4] == 0x3A || bytes[4] == 0x5F)
        }
        if let checked { return checked }
        let lower = key.lowercased()
        return lower.hasPrefix("name:") || lower.hasPrefix("name_")
    }

    /// OSM's `addr:*`, a plain `address`, or Natural Earth's region and country.
    static func address(in properties: JSONObject) -> PlaceAddress? {
        // Most features have no address: one look at the keys says so.
        guard
            properties.keys.contains(where: { key in
                key.utf8.starts(with: "addr:".utf8) || key == "address" || key == "ISO_A2"
            })
        else { return nil }
        var address = PlaceAddress()
        address.houseNumber = properties["addr:housenumber"]?.stringValue
        address.street = properties["addr:street"]?.stringValue
        address.unit = properties["addr:unit"]?.stringValue
        address.locality = properties["addr:city"]?.stringValue
        address.province = properties["addr:state"]?.stringValue
        address.postalCode = properties["addr:postcode"]?.stringValue
        address.country = properties["addr:country"]?.stringValue
        let empty = PlaceAddress()
        if address == empty, let line = properties["address"]?.stringValue, !line.isEmpty {
            address.line = line
        }
        if address == empty, let country = properties["ISO_A2"]?.stringValue, country.count == 2 {
            address.locality = first(properties, ["NAME", "name"])
            address.province = properties["ADM1NAME"]?.stringValue
            address.country = country
        }
        return address == empty ? nil : address
    }

    /// Natural Earth's `SCALERANK` (0 most prominent), or a population.
    static func importance(_ properties: JSONObject) -> Double {
        if let rank = properties["SCALERANK"]?.doubleValue ?? properties["scalerank"]?.doubleValue {
            return max(0, min(1, (10 - rank) / 10))
        }
        if let population = properties["POP_MAX"]?.doubleValue ?? properties["population"]?.doubleValue,
            population > 1
        {
            return min(1, log10(population) / 8)
        }
        return 0
    }

    static func isArea(_ geometry: Geometry) -> Bool {
        switch geometry {
        case .polygon, .multiPolygon: return true
        default: return false
        }
    }

    /// The pole of inaccessibility of a polygon, or of a MultiPolygon's
    /// largest part, to a thousandth of its extent (polylabel's search, as
    /// labels are placed; GEOS's maximum inscribed circle finds the same
    /// point at many times the cost, which an extract of a million
    /// buildings would pay).
    static func pole(of geometry: Geometry) -> Coordinate? {
        var rings: [[Coordinate]]
        switch geometry {
        case .polygon(let polygon): rings = polygon
        case .multiPolygon(let polygons):
            func area(_ ring: [Coordinate]) -> Double {
                var sum = 0.0
                for (a, b) in zip(ring, ring.dropFirst()) {
                    sum += a.longitude * b.latitude - b.longitude * a.latitude
                }
                return abs(sum)
            }
            guard let largest = polygons.max(by: { area($0.first ?? []) < area($1.first ?? []) }) else { return nil }
            rings = largest
        default: return nil
        }
        guard let box = geometry.boundingBox else { return nil }
        let extent = max(box.east - box.west, box.north - box.south)
        guard extent.isFinite, extent > 0 else { return nil }
        rings = rings.filter { !$0.isEmpty }
        guard
            let pole = PoleOfInaccessibility.find(
                rings: rings.map { $0.map { (x: $0.longitude, y: $0.latitude) } }, precision: extent / 1000)
        else { return nil }
        return Coordinate(latitude: pole.y, longitude: pole.x)
    }

    /// A point on the geometry: the point, a polygon's pole of
    /// inaccessibility, a line's middle vertex.
    static func coordinate(of geometry: Geometry, validator: GeometryValidator? = nil) -> Coordinate? {
        switch geometry {
        case .point(let c): return c
        case .multiPoint(let points): return points.first
        case .lineString(let line): return line.isEmpty ? nil : line[line.count / 2]
        case .multiLineString(let lines):
            return lines.first(where: { !$0.isEmpty }).map { $0[$0.count / 2] }
        case .polygon, .multiPolygon:
            return pole(of: geometry) ?? (validator ?? GeometryValidator()).labelPoint(of: geometry)
                ?? geometry.boundingBox.map {
                    Coordinate(latitude: ($0.south + $0.north) / 2, longitude: ($0.west + $0.east) / 2)
                }
        case .geometryCollection(let members):
            return members.lazy.compactMap { coordinate(of: $0, validator: validator) }.first
        }
    }
}
