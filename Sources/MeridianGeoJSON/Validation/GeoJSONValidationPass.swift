import MeridianCore
import MeridianJSON
import MeridianValidity

/// The checking pass of ``GeoJSONValidator``: one walk over one parsed
/// document, made and dropped inside `validate(_:file:)`. The validator is
/// the public, reusable entry point with its options; a pass is the
/// single-use state of one walk.
///
/// It walks the located tree from the root, checking each GeoJSON object
/// by the rules of its type, and keeps two pieces of context on the way
/// down so that every problem can be located precisely: the path from the
/// root (for the JSON pointer) and the id of the enclosing feature.
/// Problems are collected, never thrown, so one pass finds them all.
///
/// The rules live in extensions by topic: objects and members here,
/// coordinates in `GeoJSONValidationPass+Coordinates.swift`, repeated keys in
/// `GeoJSONValidationPass+DuplicateKeys.swift`.
struct GeoJSONValidationPass {
    /// One step of a JSON pointer. Kept unescaped and unjoined until a
    /// problem needs its pointer, so walking coordinates costs no strings.
    enum PathComponent {
        case key(String)
        case index(Int)
    }

    /// What the container of an object says it must be, which decides
    /// how a wrong type is reported and whether checking can go on.
    enum Context {
        /// The document's root: any of the nine types.
        case root
        /// An element of a FeatureCollection's `features`: a Feature.
        case feature
        /// A Feature's `geometry` or an element of `geometries`.
        case geometry
    }

    /// The text being walked: the whole document, or (when a large
    /// FeatureCollection is validated one feature at a time) one feature,
    /// which starts `origin.lines` lines, `origin.bytes` bytes into the
    /// file, at column `origin.column`.
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    private(set) var origin: (lines: Int, column: Int, bytes: Int) = (0, 1, 0)
    let file: String?
    let options: GeoJSONValidator.Options

    var found: DiagnosticCollector
    /// GEOS's validity checker, made for the first polygon that needs it.
    var geometryValidator: GeometryValidator?
    /// Built on the first problem: valid documents never pay for it.
    private var lineTable: LineTable?
    var path: [PathComponent] = []
    /// The id of the feature being checked, as written, if it has a valid one.
    var featureID: String?
    /// Precision warnings so far, and the ones beyond the limit.
    var precisionWarningCount = 0
    var suppressedPrecisionWarnings: (count: Int, location: SourceLocation)?

    init(bytes: UnsafeBufferPointer<UInt8>, file: String?, options: GeoJSONValidator.Options) {
        self.bytes = bytes
        self.file = file
        self.options = options
        self.found = DiagnosticCollector(maximumPerCode: options.maximumPerCode)
    }

    // MARK: - Entry and results

    /// The diagnostics so far, after the summary of suppressed precision
    /// warnings, sorted by where they are.
    mutating func finish() -> DiagnosticCollector {
        reportSuppressedPrecisionWarnings()
        return diagnosticsInDocumentOrder()
    }

    mutating func validateDocument(_ root: LocatedJSON) {
        if root.isObject {
            validateObject(root, context: .root)
        } else {
            report(
                .error, "geojson.root.not-object",
                "The root of a GeoJSON document must be an object, but is \(Self.describe(root.kindName))", at: root)
            checkDuplicateKeysDeep(root)
        }
    }

    /// The problems sorted by where they are; problems at the same place
    /// keep the order in which they were found.
    func diagnosticsInDocumentOrder() -> DiagnosticCollector {
        var sorted = found
        sorted.sortKept { $0.location.byteOffset ?? 0 }
        return sorted
    }

    // MARK: - Objects

