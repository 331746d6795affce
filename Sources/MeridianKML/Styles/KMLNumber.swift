import MeridianCore

/// Numbers in KML text, as JSON values: an integer literal stays an
/// integer, anything else that parses is a double.
enum KMLNumber {
    static func json(_ text: String) -> JSONValue? {
        let trimmed = text.trimmedKMLWhitespace
        if let integer = Int64(trimmed) { return .integer(integer) }
        if let double = Double(trimmed), double.isFinite { return .double(double) }
        return nil
    }

    static func json(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 { return .integer(Int64(value)) }
        return .double(value)
    }
}
