/// A feature's `id` as written: a string or a number (RFC 7946, 3.2).
///
/// ```swift
/// let id: FeatureIdentifier = "gate-12"
/// id.description      // "gate-12"
/// FeatureIdentifier.integer(42).description   // "42"
/// ```
public enum FeatureIdentifier: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case double(Double)
}

extension FeatureIdentifier: CustomStringConvertible {
    /// The identifier as text, the way MapKit's `MKGeoJSONFeature.identifier`
    /// gives it: strings as they are, numbers in their shortest form.
    public var description: String {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .double(let value): value.description
        }
    }
}

extension FeatureIdentifier {
    /// An identifier from a JSON value: a string or a number; nil for
    /// anything else.
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let id): self = .string(id)
        case .integer(let id): self = .integer(id)
        case .double(let id): self = .double(id)
        default: return nil
        }
    }

    /// The identifier as a JSON value.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let id): .string(id)
        case .integer(let id): .integer(id)
        case .double(let id): .double(id)
        }
    }
}

extension FeatureIdentifier: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
}
