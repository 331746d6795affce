import CGEOS
import MeridianCore
import MeridianValidity

/// Makes features of OSM elements as `osmium export` does: a tagged node
/// is a point, a way a line or (closed, by ``OSMAreaRules``) an area, a
/// `multipolygon` or `boundary` relation an area of its member ways.
/// Properties are the tags in order (an area from a relation has all but
/// its `type`), and with metadata kept, `@version`, `@timestamp`,
/// `@changeset`, `@uid` and `@user`. Ids are `node/1`, `way/2` and
/// `relation/3`, as OSM's own addresses name elements. Elements without
/// tags make no feature.
struct OSMFeatureBuilder: Sendable {
    var rules = OSMAreaRules()
    var metadata = false
    var name: String

    func properties(_ tags: OSMTags, metadata: OSMMetadata?, skippingType: Bool = false) -> JSONObject {
        var keys: [String] = []
        var values: [JSONValue] = []
        keys.reserveCapacity(tags.count + (metadata == nil ? 0 : 5))
        values.reserveCapacity(keys.capacity)
        // A key given twice keeps its first value (the API never writes
        // one twice; files made by hand may).
        var seen: Set<String>? = tags.count > 16 ? Set() : nil
        for tag in tags {
            if skippingType, tag.key == "type" { continue }
            if var set = seen {
                seen = nil
                let inserted = set.insert(tag.key).inserted
                seen = set
                if !inserted { continue }
            } else if keys.contains(tag.key) {
                continue
            }
            keys.append(tag.key)
            values.append(.string(tag.value))
        }
        if self.metadata, let metadata {
            func add(_ key: String, _ value: JSONValue?) {
                guard let value, !keys.contains(key) else { return }
                keys.append(key)
                values.append(value)
            }
            add("@version", metadata.version.map { .integer($0) })
            add("@timestamp", metadata.timestamp.map { .string(OSMTimestamp.text($0)) })
            add("@changeset", metadata.changeset.map { .integer($0) })
            add("@uid", metadata.uid.map { .integer($0) })
            add("@user", metadata.user.map { .string($0) })
        }
        return JSONObject(distinctKeys: keys, values: values)
    }

    func location(_ type: OSMElementType, _ id: Int64) -> SourceLocation {
        SourceLocation(file: name, featureID: "\(type.name)/\(id)")
    }

    func point(_ node: OSMNode) -> Feature {
        Feature(
            id: .string("node/\(node.id)"), geometry: .point(node.location.coordinate),
            properties: properties(node.tags, metadata: node.metadata))
    }

    static func coordinates(_ points: [Int64]) -> [Coordinate] {
        points.map { OSMLocation(packed: $0).coordinate }
    }

    /// The feature of a way whose nodes are at `points` (nil where the file
    /// lacks a node), or nil with a reason in `diagnostics`.
    func way(
        _ way: OSMWay, points: [Int64], missing: Int, validator: inout GeometryValidator?,
        diagnostics: inout [Diagnostic]
    ) -> Feature? {
        guard !way.tags.isEmpty else { return nil }
        if missing > 0 {
            diagnostics.append(
                Diagnostic(
                    severity: .warning, code: "osm.way.nodes-missing",
                    message:
                        "way \(way.id) refers to \(missing) of its \(way.refs.count) nodes that the file does not hold: it is left out",
                    location: location(.way, way.id)))
            return nil
        }
        var distinct = 0
        var previous: Int64?
        for point in points where point != previous {
            distinct += 1
            previous = point
            if distinct > 1 { break }
        }
        guard distinct > 1 else {
            diagnostics.append(
                Diagnostic(
                    severity: .warning, code: "osm.way.too-short",
                    message: "way \(way.id) has fewer than two distinct positions: it is left out",
                    location: location(.way, way.id)))
            return nil
        }
        let properties = properties(way.tags, metadata: way.metadata)
        let id = FeatureIdentifier.string("way/\(way.id)")
        if points.count >= 4, points.first == points.last, rules.isArea(way.tags) {
            guard let geometry = area([points], of: .way, way.id, validator: &validator, diagnostics: &diagnostics)
            else { return nil }
            return Feature(id: id, geometry: geometry, properties: properties)
        }
        return Feature(id: id, geometry: .lineString(Self.coordinates(points)), properties: properties)
    }

    /// The area of a relation whose member ways are at `lines`.
    func relation(
        _ relation: OSMRelation, lines: [[Int64]], validator: inout GeometryValidator?,
        diagnostics: inout [Diagnostic]
    ) -> Feature? {
        let properties = properties(relation.tags, metadata: relation.metadata, skippingType: true)
        guard !properties.isEmpty,
            let geometry = area(lines, of: .relation, relation.id, validator: &validator, diagnostics: &diagnostics)
        else { return nil }
        return Feature(id: .string("relation/\(relation.id)"), geometry: geometry, properties: properties)
    }

