import MeridianCore
import MeridianGeoJSON

/// An IMDF archive decoded into a typed venue: the manifest, every feature
/// of the sixteen types with its properties typed, and the venue graph
/// resolved (levels by ordinal, each level's contents, amenities and
/// occupants by unit, lookups by id).
///
/// ```swift
/// let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade.zip")
/// archive.venue?.name?.text(for: ["en"])            // "Meridian Arcade"
/// for group in archive.levelGroups {
///     let level = group.preferred
///     let contents = archive.contents(ofLevel: level.id)
///     print(group.ordinal, contents.units.count, "units")
/// }
/// let problems = IMDFValidator().validate(archive)   // [Diagnostic]
/// let plain: [Feature] = archive.features()          // for GeoJSON or SVG
/// ```
///
/// Decoding never fails on content: a problem with a feature becomes a
/// located `Diagnostic` in ``diagnostics`` (the structural checks,
/// property types, categories, geometry types), and the feature is kept
/// whenever it has a usable id and feature type. Only unreadable input
/// throws (a missing path, an unsafe or corrupt zip).
///
/// Cost model: decoding is linear in the archive's size (each file is
/// parsed once by the GeoJSON reader, each feature read once into its
/// type); building the graph is linear in the number of features; every
/// lookup by id, and every per-level, per-unit or per-anchor query, is
/// O(1) plus the size of its answer. Memory holds each feature twice: the
/// typed value and the plain `Feature` it came from.
public struct IMDFArchive: Sendable {
    /// Where the archive was read from.
    public var path: String
    public var container: IMDFSource.Container
    /// The manifest, when `manifest.json` was present and a JSON object.
    public var manifest: IMDF.Manifest?

    public internal(set) var venues: [IMDF.Venue] = []
    public internal(set) var addresses: [IMDF.Address] = []
    public internal(set) var buildings: [IMDF.Building] = []
    public internal(set) var footprints: [IMDF.Footprint] = []
    public internal(set) var levels: [IMDF.Level] = []
    public internal(set) var units: [IMDF.Unit] = []
    public internal(set) var openings: [IMDF.Opening] = []
    public internal(set) var fixtures: [IMDF.Fixture] = []
    public internal(set) var kiosks: [IMDF.Kiosk] = []
    public internal(set) var sections: [IMDF.Section] = []
    public internal(set) var geofences: [IMDF.Geofence] = []
    public internal(set) var details: [IMDF.Detail] = []
    public internal(set) var amenities: [IMDF.Amenity] = []
    public internal(set) var anchors: [IMDF.Anchor] = []
    public internal(set) var occupants: [IMDF.Occupant] = []
    public internal(set) var relationships: [IMDF.Relationship] = []

    /// What decoding found wrong (structure, properties, categories,
    /// geometry types), each located by file, feature id and property.
    /// ``IMDFValidator`` adds the checks across features.
    public internal(set) var diagnostics: [Diagnostic] = []

    /// Where a feature sits: its type, its index in that type's array, the
    /// file and the index in the file's `features`.
    struct Handle: Sendable, Hashable {
        var type: IMDF.FeatureType
        var index: Int
        var file: String
        var position: Int
    }

    var handles: [String: Handle] = [:]
    /// Feature counts per file as written, valid or not.
    public internal(set) var fileFeatureCounts: [(file: String, type: IMDF.FeatureType, count: Int)] = []
    var graph = Graph()

    /// Reads and decodes the archive at `path` (a zip, a folder, or the
    /// folder's manifest.json).
    public init(contentsOf path: String) throws(DiagnosticError) {
        self.init(source: try IMDFSource(path: path))
    }

    /// Decodes an archive's files.
    public init(source: IMDFSource) {
        path = source.path
        container = source.container
        diagnostics = source.diagnostics
        decodeManifest(source)
        for file in source.featureFiles {
            guard let type = file.featureType else { continue }
            decode(file, as: type, source: source)
        }
        buildGraph()
    }

