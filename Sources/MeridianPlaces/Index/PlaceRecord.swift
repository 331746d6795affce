import MeridianCore

/// A place's record in an index: what is not in the index's hot arrays
/// (coordinate, kind, category and importance are), written compactly and
/// read back only for the places a query returns.
enum PlaceRecord {
    static func encode(_ place: Place, file: Int, into writer: inout ByteWriter) {
        writer.string(place.id)
        writer.varint(place.alternateIDs.count)
        for id in place.alternateIDs { writer.string(id) }
        writer.varint(place.names.count)
        for name in place.names {
            writer.string(name.text)
            writer.optional(name.language)
        }
        writer.varint(place.categoryWords.count)
        for word in place.categoryWords { writer.string(word) }
        if let address = place.address {
            writer.byte(1)
            for part in [
                address.houseNumber, address.street, address.unit, address.locality, address.province,
                address.postalCode, address.country, address.line, address.district,
            ] {
                writer.optional(part)
            }
        } else {
            writer.byte(0)
        }
        writer.optional(place.phone)
        writer.optional(place.url)
        writer.optional(place.hours)
        writer.varint(place.containers.count)
        for container in place.containers {
            writer.byte(UInt8(PlaceContainer.Kind.allCases.firstIndex(of: container.kind)!))
            writer.string(container.id)
            writer.optional(container.name)
            if let ordinal = container.ordinal {
                writer.byte(1)
                writer.varint(ordinal >= 0 ? ordinal << 1 : (-ordinal << 1) - 1)
            } else {
                writer.byte(0)
            }
        }
        func rings(_ rings: [[Coordinate]]) {
            writer.varint(rings.count)
            for ring in rings {
                writer.varint(ring.count)
                for coordinate in ring {
                    writer.double(coordinate.latitude)
                    writer.double(coordinate.longitude)
                }
            }
        }
        switch place.boundary {
        case .polygon(let polygon):
            writer.byte(1)
            rings(polygon)
        case .multiPolygon(let polygons):
            writer.byte(2)
            writer.varint(polygons.count)
            for polygon in polygons { rings(polygon) }
        default:
            writer.byte(0)
        }
        writer.varint(file)
        writer.optional(place.source.featureID)
        writer.varint(place.source.featureIndex)
    }

    /// The record's place, or nil when the bytes do not hold one.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, coordinate: Coordinate, category: PointOfInterestCategory?,
        kind: Place.Kind, importance: Double, files: [String]
    ) -> Place? {
        var reader = ByteReader(bytes)
        func strings() -> [String]? {
            guard let count = reader.varint(), count <= bytes.count else { return nil }
            var result: [String] = []
            for _ in 0..<count {
                guard let text = reader.string() else { return nil }
                result.append(text)
            }
            return result
        }
        guard let id = reader.string(), let alternateIDs = strings(), let nameCount = reader.varint(),
            nameCount <= bytes.count
        else { return nil }
        var names: [PlaceName] = []
        for _ in 0..<nameCount {
            guard let text = reader.string(), let language = reader.optional() else { return nil }
            names.append(PlaceName(text: text, language: language))
        }
        guard let categoryWords = strings(), let hasAddress = reader.byte() else { return nil }
        var address: PlaceAddress?
        if hasAddress == 1 {
            var parts: [String?] = []
            for _ in 0..<9 {
                guard let part = reader.optional() else { return nil }
                parts.append(part)
            }
            address = PlaceAddress(
                houseNumber: parts[0], street: parts[1], unit: parts[2], locality: parts[3], province: parts[4],
                postalCode: parts[5], country: parts[6], line: parts[7])
            address?.district = parts[8]
        }
        guard let phone = reader.optional(), let url = reader.optional(), let hours = reader.optional(),
            let containerCount = reader.varint(), containerCount <= bytes.count
        else { return nil }
        var containers: [PlaceContainer] = []
        for _ in 0..<containerCount {
            guard let kindIndex = reader.byte(), Int(kindIndex) < PlaceContainer.Kind.allCases.count,
                let containerID = reader.string(), let name = reader.optional(), let hasOrdinal = reader.byte()
            else { return nil }
            var ordinal: Int?
            if hasOrdinal == 1 {
                guard let zigzag = reader.varint() else { return nil }
                ordinal = zigzag & 1 == 0 ? zigzag >> 1 : -((zigzag + 1) >> 1)
            }
            containers.append(
                PlaceContainer(
                    kind: PlaceContainer.Kind.allCases[Int(kindIndex)], id: containerID, name: name, ordinal: ordinal))
        }
        func rings() -> [[Coordinate]]? {
            guard let count = reader.varint(), count <= bytes.count else { return nil }
            var result: [[Coordinate]] = []
            for _ in 0..<count {
                guard let length = reader.varint(), length <= bytes.count / 16 else { return nil }
                var ring: [Coordinate] = []
                ring.reserveCapacity(length)
                for _ in 0..<length {
                    guard let latitude = reader.double(), let longitude = reader.double() else { return nil }
                    ring.append(Coordinate(latitude: latitude, longitude: longitude))
                }
                result.append(ring)
            }
            return result
        }
        var boundary: Geometry?
        switch reader.byte() {
        case 0: break
        case 1:
            guard let polygon = rings() else { return nil }
            boundary = .polygon(polygon)
        case 2:
            guard let count = reader.varint(), count <= bytes.count else { return nil }
            var polygons: [[[Coordinate]]] = []
            for _ in 0..<count {
                guard let polygon = rings() else { return nil }
                polygons.append(polygon)
            }
            boundary = .multiPolygon(polygons)
        default: return nil
        }
        guard let file = reader.varint(), file < files.count, let featureID = reader.optional(),
            let featureIndex = reader.varint()
        else { return nil }
        return Place(
            id: id, alternateIDs: alternateIDs, names: names, coordinate: coordinate, category: category,
            categoryWords: categoryWords, address: address, phone: phone, url: url, hours: hours,
            containers: containers, boundary: boundary, importance: importance, kind: kind,
            source: PlaceSource(file: files[file], featureID: featureID, featureIndex: featureIndex))
    }
}
