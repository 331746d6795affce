import MeridianArchive
import MeridianCore
import MeridianGeoJSON
import MeridianValidity

/// Repairs an IMDF archive the way the autofix scripts of venue teams do,
/// and writes it back as a zip: the work behind `meridian fix venue.zip`.
///
/// ```swift
/// let repair = try IMDFRepairer().repair(IMDFSource(path: "venue.zip"))
/// repair.archive       // the fixed archive's zip bytes
/// repair.changes       // every change, as fix.* notes naming the feature
/// ```
///
/// - **Identifiers**: an id that is not a lower-case version-4 UUID gets
///   one (an upper-case UUID is lower-cased; anything else gets a UUID
///   derived from it, so reruns agree), and every reference to it
///   (`level_id`, `unit_ids`, relationship origins...) follows. When the
///   new id would collide with one already in the archive, another is
///   derived and the note says so. Ids shared by several features are left
///   alone: references cannot tell them apart.
/// - **Geometry**: every geometry made valid and rewound by
///   ``GeometryValidator/repair(_:options:)``; an opening's
///   MultiLineString of one line becomes the LineString IMDF asks for.
/// - **Slivers**: sliver parts of a unit, fixture, kiosk or section
///   (``IMDFValidator/Options/sliverWidth``, ``IMDFValidator/Options/sliverArea``)
///   are removed; a feature that is all sliver is removed when nothing
///   refers to it, and kept with a warning when something does.
/// - **Display points** that lie outside their (repaired) polygon move to
///   its pole of inaccessibility, those off an opening's line onto the
///   line; missing ones are added the same way.
///
/// Files with no change keep their bytes; the manifest is kept as is.
public struct IMDFRepairer: Sendable {
    public var options: IMDFValidator.Options
    /// Snap coordinates to this many decimals (keeping geometry valid).
    public var precision: Int?
    /// The most seconds GEOS may spend rebuilding one geometry
    /// (``GeometryValidator/RepairOptions/timeLimit``).
    public var timeLimit: Double?

    public init(
        options: IMDFValidator.Options = IMDFValidator.Options(), precision: Int? = nil,
        timeLimit: Double? = GeometryValidator.RepairOptions.defaultTimeLimit
    ) {
        self.options = options
        self.precision = precision
        self.timeLimit = timeLimit
    }

    public struct Result: Sendable {
        /// The repaired archive, zipped.
        public var archive: [UInt8]
        /// Every change (notes), and what could not be fixed (warnings).
        public var changes: [Diagnostic]
        /// How many features changed or were removed.
        public var changedFeatures: Int
        public var featureCount: Int
    }

    /// The member files that fail to decode as GeoJSON stop the repair: it
    /// cannot rewrite what it cannot read (`imdf.FileMustBeValidGeoJSON`).
    public func repair(_ source: IMDFSource) throws(DiagnosticError) -> Result {
        var files: [(file: IMDFSource.File, collection: FeatureCollection)] = []
        for file in source.featureFiles {
            do throws(DiagnosticError) {
                files.append((file, try GeoJSONDocument(decoding: file.bytes).featureCollection))
            } catch {
                var diagnostic = error.diagnostic
                diagnostic.code = IMDFRule.fileMustBeValidGeoJSON.code
                diagnostic.message = "cannot repair a file that is not GeoJSON: " + diagnostic.message
                diagnostic.location.file = source.displayPath(of: file.name)
                throw DiagnosticError(diagnostic)
            }
        }
        var work = Work(source: source, options: options, precision: precision, timeLimit: timeLimit)
        work.renameIdentifiers(in: &files)
        for index in files.indices {
            work.repairFeatures(of: &files[index].collection, file: files[index].file)
        }
        work.removeSlivers(in: &files)
        var entries: [(path: String, bytes: [UInt8])] = []
        if let manifest = source.manifest { entries.append((manifest.name, manifest.bytes)) }
        let writer = GeoJSONWriter()
        for (file, collection) in files {
            let changed = work.changedFiles.contains(file.name)
            entries.append((file.name, changed ? writer.encode(collection) : file.bytes))
        }
        return Result(
            archive: try ZipArchive.deflated(entries), changes: work.found.diagnostics,
            changedFeatures: work.changedFeatures.count,
            featureCount: files.reduce(0) { $0 + $1.collection.features.count })
    }

    /// The state of one repair.
    struct Work {
        let source: IMDFSource
        let options: IMDFValidator.Options
        let precision: Int?
        let timeLimit: Double?
        let validator = GeometryValidator()
        var found = DiagnosticCollector(maximumPerCode: 1_000)
        var changedFiles: Set<String> = []
        var changedFeatures: Set<String> = []