    private mutating func decodeManifest(_ source: IMDFSource) {
        guard let file = source.manifest else {
            diagnostics.append(
                IMDFRule.manifestMissing.diagnostic(
                    "the archive has no manifest.json",
                    at: SourceLocation(file: source.displayPath(of: "manifest.json"))))
            return
        }
        let name = source.displayPath(of: file.name)
        do {
            let value = try JSONValue(parsing: file.bytes, options: JSONReadingOptions(fileName: name))
            guard let object = value.objectValue else {
                diagnostics.append(
                    IMDFRule.manifestInvalid.diagnostic(
                        "manifest.json must hold a JSON object", at: SourceLocation(file: name)))
                return
            }
            manifest = IMDF.Manifest(object, file: name, diagnostics: &diagnostics)
        } catch {
            var diagnostic = error.diagnostic
            diagnostic.code = IMDFRule.manifestInvalid.code
            diagnostic.message = "manifest.json is not valid JSON: " + diagnostic.message
            diagnostics.append(diagnostic)
        }
    }

    private mutating func decode(_ file: IMDFSource.File, as type: IMDF.FeatureType, source: IMDFSource) {
        let name = source.displayPath(of: file.name)
        let collection: FeatureCollection
        do {
            let document = try GeoJSONDocument(decoding: file.bytes, options: JSONReadingOptions(fileName: name))
            guard case .featureCollection(let decoded) = document else {
                diagnostics.append(
                    IMDFRule.fileMustContainFeatureCollection.diagnostic(
                        "\(file.name) must hold a FeatureCollection", at: SourceLocation(file: name, jsonPointer: "")))
                return
            }
            collection = decoded
        } catch {
            var diagnostic = error.diagnostic
            diagnostic.message = "\(file.name) is not valid GeoJSON: \(diagnostic.message) [\(diagnostic.code)]"
            diagnostic.code = IMDFRule.fileMustBeValidGeoJSON.code
            diagnostics.append(diagnostic)
            return
        }
        fileFeatureCounts.append((name, type, collection.features.count))
        for (position, feature) in collection.features.enumerated() {
            decode(feature, at: position, in: name, as: type)
        }
    }

    /// The structural checks, then the typed read. A feature that fails a
    /// structural check stays out of the model, as Apple's validator runs
    /// its full validation only on structurally sound features.
    private mutating func decode(_ feature: Feature, at position: Int, in file: String, as type: IMDF.FeatureType) {
        let pointer = "/features/\(position)"
        func report(_ rule: IMDFRule, _ message: String, id: String? = nil, member: String) {
            let location = SourceLocation(file: file, jsonPointer: pointer + "/" + member, featureID: id)
            diagnostics.append(rule.diagnostic(message, at: location))
        }
        let id: String
        switch feature.id {
        case nil:
            report(.featureMustHaveId, "feature \(position) has no \"id\"", member: "id")
            return
        case .integer, .double:
            report(
                .featureIdMustBeString, "feature id \(feature.id!) must be a string", id: feature.id!.description,
                member: "id")
            return
        case .string(let string):
            guard !string.isEmpty else {
                report(.featureIdMustNotBeEmpty, "feature \(position) has an empty \"id\"", member: "id")
                return
            }
            id = string
        }
        if let other = handles[id] {
            report(
                .featureIdMustBeUnique,
                "id \(id) is also used by a \(other.type.rawValue) in \(other.file) at /features/\(other.position)",
                id: id, member: "id")
            return
        }
        switch feature.foreignMembers["feature_type"] {
        case nil, .null?:
            report(.featureMustHaveFeatureType, "feature \(id) has no \"feature_type\"", id: id, member: "feature_type")
            return
        case .string(let written)?:
            if written.isEmpty {
                report(
                    .featureTypeMustNotBeEmpty, "feature \(id) has an empty \"feature_type\"", id: id,
                    member: "feature_type")
                return
            }
            if written != type.rawValue {
                report(
                    .featureTypeMismatch,
                    "feature_type \"\(written)\" does not match its file, which holds \(type.rawValue) features",
                    id: id, member: "feature_type")
                return
            }
        case let value?:
            report(
                .featureTypeMustBeString, "\"feature_type\" must be a string, found \(value.typeName)", id: id,
                member: "feature_type")
            return
        }
        if !Formats.isUUID(id) {
            report(.idNotUUID, "id \"\(id)\" is not a UUID", id: id, member: "id")
        } else if !Formats.isCanonicalUUIDv4(id) {
            report(.idNotCanonical, "id \(id) should be a lower-case version-4 UUID", id: id, member: "id")
        }
        checkGeometryType(feature.geometry, type: type, report: { report($0, $1, id: id, member: "geometry") })

        var reader = PropertyReader(feature, type: type, file: file, index: position, featureID: id)
        let index: Int
        switch type {
        case .venue: index = append(&venues, feature, id, &reader)
        case .address: index = append(&addresses, feature, id, &reader)
        case .building: index = append(&buildings, feature, id, &reader)
        case .footprint: index = append(&footprints, feature, id, &reader)
        case .level: index = append(&levels, feature, id, &reader)
        case .unit: index = append(&units, feature, id, &reader)
        case .opening: index = append(&openings, feature, id, &reader)
        case .fixture: index = append(&fixtures, feature, id, &reader)
        case .kiosk: index = append(&kiosks, feature, id, &reader)
        case .section: index = append(&sections, feature, id, &reader)
        case .geofence: index = append(&geofences, feature, id, &reader)
        case .detail: index = append(&details, feature, id, &reader)
        case .amenity: index = append(&amenities, feature, id, &reader)
        case .anchor: index = append(&anchors, feature, id, &reader)
        case .occupant: index = append(&occupants, feature, id, &reader)
        case .relationship: index = append(&relationships, feature, id, &reader)
        }
        reader.finish()
        diagnostics += reader.diagnostics
        handles[id] = Handle(type: type, index: index, file: file, position: position)
    }