    /// Checks a GeoJSON object (`node` must be a JSON object) found where
    /// `context` says what it should be.
    mutating func validateObject(_ node: LocatedJSON, context: Context) {
        let enclosingFeatureID = featureID
        defer { featureID = enclosingFeatureID }
        if context == .feature || node.member("type")?.string == GeoJSONType.feature.rawValue {
            featureID = featureIDAsWritten(node)
        }

        checkDuplicateKeys(of: node)
        guard let type = resolveType(of: node, context: context) else {
            // Without a type there is no rule to apply to the members, but
            // repeated keys inside them are still worth reporting.
            checkDuplicateKeysInMembers(of: node, except: nil)
            return
        }
        checkForbiddenMembers(of: node, type: type)
        checkBoundingBox(of: node)
        checkCRS(of: node)

        let walked: String?
        switch type {
        case .featureCollection:
            validateFeatureCollection(node)
            walked = "features"
        case .feature:
            validateFeature(node)
            walked = "geometry"
        case .geometryCollection:
            validateGeometryCollection(node)
            walked = "geometries"
        default:
            validateGeometry(node, type: type)
            walked = nil
        }
        checkDuplicateKeysInMembers(of: node, except: walked)
    }

    /// The type to check `node` as, after reporting a missing, mistyped,
    /// unknown or misplaced `type`. Nil when checking cannot go on: the
    /// type decides which rules apply, so an object with an unknown type
    /// is not checked further (as geojsonhint does), except in a
    /// FeatureCollection's `features`, where it must be a Feature anyway.
    mutating func resolveType(of node: LocatedJSON, context: Context) -> GeoJSONType? {
        let fallback: GeoJSONType? = context == .feature ? .feature : nil
        guard let typeNode = node.member("type") else {
            report(.error, "geojson.type.missing", "\"type\" member required", at: node)
            return fallback
        }
        guard let name = typeNode.string else {
            report(
                .error, "geojson.type.not-string",
                "\"type\" member should be a string, but is \(Self.describe(typeNode.kindName)) instead", at: node)
            return fallback
        }
        if let type = GeoJSONType(rawValue: name) {
            switch context {
            case .feature where type != .feature:
                report(
                    .error, "geojson.type.unexpected",
                    "GeoJSON features must have a type=Feature member, but this is a \(name)", at: node)
            case .geometry where !type.isGeometry:
                report(
                    .error, "geojson.type.unexpected",
                    "a geometry must be one of the seven geometry types, but this is a \(name)", at: node)
            default:
                break
            }
            return type
        }
        if let intended = GeoJSONType(caseInsensitive: name) {
            report(
                .error, "geojson.type.case",
                "Expected \(intended.rawValue) but got \(name) (type names are case sensitive)", at: node)
        } else if context == .feature {
            report(
                .error, "geojson.type.unknown",
                "GeoJSON features must have a type=Feature member, but the type is \(name)", at: node)
        } else {
            report(.error, "geojson.type.unknown", "The type \(name) is unknown", at: node)
        }
        return fallback
    }

    /// RFC 7946 7.1: members that define another type must not appear.
    mutating func checkForbiddenMembers(of node: LocatedJSON, type: GeoJSONType) {
        var reported: Set<String> = []
        for member in node.members ?? [] where type.forbiddenMembers.contains(member.key) {
            guard reported.insert(member.key).inserted else { continue }
            report(
                .error, "geojson.member.changes-semantics",
                "\(type.objectName) object cannot contain a \"\(member.key)\" member", at: node)
        }
    }

    /// RFC 7946 5: an array of 2n numbers, all southwest corner values
    /// first, where the south edge is not north of the north edge (west
    /// may exceed east: that is a box across the antimeridian).
    mutating func checkBoundingBox(of node: LocatedJSON) {
        guard let bbox = node.member("bbox") else { return }
        guard let elements = bbox.elements else {
            report(
                .error, "geojson.bbox.invalid",
                "bbox member must be an array of numbers, but is \(Self.describe(bbox.kindName))", at: node)
            return
        }
        path.append(.key("bbox"))
        defer { path.removeLast() }
        let numbers = elements.compactMap(\.number)
        if let bad = elements.firstIndex(where: { !$0.isNumber }) {
            report(
                .error, "geojson.bbox.invalid",
                "each element in a bbox member must be a number, but element \(bad) is \(Self.describe(elements[bad].kindName))",
                at: bbox)
        }
        if elements.count != 4 && elements.count != 6 {
            report(
                .error, "geojson.bbox.invalid",
                "bbox must contain 4 elements (for 2D) or 6 elements (for 3D), but has \(elements.count)", at: bbox)
        } else if numbers.count == elements.count {
            let dimensions = numbers.count / 2
            let south = numbers[1]
            let north = numbers[dimensions + 1]
            if south > north {
                report(
                    .error, "geojson.bbox.invalid",
                    "bbox's southern edge (\(south)) is north of its northern edge (\(north))", at: bbox)
            }
        }
    }