        init(source: IMDFSource, options: IMDFValidator.Options, precision: Int?, timeLimit: Double?) {
            self.source = source
            self.options = options
            self.precision = precision
            self.timeLimit = timeLimit
        }

        mutating func note(
            _ code: String, _ message: String, file: IMDFSource.File, id: String, property: String? = nil,
            severity: Diagnostic.Severity = .info
        ) {
            found.append(
                Diagnostic(
                    severity: severity, code: code, message: message,
                    location: SourceLocation(file: source.displayPath(of: file.name), featureID: id, property: property)
                ))
            if severity == .info {
                changedFiles.insert(file.name)
                changedFeatures.insert(id)
            }
        }

        // MARK: Identifiers

        /// Gives every feature a lower-case version-4 UUID and makes every
        /// reference follow.
        mutating func renameIdentifiers(in files: inout [(file: IMDFSource.File, collection: FeatureCollection)]) {
            var counts: [String: Int] = [:]
            for (_, collection) in files {
                for feature in collection.features { counts[feature.id?.description ?? "", default: 0] += 1 }
            }
            var taken = Set(counts.keys)
            var renames: [String: String] = [:]
            for (fileIndex, entry) in files.enumerated() {
                for (index, feature) in entry.collection.features.enumerated() {
                    let old = feature.id?.description
                    if let old, Formats.isCanonicalUUIDv4(old) { continue }
                    let key = old ?? ""
                    if let old, counts[old, default: 0] > 1 {
                        if !renames.keys.contains(old) {
                            note(
                                "fix.id.ambiguous",
                                "\(counts[old]!) features share the id \"\(old)\"; references cannot tell them apart, so it is left as it is",
                                file: entry.file, id: old, property: "id", severity: .warning)
                            renames[old] = old
                        }
                        continue
                    }
                    let seed = old ?? "\(entry.file.name)#\(index)"
                    var candidate =
                        old.map { Formats.isUUID($0) && Formats.isCanonicalUUIDv4($0.lowercased()) } == true
                        ? key.lowercased() : Self.derivedUUID(seed)
                    var collision: String?
                    var attempt = 1
                    while taken.contains(candidate) {
                        collision = collision ?? candidate
                        candidate = Self.derivedUUID("\(seed)#\(attempt)")
                        attempt += 1
                    }
                    taken.insert(candidate)
                    if let old { renames[old] = candidate }
                    files[fileIndex].collection.features[index].id = .string(candidate)
                    let why =
                        old == nil
                        ? "the feature had no id"
                        : Formats.isUUID(key)
                            ? "\"\(key)\" is not a lower-case version-4 UUID"
                            : "\"\(key)\" is not a UUID"
                    let clash = collision.map { "; \($0) is already another feature's, so a new one was derived" } ?? ""
                    note(
                        "fix.id.regenerated", "\(why): now \(candidate)\(clash), and every reference follows",
                        file: entry.file, id: candidate, property: "id")
                }
            }
            renames = renames.filter { $0.key != $0.value }
            guard !renames.isEmpty else { return }
            for fileIndex in files.indices {
                for index in files[fileIndex].collection.features.indices {
                    var properties = files[fileIndex].collection.features[index].properties
                    if Self.rewriteReferences(in: &properties, renames: renames) {
                        files[fileIndex].collection.features[index].properties = properties
                        changedFiles.insert(files[fileIndex].file.name)
                    }
                }
            }
        }

        /// Rewrites ids named by `*_id` and `*_ids` members and by the `id`
        /// of nested objects (a relationship's origin); true when one changed.
        static func rewriteReferences(in object: inout JSONObject, renames: [String: String]) -> Bool {
            var changed = false
            for (key, value) in Array(object.members) {
                let isReference = key.hasSuffix("_id") || key.hasSuffix("_ids") || key == "id"
                var rewritten = value
                switch value {
                case .string(let id) where isReference:
                    if let new = renames[id] { rewritten = .string(new) }
                case .array(let elements) where isReference:
                    rewritten = .array(
                        elements.map { element in
                            if case .string(let id) = element, let new = renames[id] { return .string(new) }
                            return element
                        })
                case .object(var nested):
                    if rewriteReferences(in: &nested, renames: renames) { rewritten = .object(nested) }
                case .array(let elements):
                    rewritten = .array(
                        elements.map { element in
                            guard case .object(var nested) = element,
                                rewriteReferences(in: &nested, renames: renames)
                            else { return element }
                            return .object(nested)
                        })
                default:
                    break
                }
                if rewritten != value {
                    object[key] = rewritten
                    changed = true
                }
            }
            return changed
        }

