import MeridianCore
import MeridianLibC

/// What a style expression is evaluated against: the view's zoom and one
/// feature of a tile.
struct StyleContext {
    var zoom: Double
    var properties: JSONObject
    /// `Point`, `LineString` or `Polygon`, as MapLibre's `geometry-type`
    /// and legacy `$type` name a feature's geometry.
    var geometryType: String
    var id: JSONValue?
}

/// A value of a basemap style that may depend on the zoom and the feature:
/// the subset of the MapLibre style specification's expressions that
/// Meridian evaluates, its legacy filters and its legacy functions
/// (`{"stops": ...}`), parsed once into one tree.
///
/// ```swift
/// let width = try StyleExpression.parse(
///     ["interpolate", ["exponential", 1.5], ["zoom"], 4, 0.5, 10, 3], at: "/layers/2/paint/line-width")
/// width.evaluate(in: context).doubleValue   // 0.5 at zoom 4, 3 at zoom 10 and beyond
/// ```
///
/// Operators: `literal`, `get`, `has`, `!`, `==`, `!=`, `<`, `<=`, `>`,
/// `>=`, `all`, `any`, `in`, `match`, `case`, `coalesce`, `zoom`,
/// `geometry-type`, `id`, `interpolate` (linear, exponential; `cubic-bezier`
/// as linear), `step`, `+`, `-`, `*`, `/`, `%`, `^`, `min`, `max`,
/// `to-number`, `to-string`, `to-boolean`, `number`, `string`, `boolean`,
/// `concat`, `downcase`, `upcase`, `rgb`, `rgba` and `to-color`; legacy
/// filters (`["==", "class", "ocean"]`, `in`, `!in`, `has`, `!has`,
/// `none`, `$type`, `$id`). Anything else is refused when the style is read,
/// naming the JSON pointer of the expression (`snapshot.basemap.expression`),
/// never skipped: a filter half understood would draw the wrong features.
indirect enum StyleExpression: Sendable {
    case literal(JSONValue)
    case get(String)
    case has(String)
    case zoom
    case geometryType
    case id
    case not(StyleExpression)
    case all([StyleExpression])
    case any([StyleExpression])
    case compare(String, StyleExpression, StyleExpression)
    /// Whether the value is one of a list (legacy `in`).
    case oneOf(StyleExpression, StyleLabels)
    /// Expression `in`: a value in an array, or a substring in a string.
    case contains(needle: StyleExpression, haystack: StyleExpression)
    case match(StyleExpression, labels: StyleLabels, outputs: [StyleExpression], fallback: StyleExpression)
    case cases([(condition: StyleExpression, output: StyleExpression)], fallback: StyleExpression)
    case coalesce([StyleExpression])
    case interpolate(base: Double, input: StyleExpression, stops: [(Double, StyleExpression)])
    case step(input: StyleExpression, first: StyleExpression, stops: [(Double, StyleExpression)])
    /// Arithmetic, conversions and string operators, by name.
    case function(String, [StyleExpression])

    static let functions: Set<String> = [
        "+", "-", "*", "/", "%", "^", "min", "max", "to-number", "to-string", "to-boolean", "number", "string",
        "boolean", "concat", "downcase", "upcase", "rgb", "rgba", "to-color",
    ]

    // MARK: - Parsing

    static func failure(_ pointer: String, _ message: String) -> DiagnosticError {
        DiagnosticError(
            code: "snapshot.basemap.expression", message: message,
            location: SourceLocation(jsonPointer: pointer))
    }

    /// A paint or layout value: a constant, an expression or a legacy function.
    static func parse(_ value: JSONValue, at pointer: String) throws(DiagnosticError) -> StyleExpression {
        switch value {
        case .array(let elements):
            guard case .string(let name)? = elements.first else { return .literal(value) }
            return try parseOperator(name, elements, at: pointer)
        case .object(let object):
            return try parseFunction(object, at: pointer)
        default:
            return .literal(value)
        }
    }

    /// A layer's `filter`: an expression, or a legacy filter.
    static func parseFilter(_ value: JSONValue, at pointer: String) throws(DiagnosticError) -> StyleExpression {
        if case .bool = value { return .literal(value) }
        guard case .array(let elements) = value, case .string(let name)? = elements.first else {
            throw failure(pointer, "a filter is an array whose first element names its operator")
        }
        guard !isExpressionFilter(value) else { return try parseOperator(name, elements, at: pointer) }
        func key(_ index: Int) throws(DiagnosticError) -> StyleExpression {
            guard index < elements.count, case .string(let key) = elements[index] else {
                throw failure("\(pointer)/\(index)", "a legacy \"\(name)\" filter names a property here")
            }
            switch key {
            case "$type": return .geometryType
            case "$id": return .id
            default: return .get(key)
            }
        }
        switch name {
        case "==", "!=", "<", "<=", ">", ">=":
            guard elements.count == 3 else { throw failure(pointer, "\"\(name)\" takes a property and a value") }
            return .compare(name, try key(1), .literal(elements[2]))
        case "in", "!in":
            let test = StyleExpression.oneOf(try key(1), StyleLabels(elements.dropFirst(2).map { [$0] }))
            return name == "in" ? test : .not(test)
        case "has", "!has":
            guard elements.count == 2, case .string(let property) = elements[1] else {
                throw failure(pointer, "\"\(name)\" takes one property name")
            }
            let test: StyleExpression =
                switch property {
                case "$type": .literal(.bool(true))
                case "$id": .not(.compare("==", .id, .literal(.null)))
                default: .has(property)
                }
            return name == "has" ? test : .not(test)
        case "all", "any", "none":
            var members: [StyleExpression] = []
            for (index, member) in elements.enumerated().dropFirst() {
                members.append(try parseFilter(member, at: "\(pointer)/\(index)"))
            }
            switch name {
            case "all": return .all(members)
            case "any": return .any(members)
            default: return .not(.any(members))
            }
        default:
            throw failure("\(pointer)/0", "\"\(name)\" is not a filter operator")
        }
    }

    /// Whether a filter is written as an expression rather than in the
    /// legacy syntax: the test MapLibre applies.
    static func isExpressionFilter(_ value: JSONValue) -> Bool {
        if case .bool = value { return true }
        guard case .array(let elements) = value, case .string(let name)? = elements.first else { return false }
        switch name {
        case "has":
            guard elements.count >= 2 else { return true }
            return elements[1] != .string("$id") && elements[1] != .string("$type")
        case "in":
            guard elements.count >= 3 else { return true }
            return elements[1].stringValue == nil || elements[2].arrayValue != nil
        case "!in", "!has", "none":
            return false
        case "==", "!=", ">", ">=", "<", "<=":
            return elements.count != 3 || elements[1].arrayValue != nil || elements[2].arrayValue != nil
        case "any", "all":
            return elements.dropFirst().allSatisfy { member in
                if case .bool = member { return true }
                return isExpressionFilter(member)
            }
        default:
            return true
        }
    }

    private static func parseOperator(
        _ name: String, _ elements: [JSONValue], at pointer: String
    ) throws(DiagnosticError) -> StyleExpression {
        let count = elements.count
        func argument(_ index: Int) throws(DiagnosticError) -> StyleExpression {
            try parse(elements[index], at: "\(pointer)/\(index)")
        }
        func arguments(from start: Int) throws(DiagnosticError) -> [StyleExpression] {
            var result: [StyleExpression] = []
            for index in start..<count { result.append(try argument(index)) }
            return result
        }
        func require(_ valid: Bool, _ shape: String) throws(DiagnosticError) {
            guard valid else { throw failure(pointer, "\"\(name)\" is written \(shape)") }
        }
        func stops(from start: Int) throws(DiagnosticError) -> [(Double, StyleExpression)] {
            var result: [(Double, StyleExpression)] = []
            for index in stride(from: start, to: count - 1, by: 2) {
                guard let stop = elements[index].doubleValue, stop.isFinite else {
                    throw failure("\(pointer)/\(index)", "a stop of \"\(name)\" is a number")
                }
                if let last = result.last, stop <= last.0 {
                    throw failure("\(pointer)/\(index)", "the stops of \"\(name)\" must increase")
                }
                result.append((stop, try argument(index + 1)))
            }
            return result
        }
        switch name {
        case "literal":
            try require(count == 2, "[\"literal\", value]")
            return .literal(elements[1])
        case "get", "has":
            try require(count == 2, "[\"\(name)\", property] (reading another object's property is not supported)")
            guard case .string(let property) = elements[1] else {
                throw failure("\(pointer)/1", "\"\(name)\" names a property with a string")
            }
            return name == "get" ? .get(property) : .has(property)
        case "zoom", "geometry-type", "id":
            try require(count == 1, "[\"\(name)\"]")
            return name == "zoom" ? .zoom : name == "id" ? .id : .geometryType
        case "!":
            try require(count == 2, "[\"!\", condition]")
            return .not(try argument(1))
        case "==", "!=", "<", "<=", ">", ">=":
            try require(count == 3 || count == 4, "[\"\(name)\", a, b]")
            return .compare(name, try argument(1), try argument(2))
        case "all", "any":
            return name == "all" ? .all(try arguments(from: 1)) : .any(try arguments(from: 1))
        case "in":
            try require(count == 3, "[\"in\", value, array or string]")
            return .contains(needle: try argument(1), haystack: try argument(2))
        case "match":
            try require(count >= 5 && (count - 3) % 2 == 0, "[\"match\", input, label, output, ..., fallback]")
            var labels: [[JSONValue]] = []
            var outputs: [StyleExpression] = []
            for index in stride(from: 2, to: count - 1, by: 2) {
                labels.append(elements[index].arrayValue ?? [elements[index]])
                outputs.append(try argument(index + 1))
            }
            return .match(try argument(1), labels: StyleLabels(labels), outputs: outputs, fallback: try argument(count - 1))
        case "case":
            try require(count >= 4 && count % 2 == 0, "[\"case\", condition, output, ..., fallback]")
            var arms: [(condition: StyleExpression, output: StyleExpression)] = []
            for index in stride(from: 1, to: count - 1, by: 2) {
                arms.append((try argument(index), try argument(index + 1)))
            }
            return .cases(arms, fallback: try argument(count - 1))
        case "coalesce":
            return .coalesce(try arguments(from: 1))
        case "interpolate", "interpolate-hcl", "interpolate-lab":
            try require(count >= 5 && (count - 3) % 2 == 0, "[\"\(name)\", [type], input, stop, output, ...]")
            guard case .array(let kind) = elements[1], case .string(let kindName)? = kind.first else {
                throw failure("\(pointer)/1", "the interpolation type is [\"linear\"], [\"exponential\", base] or [\"cubic-bezier\", ...]")
            }
            var base = 1.0
            switch kindName {
            case "linear", "cubic-bezier": break
            case "exponential":
                guard kind.count == 2, let value = kind[1].doubleValue, value.isFinite, value > 0 else {
                    throw failure("\(pointer)/1", "[\"exponential\", base] takes a positive base")
                }
                base = value
            default:
                throw failure("\(pointer)/1/0", "\"\(kindName)\" is not an interpolation type")
            }
            return .interpolate(base: base, input: try argument(2), stops: try stops(from: 3))
        case "step":
            try require(count >= 3 && (count - 3) % 2 == 0, "[\"step\", input, output, stop, output, ...]")
            return .step(input: try argument(1), first: try argument(2), stops: try stops(from: 3))
        default:
            guard functions.contains(name) else {
                throw failure(
                    "\(pointer)/0",
                    "\"\(name)\" is not an expression operator Meridian evaluates (docs/tiles.md lists those it does)")
            }
            return .function(name, try arguments(from: 1))
        }
    }

    /// A legacy function: `{"stops": [[input, output], ...], "base", "type", "property", "default"}`.
    private static func parseFunction(_ object: JSONObject, at pointer: String) throws(DiagnosticError)
        -> StyleExpression
    {
        guard case .array(let rawStops)? = object["stops"], !rawStops.isEmpty else {
            throw failure(pointer, "an object here is a function, with a non-empty \"stops\" array")
        }
        let input: StyleExpression
        if let property = object["property"] {
            guard case .string(let name) = property else {
                throw failure("\(pointer)/property", "\"property\" names a property with a string")
            }
            input = .get(name)
        } else {
            input = .zoom
        }
        var stops: [(JSONValue, StyleExpression)] = []
        for (index, stop) in rawStops.enumerated() {
            guard case .array(let pair) = stop, pair.count == 2, pair[0].objectValue == nil else {
                throw failure(
                    "\(pointer)/stops/\(index)",
                    "a stop is [input, output] (functions of zoom and property together are not supported)")
            }
            stops.append((pair[0], try parse(pair[1], at: "\(pointer)/stops/\(index)/1")))
        }
        let fallback = try object["default"].map { value throws(DiagnosticError) in
            try parse(value, at: "\(pointer)/default")
        } ?? .literal(.null)
        let outputs = rawStops.compactMap { $0.arrayValue?.last }
        let interpolable = outputs.allSatisfy { $0.doubleValue != nil || ($0.stringValue.flatMap(StyleColor.init(css:)) != nil) }
        let type = object["type"]?.stringValue ?? (interpolable ? "exponential" : "interval")
        func numericStops() throws(DiagnosticError) -> [(Double, StyleExpression)] {
            var result: [(Double, StyleExpression)] = []
            for (index, (stop, output)) in stops.enumerated() {
                guard let value = stop.doubleValue, value.isFinite, value > (result.last?.0 ?? -.infinity) else {
                    throw failure("\(pointer)/stops/\(index)/0", "the stops' inputs are increasing numbers")
                }
                result.append((value, output))
            }
            return result
        }
        switch type {
        case "exponential":
            let base = object["base"]?.doubleValue ?? 1
            guard base.isFinite, base > 0 else { throw failure("\(pointer)/base", "the base is a positive number") }
            return .interpolate(base: base, input: input, stops: try numericStops())
        case "interval":
            let numeric = try numericStops()
            return .step(input: input, first: numeric[0].1, stops: Array(numeric.dropFirst()))
        case "categorical":
            return .match(input, labels: StyleLabels(stops.map { [$0.0] }), outputs: stops.map(\.1), fallback: fallback)
        case "identity":
            return .coalesce([input, fallback])
        default:
            throw failure("\(pointer)/type", "\"\(type)\" is not a function type")
        }
    }
}

/// The labels of a `match` (or the values of a legacy `in`), each group
/// numbered, looked up by hashing: strings by text, numbers by value (so
/// `3` matches `3.0`), Booleans as they are. A style with thousands of
/// labels costs one lookup a feature.
struct StyleLabels: Sendable {
    private var strings: [String: Int] = [:]
    private var numbers: [Double: Int] = [:]
    private var flags: [Bool: Int] = [:]

    init(_ groups: [[JSONValue]]) {
        for (index, group) in groups.enumerated() {
            for label in group {
                switch label {
                case .string(let text): strings[text] = strings[text] ?? index
                case .bool(let flag): flags[flag] = flags[flag] ?? index
                default:
                    if let number = label.doubleValue { numbers[number] = numbers[number] ?? index }
                }
            }
        }
    }

    /// The group a value belongs to, nil when none.
    func index(of value: JSONValue) -> Int? {
        switch value {
        case .string(let text): strings[text]
        case .bool(let flag): flags[flag]
        default: value.doubleValue.flatMap { numbers[$0] }
        }
    }
}