    /// GeoJSON 2008's `crs` is gone from RFC 7946: coordinates are always
    /// WGS 84 longitude and latitude, and readers may ignore `crs`.
    mutating func checkCRS(of node: LocatedJSON) {
        guard node.member("crs") != nil else { return }
        report(
            .warning, "geojson.crs.obsolete",
            "old-style crs member is not recommended: RFC 7946 removed it, and coordinates are always WGS 84 longitude, latitude",
            at: node)
    }

    mutating func validateFeatureCollection(_ node: LocatedJSON) {
        guard let features = requiredArray("features", of: node) else { return }
        path.append(.key("features"))
        defer { path.removeLast() }
        for (index, feature) in (features.elements ?? []).enumerated() {
            path.append(.index(index))
            validateCollectionElement(feature)
            path.removeLast()
        }
    }

    /// One element of a FeatureCollection's `features`, at the current path.
    mutating func validateCollectionElement(_ feature: LocatedJSON) {
        if feature.isObject {
            validateObject(feature, context: .feature)
        } else {
            report(
                .error, "geojson.feature.not-object",
                "Every feature must be an object, but this is \(Self.describe(feature.kindName))", at: feature)
            checkDuplicateKeysDeep(feature)
        }
    }

    /// Element `index` of the root FeatureCollection's `features`, parsed
    /// on its own from `bytes`, which start at `origin` in the file: how a
    /// collection too large to hold whole is checked, one feature at a
    /// time, with one pass (so limits such as the precision warnings'
    /// hold across features).
    mutating func validateCollectionElement(
        _ feature: LocatedJSON, index: Int, in bytes: UnsafeBufferPointer<UInt8>,
        origin: (lines: Int, column: Int, bytes: Int)
    ) {
        self.bytes = bytes
        self.origin = origin
        lineTable = nil
        path = [.key("features"), .index(index)]
        validateCollectionElement(feature)
        path = []
    }

    mutating func validateFeature(_ node: LocatedJSON) {
        if let id = node.member("id"), id.string == nil, !id.isNumber {
            report(
                .error, "geojson.id.invalid",
                "Feature \"id\" member must have a string or number value, but is \(Self.describe(id.kindName))",
                at: node)
        }
        if let properties = requiredMember("properties", of: node), !properties.isObject, !properties.isNull {
            report(
                .error, "geojson.member.wrong-type",
                "\"properties\" member should be an object or null, but is \(Self.describe(properties.kindName)) instead",
                at: node)
        }
        guard let geometry = requiredMember("geometry", of: node), !geometry.isNull else { return }
        guard geometry.isObject else {
            report(
                .error, "geojson.geometry.not-object",
                "\"geometry\" member should be an object or null, but is \(Self.describe(geometry.kindName)) instead",
                at: node)
            return
        }
        path.append(.key("geometry"))
        validateObject(geometry, context: .geometry)
        path.removeLast()
    }

    mutating func validateGeometryCollection(_ node: LocatedJSON) {
        guard let geometries = requiredArray("geometries", of: node) else { return }
        path.append(.key("geometries"))
        defer { path.removeLast() }
        let elements = geometries.elements ?? []
        if elements.count == 1 {
            report(
                .warning, "geojson.geometrycollection.single",
                "GeometryCollection with a single geometry should be avoided in favor of single part or a single object of multi-part type",
                at: geometries)
        }
        for (index, geometry) in elements.enumerated() {
            path.append(.index(index))
            if geometry.isObject {
                if geometry.member("type")?.string == GeoJSONType.geometryCollection.rawValue {
                    report(
                        .warning, "geojson.geometrycollection.nested",
                        "GeometryCollection should avoid nested geometry collections", at: geometry)
                }
                validateObject(geometry, context: .geometry)
            } else {
                report(
                    .error, "geojson.geometry.not-object",
                    "The geometries array in a GeometryCollection must contain only geometry objects, but this is \(Self.describe(geometry.kindName))",
                    at: geometry)
                checkDuplicateKeysDeep(geometry)
            }
            path.removeLast()
        }
    }

