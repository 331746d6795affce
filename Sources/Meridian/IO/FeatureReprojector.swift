import MeridianCRS
import MeridianCore
import MeridianIO

/// Carries features from the coordinate reference system their input
/// declares (or `--s-srs` gives) to the one asked for (`--t-srs`; WGS 84
/// longitude and latitude unless given): what ``FeatureSource`` does to
/// every feature it hands out. One PROJ transformation is made per source
/// system and shared by every thread (``SharedCoordinateTransformation``).
final class FeatureReprojector: @unchecked Sendable {
    /// The system the input is in whatever it declares (`--s-srs`).
    let source: String?
    /// The system features are handed out in; nil for WGS 84.
    let target: String?
    /// The input's name, for diagnostics.
    let file: String
    /// Transformations made so far, by source system; nil where none is needed.
    private var made: [String?: SharedCoordinateTransformation?] = [:]
    /// The source systems met, by name and code, in the order met.
    private(set) var sources: [String] = []

    init(options: ReadingOptions, file: String) {
        source = options.sourceCoordinateSystem
        target = options.coordinateSystem
        self.file = file
    }

    /// Carries features from WGS 84 to `target`.
    init(target: String, file: String) {
        source = nil
        self.target = target
        self.file = file
    }

    /// Whether any feature may have been carried to another system.
    var carries: Bool { made.values.contains { $0 != nil } || target != nil }

    /// The transformation for positions a layer declares in `declared`
    /// (nil: WGS 84); nil when they need none. Called on the thread that
    /// reads.
    func transformation(declared: String?) throws(DiagnosticError) -> SharedCoordinateTransformation? {
        let from = source ?? declared
        if let known = made[from] { return known }
        var transformation: SharedCoordinateTransformation?
        if from != target {
            do {
                let shared = try SharedCoordinateTransformation(from: from ?? "EPSG:4326", to: target ?? "EPSG:4326")
                transformation = shared.isIdentity ? nil : shared
            } catch {
                let code =
                    switch error.kind {
                    case .libraryMissing: "crs.library.missing"
                    case .unreadable: "crs.definition.invalid"
                    case .noTransformation: "crs.transformation.none"
                    }
                throw DiagnosticError(code: code, message: error.message, location: SourceLocation(file: file))
            }
        }
        made[from] = .some(transformation)
        sources.append(
            transformation.map { Self.describe($0.sourceName, $0.sourceCode, $0.source) }
                ?? (from == nil ? "WGS 84 (EPSG:4326)" : from!))
        return transformation
    }

    /// A position that could not be carried: which feature (its index in
    /// the array transformed) and which of its positions.
    struct Failure: Sendable {
        var index: Int
        var id: FeatureIdentifier?
        var position: Int
        var shared: SharedCoordinateTransformation
    }

    /// Transforms the features of `range` (all when nil) in place, on any
    /// thread. When a position cannot be carried, the features from the
    /// one holding it on are left as they are, and the failure says where.
    func transform(
        _ features: inout [Feature], range: Range<Int>? = nil, with shared: SharedCoordinateTransformation
    ) -> Failure? {
        shared.withTransformation { transformation in
            for index in range ?? features.indices {
                // Taken out of the feature, so that it is changed in place.
                guard var geometry = features[index].geometry else { continue }
                features[index].geometry = nil
                let bad = transformation.transform(&geometry)
                features[index].geometry = geometry
                if let bad { return Failure(index: index, id: features[index].id, position: bad, shared: shared) }
                if features[index].bbox != nil {
                    features[index].bbox = geometry.boundingBox.map { [$0.west, $0.south, $0.east, $0.north] }
                }
            }
            return nil
        }
    }

    /// The error of a failure, given the input index of the array's first feature.
    func error(_ failure: Failure, first: Int) -> DiagnosticError {
        let number = first + failure.index + 1
        let shared = failure.shared
        return DiagnosticError(
            code: "crs.position.out-of-domain",
            message:
                "\(failure.id.map { "feature \($0.description)" } ?? "feature \(number)"): position \(failure.position + 1) cannot be carried from \(Self.describe(shared.sourceName, shared.sourceCode, shared.source)) to \(Self.describe(shared.targetName, shared.targetCode, shared.target)) (it is outside either system's domain)",
            location: SourceLocation(file: file, featureID: failure.id?.description ?? "#\(number)"))
    }

    /// A collection's own members as they stand once its features are
    /// carried: its box, in the old system, is left out, and its `crs`
    /// member (GeoJSON 2008) names the new system, or goes for WGS 84.
    func collection(_ collection: FeatureCollection) -> FeatureCollection {
        guard carries else { return collection }
        var collection = collection
        collection.bbox = nil
        collection.foreignMembers["crs"] = nil
        if let code = targetCode, let colon = code.firstIndex(of: ":") {
            let name = "urn:ogc:def:crs:\(code[..<colon])::\(code[code.index(after: colon)...])"
            collection.foreignMembers["crs"] = .object(
                JSONObject([
                    ("type", .string("name")), ("properties", .object(JSONObject([("name", .string(name))]))),
                ]))
        }
        return collection
    }

    /// The target's code (`EPSG:3857`), as the transformations made know
    /// it; nil for WGS 84 and a system without a code.
    private var targetCode: String? {
        guard target != nil else { return nil }
        return made.values.lazy.compactMap { $0?.targetCode }.first
    }

    /// The target of `shared` as a written file records it.
    static func written(_ shared: SharedCoordinateTransformation) -> WrittenCoordinateSystem {
        let code = shared.targetCode?.split(separator: ":", maxSplits: 1)
        return WrittenCoordinateSystem(
            name: shared.targetName, authority: code.map { String($0[0]) }, code: code.flatMap { Int($0.last!) },
            wkt: shared.targetWKT ?? shared.target, projjson: shared.targetPROJJSON)
    }

    /// `name (code)`; a system without either, by its definition.
    static func describe(_ name: String, _ code: String?, _ definition: String) -> String {
        if let code { return "\(name) (\(code))" }
        guard name == "unknown" || name == "unnamed" else { return name }
        let line = definition.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.count > 60 ? "\"\(line.prefix(57))...\"" : "\"\(line)\""
    }
}
