import MeridianCore
import MeridianJSON

/// A Parquet value as a property: its physical value read by its logical
/// type.
enum ParquetValueText {
    static func json(_ values: ParquetValues, at index: Int, element: SchemaElement) -> JSONValue {
        switch values {
        case .booleans(let array): return .bool(array[index])
        case .int32s(let array): return integer(Int64(array[index]), bits: 32, meaning: element.meaning)
        case .int64s(let array): return integer(array[index], bits: 64, meaning: element.meaning)
        case .int96s(let array):
            // Nanoseconds of the day, then the Julian day number.
            let base = index * 12
            var nanoseconds: UInt64 = 0
            for i in 0..<8 { nanoseconds |= UInt64(array[base + i]) << UInt64(8 * i) }
            var julian: UInt32 = 0
            for i in 0..<4 { julian |= UInt32(array[base + 8 + i]) << UInt32(8 * i) }
            let days = Int64(julian) - 2_440_588
            return .string(
                timestamp(
                    seconds: days * 86_400 + Int64(nanoseconds / 1_000_000_000),
                    fraction: Int64(nanoseconds % 1_000_000_000), digits: 9, utc: false))
        case .floats(let array): return finite(Double(array[index]))
        case .doubles(let array): return finite(array[index])
        case .bytes(let arrays):
            return arrays.data.withUnsafeBytes { raw in
                bytes(UnsafeRawBufferPointer(rebasing: raw[arrays.range(index)]), element: element)
            }
        }
    }

    /// The value packed straight into a feature's properties: booleans,
    /// plain numbers and text without making a ``JSONValue``.
    static func append(
        _ values: ParquetValues, at index: Int, element: SchemaElement, to packer: PackedJSONValues.Writer
    ) {
        switch (values, element.meaning) {
        case (.booleans(let array), _): packer.append(bool: array[index])
        case (.int64s(let array), .none), (.int64s(let array), .integer(_, true)):
            packer.append(integer: array[index])
        case (.int32s(let array), .none), (.int32s(let array), .integer(_, true)):
            packer.append(integer: Int64(array[index]))
        case (.doubles(let array), _):
            if array[index].isFinite { packer.append(double: array[index]) } else { packer.appendNull() }
        case (.bytes(let arrays), .string), (.bytes(let arrays), .enumeration):
            arrays.data.withUnsafeBytes { raw in
                let text = UnsafeRawBufferPointer(rebasing: raw[arrays.range(index)]).assumingMemoryBound(
                    to: UInt8.self)
                // ASCII is valid as it is; other text is checked (and
                // repaired) as a String.
                if text.allSatisfy({ $0 < 0x80 }) {
                    packer.append(utf8: text)
                } else {
                    packer.append(string: String(decoding: text, as: UTF8.self))
                }
            }
        default:
            packer.append(json(values, at: index, element: element))
        }
    }

    private static func finite(_ value: Double) -> JSONValue { value.isFinite ? .double(value) : .null }

    private static func integer(_ value: Int64, bits: Int, meaning: ParquetMeaning) -> JSONValue {
        switch meaning {
        case .integer(let width, false):
            let unsigned =
                width == 64 || bits == 64 ? UInt64(bitPattern: value) : UInt64(UInt32(truncatingIfNeeded: value))
            return Int64(exactly: unsigned).map(JSONValue.integer) ?? .double(Double(unsigned))
        case .date: return .string(date(days: value))
        case .time(let units):
            let seconds = value / units
            let text = clock(seconds) + fraction(value % units, units: units)
            return .string(text)
        case .timestamp(let units, let utc):
            let (seconds, rest) = value.quotientAndRemainder(dividingBy: units)
            let digits = units == 1_000 ? 3 : units == 1_000_000 ? 6 : 9
            return .string(
                timestamp(
                    seconds: rest < 0 ? seconds - 1 : seconds, fraction: rest < 0 ? rest + units : rest,
                    digits: digits, utc: utc))
        case .decimal(let scale, _): return .double(Double(value) / pow10(scale))
        default: return .integer(value)
        }
    }

    private static func bytes(_ raw: UnsafeRawBufferPointer, element: SchemaElement) -> JSONValue {
        switch element.meaning {
        case .string, .enumeration:
            return .string(String(decoding: raw, as: UTF8.self))
        case .json:
            return (try? JSONValue(parsing: raw)) ?? .string(String(decoding: raw, as: UTF8.self))
        case .decimal(let scale, _):
            return .double(signedDecimal(raw) / pow10(scale))
        case .uuid where raw.count == 16:
            let hex = raw.map { byte in
                let digits = Array("0123456789abcdef".utf8)
                return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
            }
            return .string(
                [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(
                    separator: "-"))
        default:
            return .string(String(base64Encoding: raw))
        }
    }

    /// A big-endian two's complement integer, as a double.
    private static func signedDecimal(_ raw: UnsafeRawBufferPointer) -> Double {
        guard let first = raw.first else { return 0 }
        let negative = first & 0x80 != 0
        var value = 0.0
        for byte in raw { value = value * 256 + Double(negative ? ~byte : byte) }
        return negative ? -(value + 1) : value
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, min(exponent, 400)) { result *= 10 }
        return result
    }

    /// Year, month and day of a day counted from 1970-01-01 (Howard
    /// Hinnant's civil-from-days).
    static func date(days: Int64) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func clock(_ seconds: Int64) -> String {
        padded(seconds / 3_600 % 24, 2) + ":" + padded(seconds / 60 % 60, 2) + ":" + padded(seconds % 60, 2)
    }

    private static func fraction(_ value: Int64, units: Int64) -> String {
        guard value != 0 else { return "" }
        let digits = units == 1_000 ? 3 : units == 1_000_000 ? 6 : 9
        return "." + padded(value, digits)
    }

    private static func timestamp(seconds: Int64, fraction part: Int64, digits: Int, utc: Bool) -> String {
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = rest < 0 ? days - 1 : days
        let second = rest < 0 ? rest + 86_400 : rest
        let units: Int64 = digits == 3 ? 1_000 : digits == 6 ? 1_000_000 : 1_000_000_000
        return date(days: day) + "T" + clock(second) + fraction(part, units: units) + (utc ? "Z" : "")
    }
}
