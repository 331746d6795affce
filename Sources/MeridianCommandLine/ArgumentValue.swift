/// A type an option's or argument's text converts to: numbers, strings,
/// enumerations by their raw values, and parsed values such as a size.
package protocol ArgumentValue: Sendable {
    /// The value the text names, or nil when it names none (a usage error).
    init?(argument: String)

    /// Every value, when there are few (an enumeration's cases): listed in
    /// help and offered by shell completion. Empty for free text.
    static var allValueStrings: [String] { get }

    /// The value as help shows it in "(default: ...)".
    var argumentDescription: String { get }
}

extension ArgumentValue {
    package static var allValueStrings: [String] { [] }
    package var argumentDescription: String { "\(self)" }
}

extension ArgumentValue where Self: RawRepresentable, RawValue == String {
    package init?(argument: String) { self.init(rawValue: argument) }
    package var argumentDescription: String { rawValue }
}

extension ArgumentValue where Self: RawRepresentable, RawValue == String, Self: CaseIterable {
    package static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ArgumentValue {
    package init?(argument: String) { self = argument }
}

extension Int: ArgumentValue {
    package init?(argument: String) { self.init(argument) }
}

extension Double: ArgumentValue {
    package init?(argument: String) { self.init(argument) }

    /// `24` for a whole number, else Swift's shortest round-trip digits.
    package var argumentDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