    /// The six geometry types with `coordinates`.
    mutating func validateGeometry(_ node: LocatedJSON, type: GeoJSONType) {
        guard let coordinates = requiredMember("coordinates", of: node) else { return }
        guard let elements = coordinates.elements else {
            report(
                .error, "geojson.coordinates.not-array",
                "\"coordinates\" member should be an array, but is \(Self.describe(coordinates.kindName)) instead",
                at: node)
            return
        }
        path.append(.key("coordinates"))
        defer { path.removeLast() }
        if elements.isEmpty {
            report(
                .info, "geojson.coordinates.empty",
                "empty coordinates: an empty \(type.rawValue), which readers may treat as a null geometry (RFC 7946 3.1)",
                at: coordinates)
            return
        }
        checkCoordinates(coordinates, of: type, geometry: node)
    }

    // MARK: - Members

    /// The member `name` of `node`, after reporting it missing.
    mutating func requiredMember(_ name: String, of node: LocatedJSON) -> LocatedJSON? {
        guard let value = node.member(name) else {
            report(.error, "geojson.member.missing", "\"\(name)\" member required", at: node)
            return nil
        }
        return value
    }

    /// The member `name` of `node` when it is an array, after reporting it
    /// missing or of another kind.
    mutating func requiredArray(_ name: String, of node: LocatedJSON) -> LocatedJSON? {
        guard let value = requiredMember(name, of: node) else { return nil }
        guard value.isArray else {
            report(
                .error, "geojson.member.wrong-type",
                "\"\(name)\" member should be an array, but is \(Self.describe(value.kindName)) instead", at: node)
            return nil
        }
        return value
    }

    /// A feature's valid id as written: a string's value, or a number's
    /// text exactly as in the file (`1e3` stays `1e3`).
    func featureIDAsWritten(_ feature: LocatedJSON) -> String? {
        guard let id = feature.member("id") else { return nil }
        switch id.value {
        case .string(let string): return string
        case .number(_, let end): return String(decoding: bytes[id.offset..<end], as: UTF8.self)
        default: return nil
        }
    }

    // MARK: - Reporting

    /// Records a problem at `node`, located by the current path.
    mutating func report(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at node: LocatedJSON) {
        report(severity, code, message, offset: node.offset, pointer: currentPointer, featureID: featureID)
    }

    mutating func report(
        _ severity: Diagnostic.Severity, _ code: String, _ message: String, offset: Int, pointer: String,
        featureID: String?
    ) {
        guard found.accepts(code) else {
            found.append(
                Diagnostic(severity: severity, code: code, message: message, location: SourceLocation(file: file)))
            return
        }
        let location = locate(offset, pointer: pointer, featureID: featureID)
        found.append(Diagnostic(severity: severity, code: code, message: message, location: location))
    }

    /// Where `offset` in ``bytes`` is in the file.
    mutating func locate(_ offset: Int, pointer: String, featureID: String?) -> SourceLocation {
        if lineTable == nil { lineTable = LineTable(bytes) }
        let (line, column) = lineTable!.lineAndColumn(of: offset)
        return SourceLocation(
            file: file, line: line + origin.lines, column: line == 1 ? column + origin.column - 1 : column,
            byteOffset: offset + origin.bytes, jsonPointer: pointer, featureID: featureID)
    }

    /// The RFC 6901 pointer of the current path ("" for the root).
    var currentPointer: String {
        Self.pointer(path)
    }

    static func pointer(_ components: some Sequence<PathComponent>) -> String {
        var pointer = ""
        for component in components {
            switch component {
            case .key(let key): pointer += "/" + key.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
            case .index(let index): pointer += "/" + String(index)
            }
        }
        return pointer
    }

    /// A JSON kind with its article, as messages use it: "an object",
    /// "a string", "null".
    static func describe(_ kindName: String) -> String {
        switch kindName {
        case "null": "null"
        case "object", "array": "an \(kindName)"
        default: "a \(kindName)"
        }
    }
}