    private func append<T: FeatureDecoding>(
        _ array: inout [T], _ feature: Feature, _ id: String, _ reader: inout PropertyReader
    ) -> Int {
        array.append(T(feature, id: id, reader: &reader))
        return array.count - 1
    }

    private func checkGeometryType(_ geometry: Geometry?, type: IMDF.FeatureType, report: (IMDFRule, String) -> Void) {
        let found = geometry?.typeName ?? "null"
        let expected: String
        let ok: Bool
        switch type.geometryKind {
        case .none:
            (ok, expected) = (geometry == nil, "null")
        case .point:
            if case .point? = geometry { ok = true } else { ok = false }
            expected = "a Point"
        case .lineString:
            switch geometry {
            case .lineString?: ok = true
            case .multiLineString(let lines)? where lines.count == 1:
                ok = true
                report(
                    .geometrySinglePartMulti,
                    "a \(type.rawValue)'s geometry should be a LineString, found a MultiLineString of one line")
            default: ok = false
            }
            expected = "a LineString"
        case .lineal:
            switch geometry {
            case .lineString?, .multiLineString?: ok = true
            default: ok = false
            }
            expected = "a LineString or MultiLineString"
        case .polygonal:
            switch geometry {
            case .polygon?, .multiPolygon?: ok = true
            default: ok = false
            }
            expected = "a Polygon or MultiPolygon"
        case .any:
            (ok, expected) = (true, "")
        }
        if !ok {
            report(
                .geometryType,
                "\(type == .address || type == .amenity || type == .anchor || type == .occupant || type == .opening ? "an" : "a") \(type.rawValue)'s geometry must be \(expected), found \(found)"
            )
        }
        if let geometry {
            var outside = false
            geometry.forEachCoordinate { if !$0.isValid { outside = true } }
            if outside {
                report(.coordinateOutOfRange, "a position lies outside longitude -180...180 / latitude -90...90")
            }
        }
    }

    /// The location of a feature's property, for diagnostics.
    func location(of id: String, property: String? = nil) -> SourceLocation {
        guard let handle = handles[id] else { return SourceLocation(featureID: id, property: property) }
        let pointer =
            "/features/\(handle.position)"
            + (property.map { $0 == "geometry" ? "/geometry" : "/properties/\($0)" } ?? "")
        return SourceLocation(file: handle.file, jsonPointer: pointer, featureID: id, property: property)
    }
}

extension IMDFArchive {
    /// The first problem that means a file of the archive could not be
    /// read: a member that is not valid GeoJSON or not a FeatureCollection,
    /// or a manifest that is not a JSON object. Commands that read the
    /// venue (convert, render, info...) stop on it, since going on would
    /// silently drop that file's features; `validate` reports it with the
    /// rest.
    public var unreadableFile: Diagnostic? {
        let codes: Set<String> = [
            IMDFRule.fileMustBeValidGeoJSON.code, IMDFRule.fileMustContainFeatureCollection.code,
            IMDFRule.manifestInvalid.code,
        ]
        return diagnostics.first { codes.contains($0.code) }
    }
}