    private func area(
        _ lines: [[Int64]], of type: OSMElementType, _ id: Int64, validator: inout GeometryValidator?,
        diagnostics: inout [Diagnostic]
    ) -> Geometry? {
        let assembly: MultipolygonAssembler.Assembly
        switch MultipolygonAssembler.assemble(lines) {
        case .success(let assembled): assembly = assembled
        case .failure(.openRing(let end)):
            diagnostics.append(
                Diagnostic(
                    severity: .warning, code: "osm.area.open-ring",
                    message:
                        "\(type.name) \(id): a ring of its ways does not close (it ends at \(end.coordinate.longitude), \(end.coordinate.latitude)): no area is made",
                    location: location(type, id)))
            return nil
        case .failure(.noRings):
            diagnostics.append(
                Diagnostic(
                    severity: .warning, code: "osm.area.empty",
                    message: "\(type.name) \(id) has no ring of three or more distinct positions: no area is made",
                    location: location(type, id)))
            return nil
        }
        let polygons = assembly.polygons
        if polygons.count == 1, polygons[0].count == 1, MultipolygonAssembler.isSimple(polygons[0][0]) == true {
            return .polygon([Self.coordinates(polygons[0][0])])
        }
        var geometry: Geometry =
            polygons.count == 1
            ? .polygon(polygons[0].map(Self.coordinates)) : .multiPolygon(polygons.map { $0.map(Self.coordinates) })
        if validator == nil { validator = GeometryValidator() }
        var found = validator!.problems(in: geometry)
        if !found.isEmpty, assembly.rings.count > 1, let evenOdd = validator!.evenOddFill(assembly.rings) {
            geometry = evenOdd
            found = validator!.problems(in: geometry)
        }
        if let problem = found.first {
            diagnostics.append(
                Diagnostic(
                    severity: .warning, code: "osm.area.invalid",
                    message: "\(type.name) \(id) makes no valid area: \(problem.message(namingParts: false))",
                    location: location(type, id)))
            return nil
        }
        return geometry
    }
}

/// OSM's timestamps as its XML writes them: `2022-12-30T21:21:24Z`.
enum OSMTimestamp {
    static func text(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        return CivilDate.text(days: days) + "T" + CivilDate.padded(rest / 3600, 2) + ":"
            + CivilDate.padded(rest / 60 % 60, 2) + ":" + CivilDate.padded(rest % 60, 2) + "Z"
    }

    /// Seconds since 1970 of `2022-12-30T21:21:24Z`, or nil.
    static func seconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }
}

extension GeometryValidator {
    /// What an even-odd fill of `rings` covers: their symmetric difference.
    /// Nil when a ring is not valid as a polygon on its own (one that
    /// crosses itself), when two rings meet anywhere but at positions both
    /// have (rings that cross, whose meaning is anyone's guess: osmium
    /// refuses them too), or when nothing is left.
    func evenOddFill(_ rings: [[Int64]]) -> Geometry? {
        guard ringsMeetOnlyAtSharedPositions(rings) else { return nil }
        var result: OpaquePointer?
        defer { if let result { libgeos.GEOSGeom_destroy_r(context, result) } }
        for ring in rings {
            let polygon = Geometry.polygon([OSMFeatureBuilder.coordinates(ring)])
            guard problems(in: polygon).isEmpty, let geos = makeGEOS(polygon) else { return nil }
            guard let current = result else {
                result = geos
                continue
            }
            let combined = libgeos.GEOSSymDifference_r(context, current, geos)
            libgeos.GEOSGeom_destroy_r(context, geos)
            libgeos.GEOSGeom_destroy_r(context, current)
            result = combined
            guard combined != nil else { return nil }
        }
        return result.flatMap { decode($0) }?.polygonalPart(multi: false)
    }
}

extension GeometryValidator {
    /// Whether every place where two of `rings` meet is a position of both.
    fileprivate func ringsMeetOnlyAtSharedPositions(_ rings: [[Int64]]) -> Bool {
        let boxes = rings.map(MultipolygonAssembler.bounds)
        let lines = rings.map { makeGEOS(.lineString(OSMFeatureBuilder.coordinates($0))) }
        defer { for line in lines { if let line { libgeos.GEOSGeom_destroy_r(context, line) } } }
        let positions = rings.map { Set($0) }
        for i in rings.indices {
            for j in (i + 1)..<rings.count
            where boxes[i].0 <= boxes[j].2 && boxes[j].0 <= boxes[i].2 && boxes[i].1 <= boxes[j].3
                && boxes[j].1 <= boxes[i].3
            {
                guard let a = lines[i], let b = lines[j], let meeting = libgeos.GEOSIntersection_r(context, a, b) else {
                    return false
                }
                defer { libgeos.GEOSGeom_destroy_r(context, meeting) }
                guard let shared = decode(meeting) else { continue }
                var onlyShared = true
                shared.forEachCoordinate { coordinate in
                    guard let location = OSMLocation(latitude: coordinate.latitude, longitude: coordinate.longitude),
                        OSMLocation(packed: location.packed).coordinate == coordinate,
                        positions[i].contains(location.packed), positions[j].contains(location.packed)
                    else {
                        onlyShared = false
                        return
                    }
                }
                if !onlyShared { return false }
            }
        }
        return true
    }
}
