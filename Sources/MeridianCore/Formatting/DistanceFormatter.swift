/// Turns a distance in metres into text for people, as
/// `MKDistanceFormatter`: "120 m", "1.5 km", "350 ft", "12 miles".
///
/// ```swift
/// var formatter = DistanceFormatter()
/// formatter.string(fromDistance: 1_234)            // "1.2 km"
/// formatter.units = .imperial
/// formatter.unitStyle = .full
/// formatter.string(fromDistance: 1_234)            // "0.8 miles"
/// ```
///
/// The rounding rule: a distance is shown in the small unit (metres, feet
/// or yards) while it rounds to less than 1 km (metric) or is under 0.1
/// mile, 528 ft (imperial), rounded to two significant digits and never finer than a
/// whole unit (7 m, 45 m, 120 m, 990 ft). Above that it is shown in the
/// large unit (kilometres or miles) with one decimal below 10 (1.2 km,
/// 0.3 mi, a trailing ".0" dropped) and whole numbers from 10 up, with
/// thousands separated by commas (12 km, 1,204 mi). Negative distances are
/// formatted by their magnitude; non-finite ones give an empty string.
/// Full unit names use US spelling, as MapKit's en_US output does.
import MeridianLibC

public struct DistanceFormatter: Sendable, Hashable {
    /// The unit system.
    public enum Units: String, Sendable, Hashable, CaseIterable {
        /// Metres and kilometres.
        case metric
        /// Feet and miles.
        case imperial
        /// Yards and miles.
        case imperialWithYards
    }

    /// How unit names are written.
    public enum UnitStyle: String, Sendable, Hashable, CaseIterable {
        /// "m", "km", "ft", "yd", "mi".
        case abbreviated
        /// "meters", "kilometers", "feet", "yards", "miles".
        case full
    }

    public var units: Units
    public var unitStyle: UnitStyle

    public init(units: Units = .metric, unitStyle: UnitStyle = .abbreviated) {
        self.units = units
        self.unitStyle = unitStyle
    }

    static let metersPerFoot = 0.3048
    static let metersPerYard = 0.9144
    static let metersPerMile = 1609.344

    /// The distance as text, by the rule in the type's description.
    public func string(fromDistance meters: Double) -> String {
        guard meters.isFinite else { return "" }
        let distance = abs(meters)
        switch units {
        case .metric:
            let small = Self.roundedSmall(distance)
            if small < 1000 { return compose(small, decimals: 0, unit: .meter) }
            return large(distance / 1000, unit: .kilometer)
        case .imperial, .imperialWithYards:
            let miles = distance / Self.metersPerMile
            if miles >= 0.1 { return large(miles, unit: .mile) }
            if units == .imperial {
                return compose(Self.roundedSmall(distance / Self.metersPerFoot), decimals: 0, unit: .foot)
            }
            return compose(Self.roundedSmall(distance / Self.metersPerYard), decimals: 0, unit: .yard)
        }
    }

    /// Two significant digits, at least whole units.
    static func roundedSmall(_ value: Double) -> Double {
        if value < 100 { return value.rounded() }
        let magnitude = pow(10, floor(log10(value)) - 1)
        return (value / magnitude).rounded() * magnitude
    }

    private func large(_ value: Double, unit: Unit) -> String {
        let tenths = (value * 10).rounded() / 10
        if tenths < 10 {
            return compose(tenths, decimals: tenths == tenths.rounded() ? 0 : 1, unit: unit)
        }
        return compose(value.rounded(), decimals: 0, unit: unit)
    }

    private enum Unit {
        case meter, kilometer, foot, yard, mile
    }

    private func compose(_ value: Double, decimals: Int, unit: Unit) -> String {
        let number = Self.grouped(formatFixed(value, decimals: decimals))
        let one = value == 1
        let name: String
        switch (unit, unitStyle) {
        case (.meter, .abbreviated): name = "m"
        case (.kilometer, .abbreviated): name = "km"
        case (.foot, .abbreviated): name = "ft"
        case (.yard, .abbreviated): name = "yd"
        case (.mile, .abbreviated): name = "mi"
        case (.meter, .full): name = one ? "meter" : "meters"
        case (.kilometer, .full): name = one ? "kilometer" : "kilometers"
        case (.foot, .full): name = one ? "foot" : "feet"
        case (.yard, .full): name = one ? "yard" : "yards"
        case (.mile, .full): name = one ? "mile" : "miles"
        }
        return "\(number) \(name)"
    }

    /// Inserts commas between thousands of the integer part: 12345.6 -> 12,345.6.
    static func grouped(_ number: String) -> String {
        let integer = number.prefix { $0 != "." }
        guard integer.count > 3 else { return number }
        var digits = Array(integer)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits) + number.dropFirst(integer.count)
    }
}
