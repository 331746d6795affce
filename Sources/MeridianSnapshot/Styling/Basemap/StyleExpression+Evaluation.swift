import MeridianCore
import MeridianLibC

extension StyleExpression {
    /// The expression's value for one feature at one zoom. Values of the
    /// wrong type give what MapLibre gives: `null` from `get` of a missing
    /// property, false from a comparison of a string with a number, and
    /// the property's default where the value is used.
    func evaluate(in context: StyleContext) -> JSONValue {
        switch self {
        case .literal(let value): return value
        case .get(let key): return context.properties[key] ?? .null
        case .has(let key): return .bool(context.properties[key] != nil)
        case .zoom: return .double(context.zoom)
        case .geometryType: return .string(context.geometryType)
        case .id: return context.id ?? .null
        case .not(let inner): return .bool(!inner.isTrue(in: context))
        case .all(let members): return .bool(members.allSatisfy { $0.isTrue(in: context) })
        case .any(let members): return .bool(members.contains { $0.isTrue(in: context) })
        case .compare(let name, let left, let right):
            return .bool(Self.compare(name, left.evaluate(in: context), right.evaluate(in: context)))
        case .oneOf(let value, let list):
            return .bool(list.index(of: value.evaluate(in: context)) != nil)
        case .contains(let needle, let haystack):
            let value = needle.evaluate(in: context)
            switch haystack.evaluate(in: context) {
            case .array(let elements): return .bool(elements.contains { Self.compare("==", value, $0) })
            case .string(let text):
                guard let part = value.stringValue else { return .bool(false) }
                return .bool(part.isEmpty || text.containsText(part))
            default: return .bool(false)
            }
        case .match(let input, let labels, let outputs, let fallback):
            guard let arm = labels.index(of: input.evaluate(in: context)) else { return fallback.evaluate(in: context) }
            return outputs[arm].evaluate(in: context)
        case .cases(let arms, let fallback):
            for arm in arms where arm.condition.isTrue(in: context) { return arm.output.evaluate(in: context) }
            return fallback.evaluate(in: context)
        case .coalesce(let members):
            for member in members {
                let value = member.evaluate(in: context)
                if !value.isNull { return value }
            }
            return .null
        case .interpolate(let base, let input, let stops):
            guard let x = input.evaluate(in: context).doubleValue else { return .null }
            let upper = Self.firstStop(above: x, in: stops)
            guard upper < stops.count else { return stops[stops.count - 1].1.evaluate(in: context) }
            guard upper > 0 else { return stops[0].1.evaluate(in: context) }
            let (low, high) = (stops[upper - 1], stops[upper])
            let span = high.0 - low.0
            let t = base == 1 ? (x - low.0) / span : (pow(base, x - low.0) - 1) / (pow(base, span) - 1)
            return Self.interpolate(low.1.evaluate(in: context), high.1.evaluate(in: context), t)
        case .step(let input, let first, let stops):
            guard let x = input.evaluate(in: context).doubleValue else { return first.evaluate(in: context) }
            let upper = Self.firstStop(above: x, in: stops)
            return upper == 0 ? first.evaluate(in: context) : stops[upper - 1].1.evaluate(in: context)
        case .function(let name, let arguments):
            return Self.apply(name, arguments.map { $0.evaluate(in: context) })
        }
    }

    func isTrue(in context: StyleContext) -> Bool { evaluate(in: context) == .bool(true) }