        /// A version-4-shaped UUID derived from `seed` (two 64-bit FNV-1a
        /// hashes), so that a rerun gives the same ids.
        static func derivedUUID(_ seed: String) -> String {
            func fnv(_ basis: UInt64) -> UInt64 {
                var hash = basis
                for byte in seed.utf8 {
                    hash ^= UInt64(byte)
                    hash = hash &* 0x100_0000_01b3
                }
                return hash
            }
            var high = fnv(0xcbf2_9ce4_8422_2325)
            var low = fnv(0x8422_2325_cbf2_9ce4) ^ (high >> 7)
            high = (high & ~(0xF << 12)) | (0x4 << 12)  // version 4
            low = (low & ~(0x3 << 62)) | (0x2 << 62)  // RFC 4122 variant
            func hex(_ value: UInt64, _ digits: Int) -> String {
                let text = String(value, radix: 16)
                return String(repeating: "0", count: max(0, digits - text.count)) + text
            }
            let h = hex(high, 16)
            let l = hex(low, 16)
            return "\(h.prefix(8))-\(h.dropFirst(8).prefix(4))-\(h.suffix(4))-\(l.prefix(4))-\(l.suffix(12))"
        }

        // MARK: Geometry and display points

        mutating func repairFeatures(of collection: inout FeatureCollection, file: IMDFSource.File) {
            for index in collection.features.indices {
                let id = collection.features[index].id?.description ?? ""
                if file.featureType?.geometryKind == .lineString,
                    case .multiLineString(let lines)? = collection.features[index].geometry, lines.count == 1
                {
                    collection.features[index].geometry = .lineString(lines[0])
                    note(
                        "fix.geometry.single-part", "a MultiLineString of one line: now the LineString IMDF asks for",
                        file: file, id: id, property: "geometry")
                }
                if let geometry = collection.features[index].geometry {
                    let repair = validator.repair(geometry, options: .init(precision: precision, timeLimit: timeLimit))
                    if !repair.changes.isEmpty {
                        collection.features[index].geometry = repair.geometry
                        for change in repair.changes {
                            note(
                                change.code, change.message, file: file, id: id, property: "geometry",
                                severity: change.severity)
                        }
                    }
                }
                moveDisplayPoint(of: &collection.features[index], file: file, id: id)
            }
        }

        /// A display point outside its polygonal feature moves to the
        /// polygon's pole of inaccessibility, and one off an opening's line
        /// to the nearest point of the line; a polygonal feature or opening
        /// without one gets one (IMDF asks for them to place labels).
        mutating func moveDisplayPoint(of feature: inout Feature, file: IMDFSource.File, id: String) {
            guard let type = file.featureType, Self.pointedTypes.contains(type), let geometry = feature.geometry
            else { return }
            var current: Coordinate?
            if case .object(let point)? = feature.properties["display_point"],
                case .array(let position)? = point["coordinates"], position.count >= 2,
                let x = position[0].doubleValue, let y = position[1].doubleValue
            {
                current = Coordinate(latitude: y, longitude: x)
            }
            let placed: Coordinate?
            let why: String
            switch geometry {
            case .lineString(let line) where line.count >= 2:
                let projection = PlanarShape.Projection(reference: line[0])
                let shape = PlanarShape(lines: [line], projection: projection)
                if let current {
                    guard shape.boundaryDistance(projection.project(current)) > options.openingDisplayPointTolerance
                    else { return }
                    placed = Self.nearestPoint(on: line, to: current, projection: projection)
                    why = "lay off the opening's line: moved onto it"
                } else {
                    placed = Self.nearestPoint(on: line, to: Self.midpoint(line), projection: projection)
                    why = "was missing: added at the middle of the line"
                }
            default:
                guard let polygons = geometry.polygonRings else { return }
                if let current {
                    // The validator's test (imdf.display-point.outside), boundary included.
                    if polygons.contains(where: { Polygon(rings: $0).contains(current) }) { return }
                    why = "lay outside the feature: moved inside"
                } else {
                    why = "was missing: added"
                }
                placed = validator.labelPoint(of: geometry)
            }
            guard let placed else { return }
            let point: JSONValue = [
                "type": "Point", "coordinates": [.double(placed.longitude), .double(placed.latitude)],
            ]
            feature.properties["display_point"] = point
            let was = current.map { " \($0.longitude), \($0.latitude)" } ?? ""
            note(
                current == nil ? "fix.display-point.added" : "fix.display-point.moved",
                "the display point\(was) \(why), at \(placed.longitude), \(placed.latitude)", file: file, id: id,
                property: "display_point")
        }

