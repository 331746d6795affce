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
        var accumulator = Accumulator(self)
        for value in values { accumulator.add(value) }
        return accumulator.result
    }

    /// An aggregate worked out one value at a time, in constant memory
    /// (but for `.list`): ten million points counted into a polygon keep
    /// one number.
    public struct Accumulator: Sendable {
        public let aggregate: Aggregate
        private var count = 0
        private var integerSum: Int64? = 0
        private var realSum = 0.0
        private var sawNumber = false
        private var best: (number: Double, value: JSONValue)?
        private var bestText: String?
        private var first: JSONValue?
        private var list: [JSONValue] = []

        public init(_ aggregate: Aggregate) {
            self.aggregate = aggregate
        }

        /// Adds one feature's value of the field (nil when it lacks it).
        public mutating func add(_ value: JSONValue?) {
            count += 1
            switch aggregate.kind {
            case .count:
                break
            case .first:
                if first == nil, let value, !value.isNull { first = value }
            case .list:
                if let value, !value.isNull { list.append(value) }
            case .sum:
                switch value {
                case .integer(let n)?:
                    sawNumber = true
                    realSum += Double(n)
                    if let sum = integerSum {
                        let (result, overflow) = sum.addingReportingOverflow(n)
                        integerSum = overflow ? nil : result
                    }
                case .double(let x)?:
                    sawNumber = true
                    realSum += x
                    integerSum = nil
                default: break
                }
            case .min, .max:
                if let value, let number = value.doubleValue {
                    if let current = best, aggregate.kind == .min ? number >= current.number : number <= current.number
                    {
                        return
                    }
                    best = (number, value)
                } else if let text = value?.stringValue {
                    if let current = bestText, aggregate.kind == .min ? text >= current : text <= current { return }
                    bestText = text
                }
            }
        }

        /// The summary of the values added so far.
        public var result: JSONValue {
            switch aggregate.kind {
            case .count: .integer(Int64(count))
            case .first: first ?? .null
            case .list: .array(list)
            case .sum: sawNumber ? integerSum.map(JSONValue.integer) ?? .double(realSum) : .null
            case .min, .max: best?.value ?? bestText.map(JSONValue.string) ?? .null
            }
        }
    }
}