    /// The index of the first stop above `x` (stops.count when none is):
    /// a binary search, so a style with thousands of stops costs a few
    /// comparisons a feature.
    static func firstStop(above x: Double, in stops: [(Double, StyleExpression)]) -> Int {
        var (low, high) = (0, stops.count)
        while low < high {
            let middle = (low + high) / 2
            if stops[middle].0 <= x { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A comparison as MapLibre makes it: numbers by value (an integer
    /// equals the same double), strings by code point, `==` and `!=` on
    /// anything; ordering values of different types is false.
    static func compare(_ name: String, _ left: JSONValue, _ right: JSONValue) -> Bool {
        if let a = left.doubleValue, let b = right.doubleValue {
            switch name {
            case "==": return a == b
            case "!=": return a != b
            case "<": return a < b
            case "<=": return a <= b
            case ">": return a > b
            default: return a >= b
            }
        }
        if case .string(let a) = left, case .string(let b) = right {
            switch name {
            case "==": return a == b
            case "!=": return a != b
            case "<": return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
            case "<=": return !b.unicodeScalars.lexicographicallyPrecedes(a.unicodeScalars)
            case ">": return b.unicodeScalars.lexicographicallyPrecedes(a.unicodeScalars)
            default: return !a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
            }
        }
        switch name {
        case "==": return left == right
        case "!=": return left != right
        default: return false
        }
    }

    /// `t` of the way between two outputs: numbers, colours and arrays of
    /// numbers are blended; anything else takes the lower stop's value.
    static func interpolate(_ low: JSONValue, _ high: JSONValue, _ t: Double) -> JSONValue {
        if let a = low.doubleValue, let b = high.doubleValue { return .double(a + (b - a) * t) }
        if case .string(let a) = low, case .string(let b) = high, let from = StyleColor(css: a),
            let to = StyleColor(css: b)
        {
            return .string(from.interpolated(to: to, t).cssText)
        }
        if case .array(let a) = low, case .array(let b) = high, a.count == b.count,
            a.allSatisfy({ $0.doubleValue != nil }), b.allSatisfy({ $0.doubleValue != nil })
        {
            return .array(zip(a, b).map { interpolate($0, $1, t) })
        }
        return low
    }

    /// Arithmetic, conversions and string operators.
    static func apply(_ name: String, _ values: [JSONValue]) -> JSONValue {
        let numbers = values.compactMap(\.doubleValue)
        let allNumbers = numbers.count == values.count && !values.isEmpty
        switch name {
        case "+": return allNumbers ? .double(numbers.reduce(0, +)) : .null
        case "*": return allNumbers ? .double(numbers.reduce(1, *)) : .null
        case "-":
            guard allNumbers else { return .null }
            return numbers.count == 1 ? .double(-numbers[0]) : .double(numbers[0] - numbers[1])
        case "/", "%", "^":
            guard allNumbers, numbers.count == 2 else { return .null }
            let (a, b) = (numbers[0], numbers[1])
            return .double(name == "/" ? a / b : name == "%" ? a.truncatingRemainder(dividingBy: b) : pow(a, b))
        case "min": return allNumbers ? .double(numbers.min()!) : .null
        case "max": return allNumbers ? .double(numbers.max()!) : .null
        case "to-number", "number":
            for value in values {
                if let number = value.doubleValue { return .double(number) }
                if name == "to-number", let text = value.stringValue, let number = Double(text) { return .double(number) }
                if name == "to-number", let flag = value.boolValue { return .double(flag ? 1 : 0) }
            }
            return name == "to-number" && values.isEmpty ? .double(0) : .null
        case "to-string": return .string(values.first.map(text(of:)) ?? "")
        case "string":
            return values.first { $0.stringValue != nil } ?? .null
        case "to-boolean":
            switch values.first ?? .null {
            case .null, .bool(false), .string(""): return .bool(false)
            case .integer(0): return .bool(false)
            case .double(let value): return .bool(value != 0 && !value.isNaN)
            default: return .bool(true)
            }
        case "boolean": return values.first { $0.boolValue != nil } ?? .null
        case "concat": return .string(values.map(text(of:)).joined())
        case "downcase": return .string(values.first.map(text(of:))?.lowercased() ?? "")
        case "upcase": return .string(values.first.map(text(of:))?.uppercased() ?? "")
        case "rgb", "rgba":
            guard allNumbers, numbers.count == (name == "rgb" ? 3 : 4) else { return .null }
            return .string(
                StyleColor(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count == 4 ? numbers[3] : 1)
                    .cssText)
        default:  // to-color
            for value in values {
                if let text = value.stringValue, let color = StyleColor(css: text) { return .string(color.cssText) }
            }
            return .null
        }
    }

    /// A value as text, as `to-string` and `concat` write it.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .double(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : number.description
        case .string(let text): return text
        default: return ""
        }
    }
}