        /// The feature types with a display_point.
        static let pointedTypes: Set<IMDF.FeatureType> = [
            .venue, .level, .unit, .fixture, .kiosk, .section, .geofence, .opening,
        ]

        static func midpoint(_ line: [Coordinate]) -> Coordinate {
            let a = line[(line.count - 1) / 2]
            let b = line[line.count / 2]
            return Coordinate(
                latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
        }

        /// The point of `line` nearest `point`, on a local projection.
        static func nearestPoint(on line: [Coordinate], to point: Coordinate, projection: PlanarShape.Projection)
            -> Coordinate
        {
            let p = projection.project(point)
            var best = line[0]
            var bestDistance = Double.infinity
            for (a, b) in zip(line, line.dropFirst()) {
                let (pa, pb) = (projection.project(a), projection.project(b))
                let d = pb - pa
                let length = (d * d).sum()
                let t = length > 0 ? min(1, max(0, ((p - pa) * d).sum() / length)) : 0
                let q = pa + t * d
                let distance = ((p - q) * (p - q)).sum()
                if distance < bestDistance {
                    bestDistance = distance
                    best = Coordinate(
                        latitude: a.latitude + t * (b.latitude - a.latitude),
                        longitude: a.longitude + t * (b.longitude - a.longitude))
                }
            }
            return best
        }

        // MARK: Slivers

        mutating func removeSlivers(in files: inout [(file: IMDFSource.File, collection: FeatureCollection)]) {
            let types: Set<IMDF.FeatureType> = [.unit, .fixture, .kiosk, .section]
            var referenced: Set<String> = []
            for (_, collection) in files {
                for feature in collection.features {
                    Self.collectReferences(feature.properties, into: &referenced)
                }
            }
            for fileIndex in files.indices {
                let file = files[fileIndex].file
                guard let type = file.featureType, types.contains(type) else { continue }
                var kept: [Feature] = []
                for var feature in files[fileIndex].collection.features {
                    let id = feature.id?.description ?? ""
                    guard let polygons = feature.geometry?.polygonRings, !polygons.isEmpty else {
                        kept.append(feature)
                        continue
                    }
                    let solid = polygons.filter { !isSliver($0) }
                    if solid.count == polygons.count {
                        kept.append(feature)
                    } else if !solid.isEmpty {
                        feature.geometry = solid.count == 1 ? .polygon(solid[0]) : .multiPolygon(solid)
                        note(
                            "fix.sliver.removed",
                            "removed \(polygons.count - solid.count) sliver part(s) of the \(type.rawValue)",
                            file: file, id: id, property: "geometry")
                        kept.append(feature)
                    } else if referenced.contains(id) {
                        note(
                            "fix.sliver.kept",
                            "the \(type.rawValue) is a sliver but other features refer to it, so it is kept",
                            file: file, id: id, property: "geometry", severity: .warning)
                        kept.append(feature)
                    } else {
                        note(
                            "fix.sliver.removed",
                            "removed the \(type.rawValue): it is a sliver and nothing refers to it",
                            file: file, id: id, property: "geometry")
                    }
                }
                files[fileIndex].collection.features = kept
            }
        }

        static func collectReferences(_ object: JSONObject, into ids: inout Set<String>) {
            for (key, value) in object.members {
                let isReference = key.hasSuffix("_id") || key.hasSuffix("_ids") || key == "id"
                switch value {
                case .string(let id) where isReference: ids.insert(id)
                case .array(let elements):
                    for element in elements {
                        if case .string(let id) = element, isReference { ids.insert(id) }
                        if case .object(let nested) = element { collectReferences(nested, into: &ids) }
                    }
                case .object(let nested): collectReferences(nested, into: &ids)
                default: break
                }
            }
        }

        /// A polygon narrower or smaller than a person could stand in, by
        /// the validator's thresholds, measured on a local projection.
        func isSliver(_ rings: [[Coordinate]]) -> Bool {
            guard let first = rings.first?.first else { return false }
            let projection = PlanarShape.Projection(reference: first)
            let measure = PlanarShape.measure(rings.map { $0.map(projection.project) })
            let width = measure.perimeter > 0 ? 2 * measure.area / measure.perimeter : 0
            return measure.area < options.sliverArea || width < options.sliverWidth
        }
    }
}

extension Geometry {
    /// The polygons of a Polygon or MultiPolygon.
    fileprivate var polygonRings: [[[Coordinate]]]? {
        switch self {
        case .polygon(let rings): [rings]
        case .multiPolygon(let polygons): polygons
        default: nil
        }
    }
}
