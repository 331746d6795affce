import MeridianCore
import MeridianJSON

/// A Parquet value as a property: its physical value read by its logical
/// type.
enum ParquetValueText {
    static func json(_ view: LeafView, at index: Int) -> JSONValue {
        switch view.kind {
        case .booleans: return .bool(view.bool(index))
        case .int32s: return integer(Int64(view.int32(index)), bits: 32, meaning: view.meaning)
        case .int64s: return integer(view.int64(index), bits: 64, meaning: view.meaning)
        case .int96s:
            // Nanoseconds of the day, then the Julian day number.
            let raw = view.bytes(index)
            let nanoseconds = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let julian = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            let days = Int64(julian) - 2_440_588
            return .string(
                timestamp(
                    seconds: days * 86_400 + Int64(nanoseconds / 1_000_000_000),
                    fraction: Int64(nanoseconds % 1_000_000_000), digits: 9, utc: false))
        case .floats: return finite(Double(view.float(index)))
        case .doubles: return finite(view.double(index))
        case .bytes: return bytes(view.bytes(index), meaning: view.meaning)
        }
    }

    /// The value packed straight into a feature's properties: booleans,
    /// plain numbers and text without making a ``JSONValue``.
    @inline(__always)
    static func append(_ view: LeafView, at index: Int, to packer: PackedJSONValues.Writer) {
        switch (view.kind, view.meaning) {
        case (.booleans, _): packer.append(bool: view.bool(index))
        case (.int64s, .none), (.int64s, .integer(_, true)): packer.append(integer: view.int64(index))
        case (.int32s, .none), (.int32s, .integer(_, true)): packer.append(integer: Int64(view.int32(index)))
        case (.doubles, _):
            let value = view.double(index)
            if value.isFinite { packer.append(double: value) } else { packer.appendNull() }
        case (.bytes, .string), (.bytes, .enumeration):
            let text = view.bytes(index).assumingMemoryBound(to: UInt8.self)
            // ASCII is valid as it is; other text is checked (and
            // repaired) as a String.
            if text.allSatisfy({ $0 < 0x80 }) {
                packer.append(utf8: text)
            } else {
                packer.append(string: String(decoding: text, as: UTF8.self))
            }
        default:
            packer.append(json(view, at: index))
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

    private static func bytes(_ raw: UnsafeRawBufferPointer, meaning: ParquetMeaning) -> JSONValue {
        switch meaning {
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

    /// Year, month and day of a day counted from 1970-01-01.
    static func date(days: Int64) -> String { CivilDate.text(days: days) }

    private static func padded(_ value: Int64, _ width: Int) -> String { CivilDate.padded(value, width) }

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
