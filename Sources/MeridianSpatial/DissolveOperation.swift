import MeridianCore
import MeridianPlatform

/// Merges the features that share the values of some properties into one
/// feature each, their geometries unioned and their other properties
/// summarised: `meridian dissolve`, mapshaper's `-dissolve2` and
/// geopandas's `dissolve`.
///
/// ```swift
/// let dissolve = DissolveOperation(keys: ["admin"], aggregates: [Aggregate(.sum, field: "pop"), Aggregate(.count, name: "states")])
/// for (index, state) in states.enumerated() { _ = dissolve.apply(state, at: SourceLocation(record: index + 1)) }
/// let countries = dissolve.finish()   // one feature per admin, in order of first appearance
/// ```
///
/// With no keys, every feature merges into one. Groups come out in the
/// order their first feature came in, each with its keys' values (null
/// where the key was absent) and then its aggregates. Polygons that
/// share borders exactly are merged by dropping the shared edges (GEOS's
/// CoverageUnion), so the borders that remain keep their positions
/// exactly; others by GEOS's UnaryUnion. Groups are merged on every core.
/// A feature without the key is grouped with the others that lack it,
/// under null, and reported once (`dissolve.key.missing`). Features
/// without geometry count in the aggregates; a group with no geometry at
/// all gets a null geometry.
///
/// Cost: every feature's geometry is held until the end.
public final class DissolveOperation: FeatureOperation, @unchecked Sendable {
    public let keys: [String]
    public let aggregates: [Aggregate]
    /// The threads groups are merged on (nil: one per core).
    public var threads: Int?
    private var groups: [[JSONValue]: Int] = [:]
    private var members: [Group] = []
    private var found = DiagnosticCollector()
    private var missingKeys: [String: (count: Int, first: SourceLocation)] = [:]

    struct Group {
        var values: [JSONValue]
        var geometries: [Geometry] = []
        var fields: [Aggregate.Accumulator]
        var location: SourceLocation
    }

    public init(keys: [String], aggregates: [Aggregate] = [], threads: Int? = nil) {
        self.keys = keys
        self.aggregates = aggregates
        self.threads = threads
    }

    public var diagnostics: [Diagnostic] {
        var all = found
        for key in keys {
            guard let missing = missingKeys[key] else { continue }
            all.append(
                Diagnostic(
                    severity: .warning, code: "dissolve.key.missing",
                    message:
                        "\(missing.count) feature\(missing.count == 1 ? " has" : "s have") no property \"\(key)\" (the first is here): they are dissolved together, under null",
                    location: missing.first))
        }
        return all.diagnostics
    }

    public func apply(_ feature: Feature, at location: @autoclosure () -> SourceLocation) -> [Feature] {
        let values = keys.map { key in
            guard let value = feature.properties[key] else {
                if missingKeys[key] == nil { missingKeys[key] = (0, location()) }
                missingKeys[key]!.count += 1
                return JSONValue.null
            }
            return value
        }
        let index: Int
        if let known = groups[values] {
            index = known
        } else {
            index = members.count
            groups[values] = index
            members.append(
                Group(values: values, fields: aggregates.map(Aggregate.Accumulator.init), location: location()))
        }
        if let geometry = feature.geometry { members[index].geometries.append(geometry) }
        for (slot, aggregate) in aggregates.enumerated() {
            members[index].fields[slot].add(aggregate.kind == .count ? nil : feature.properties[aggregate.field])
        }
        return []
    }

    public func finish() -> [Feature] {
        let jobs = members
        members = []
        groups = [:]
        let merged = OrderedWorkPool<Group, Result<Geometry?, GeometryOperationError>>.results(
            of: jobs, threads: threads ?? OrderedWorkPool<Group, Int>.defaultThreads
        ) { group in
            guard !group.geometries.isEmpty else { return .success(nil) }
            do throws(GeometryOperationError) {
                return .success(try GeometryOperations().union(of: group.geometries))
            } catch {
                return .failure(error)
            }
        }
        var features: [Feature] = []
        features.reserveCapacity(jobs.count)
        for (group, geometry) in zip(jobs, merged) {
            var properties = JSONObject()
            for (key, value) in zip(keys, group.values) { properties[key] = value }
            for field in group.fields { properties[field.aggregate.name] = field.result }
            var feature = Feature(geometry: nil, properties: properties)
            switch geometry {
            case .success(let union): feature.geometry = union.map { $0.rewoundToRightHandRule() }
            case .failure(let error):
                found.append(
                    Diagnostic(
                        severity: .error, code: "dissolve.failed",
                        message:
                            "the group \(group.values.map(\.shortText).joined(separator: ", ")) (its first feature is here): \(error.description)",
                        location: group.location))
            }
            features.append(feature)
        }
        return features
    }
}

extension JSONValue {
    /// The value as a message shows it: text quoted, numbers and the rest
    /// as written.
    var shortText: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
