import MeridianCore

/// A summary of one property over several features: what a dissolve
/// keeps of the features it merges, and what a join adds from the
/// features that match.
///
/// ```swift
/// let total = Aggregate(.sum, field: "POP_EST")            // written as POP_EST
/// let count = Aggregate(.count, name: "states")            // how many were merged
/// ```
public struct Aggregate: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// How many features (`field` unused).
        case count
        /// The sum of the numbers (integers stay integers while they fit).
        case sum
        /// The smallest and largest number, or text when there are no numbers.
        case min, max
        /// The first value that is not null, in input order.
        case first
        /// Every value that is not null, in input order, as an array.
        case list
    }

    public var kind: Kind
    /// The property summarised.
    public var field: String
    /// The name it is written under (the field's own, unless given).
    public var name: String

    public init(_ kind: Kind, field: String = "", name: String? = nil) {
        self.kind = kind
        self.field = field
        self.name = name ?? field
    }

    /// The summary of `values` (the field's value in each feature, nil
    /// where a feature lacks it).
    public func value(of values: [JSONValue?]) -> JSONValue {
        switch kind {
        case .count:
            return .integer(Int64(values.count))
        case .first:
            return values.lazy.compactMap { $0 }.first { !$0.isNull } ?? .null
        case .list:
            return .array(values.compactMap { $0 }.filter { !$0.isNull })
        case .sum:
            var integer: Int64? = 0
            var real = 0.0
            var any = false
            for value in values {
                switch value {
                case .integer(let n)?:
                    any = true
                    real += Double(n)
                    if let sum = integer {
                        let (result, overflow) = sum.addingReportingOverflow(n)
                        integer = overflow ? nil : result
                    }
                case .double(let x)?:
                    any = true
                    real += x
                    integer = nil
                default: break
                }
            }
            guard any else { return .null }
            return integer.map(JSONValue.integer) ?? .double(real)
        case .min, .max:
            var best: (number: Double, value: JSONValue)?
            for case let value? in values {
                guard let number = value.doubleValue else { continue }
                if let current = best, kind == .min ? number >= current.number : number <= current.number { continue }
                best = (number, value)
            }
            if let best { return best.value }
            let texts = values.compactMap { $0?.stringValue }
            guard let best = kind == .min ? texts.min() : texts.max() else { return .null }
            return .string(best)
        }
    }
}
