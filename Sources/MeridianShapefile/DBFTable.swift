import MeridianCore

/// A dBase table (`.dbf`): its fields, and each record's values as JSON
/// values, the way GDAL types them: C text (trailing blanks trimmed, empty
/// as null), N and F numbers (integers when the field has no decimals),
/// L booleans, D dates (`YYYY-MM-DD`), Visual FoxPro's I, Y, B, O, T and
/// dBase 7's `+`, `@`; memo references (M, G) as their text. The header's
/// counts and lengths are checked against the file: a table that says it
/// has more records than it holds is read to what it holds.
struct DBFTable {
    struct Field {
        var name: String
        var type: UInt8
        var offset: Int
        var length: Int
        var decimals: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let fields: [Field]
    let recordCount: Int
    let recordLength: Int
    let headerLength: Int
    /// The language driver id (byte 29).
    let languageDriver: UInt8
    /// What the header said that was not so.
    private(set) var problems: [Diagnostic] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(DiagnosticError) {
        self.bytes = bytes
        self.file = file
        let reader = LittleEndianReader(bytes)
        guard bytes.count >= 32, let count = reader.uint32(at: 4), let header = reader.uint16(at: 8),
            let length = reader.uint16(at: 10)
        else {
            throw DiagnosticError(
                code: "shp.dbf.invalid", message: "\(file) is shorter than a dBase header (32 bytes)",
                location: SourceLocation(file: file, byteOffset: 0))
        }
        languageDriver = bytes[29]
        guard header >= 33, header <= bytes.count, length >= 1 else {
            throw DiagnosticError(
                code: "shp.dbf.invalid",
                message:
                    "\(file)'s header says it is \(header) bytes with records of \(length), which the file (\(bytes.count) bytes) cannot be",
                location: SourceLocation(file: file, byteOffset: 8))
        }
        var fields: [Field] = []
        var offset = 1  // the deletion flag
        var position = 32
        while position + 32 <= header, bytes[position] != 0x0D {
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[position..<(position + 11)]).prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self).trimmingTrailingBlanks
            let field = Field(
                name: name, type: bytes[position + 11], offset: offset, length: Int(bytes[position + 16]),
                decimals: Int(bytes[position + 17]))
            // Visual FoxPro's hidden _NullFlags field is not data.
            if field.type != UInt8(ascii: "0") { fields.append(field) }
            offset += field.length
            position += 32
        }
        var problems: [Diagnostic] = []
        var recordLength = length
        if offset > length {
            problems.append(
                Diagnostic(
                    severity: .warning, code: "shp.dbf.invalid",
                    message:
                        "\(file)'s fields take \(offset) bytes a record, but its header says records are \(length): fields past the record are read as null",
                    location: SourceLocation(file: file, byteOffset: 10)))
            recordLength = length
        }
        let fits = (bytes.count - header) / recordLength
        var recordCount = count
        if count > fits {
            problems.append(
                Diagnostic(
                    severity: .warning, code: "shp.dbf.truncated",
                    message:
                        "\(file) says it has \(count) records, but holds \(fits): the rest are read without attributes",
                    location: SourceLocation(file: file, byteOffset: 4)))
            recordCount = fits
        }
        self.fields = fields
        self.recordCount = recordCount
        self.recordLength = recordLength
        self.headerLength = header
        self.problems = problems
    }

    /// The bytes of record `index` (its deletion flag first).
    func record(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = headerLength + index * recordLength
        return UnsafeBufferPointer(rebasing: bytes[start..<(start + recordLength)])
    }

    func isDeleted(_ index: Int) -> Bool { record(index)[0] == UInt8(ascii: "*") }

    /// The value of `field` in `record`; `text` decodes a text field's
    /// bytes (nil when they are not valid in the table's encoding).
    func value(
        of field: Field, in record: UnsafeBufferPointer<UInt8>, text: (UnsafeBufferPointer<UInt8>) -> String?
    ) -> JSONValue? {
        guard field.offset + field.length <= record.count else { return .null }
        let raw = UnsafeBufferPointer(rebasing: record[field.offset..<(field.offset + field.length)])
        let reader = LittleEndianReader(raw)
        switch field.type {
        case UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "M"), UInt8(ascii: "G"), UInt8(ascii: "W"):
            let trimmed = raw.trimmingBlanksAndNULs(leading: field.type != UInt8(ascii: "C"))
            guard !trimmed.isEmpty else { return .null }
            return text(trimmed).map(JSONValue.string)
        case UInt8(ascii: "N"), UInt8(ascii: "F"):
            let trimmed = raw.trimmingBlanksAndNULs(leading: true)
            guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == UInt8(ascii: "*") }) else { return .null }
            let number = String(decoding: trimmed, as: UTF8.self)
            if field.type == UInt8(ascii: "N"), field.decimals == 0, field.length < 19, let integer = Int64(number) {
                return .integer(integer)
            }
            guard let double = Double(number), double.isFinite else { return nil }
            return .double(double)
        case UInt8(ascii: "L"):
            switch raw.first {
            case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: "Y"), UInt8(ascii: "y"): return .bool(true)
            case UInt8(ascii: "F"), UInt8(ascii: "f"), UInt8(ascii: "N"), UInt8(ascii: "n"): return .bool(false)
            default: return .null
            }
        case UInt8(ascii: "D"):
            let trimmed = raw.trimmingBlanksAndNULs(leading: true)
            guard trimmed.count == 8, trimmed.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return trimmed.isEmpty || trimmed.allSatisfy({ $0 == 0x30 }) ? .null : nil
            }
            let digits = Array(trimmed)
            if digits.allSatisfy({ $0 == 0x30 }) { return .null }
            return .string(
                String(decoding: digits[0..<4], as: UTF8.self) + "-" + String(decoding: digits[4..<6], as: UTF8.self)
                    + "-" + String(decoding: digits[6..<8], as: UTF8.self))
        case UInt8(ascii: "I"), UInt8(ascii: "+"):
            guard field.length == 4, let value = reader.int32(at: 0) else { return nil }
            // dBase 7 stores + and I with the sign bit flipped, big-endian.
            if field.type == UInt8(ascii: "+") || bytes[0] == 0x04 {
                let stored = UInt32(bigEndian: UInt32(bitPattern: value.littleEndian))
                return .integer(Int64(Int32(bitPattern: stored ^ 0x8000_0000)))
            }
            return .integer(Int64(value))
        case UInt8(ascii: "O"),
            UInt8(ascii: "B") where field.length == 8:
            guard let value = reader.double(at: 0) else { return nil }
            return value.isFinite ? .double(value) : .null
        case UInt8(ascii: "Y"):
            guard field.length == 8, let low = reader.uint32(at: 0), let high = reader.int32(at: 4) else { return nil }
            return .double(Double((Int64(high) << 32) | Int64(low)) / 10_000)
        case UInt8(ascii: "T"), UInt8(ascii: "@"):
            guard field.length == 8, let day = reader.int32(at: 0), let milliseconds = reader.int32(at: 4) else {
                return nil
            }
            guard day != 0 || milliseconds != 0 else { return .null }
            return .string(Self.timestamp(julianDay: Int(day), milliseconds: Int(milliseconds)))
        default:
            let trimmed = raw.trimmingBlanksAndNULs(leading: true)
            guard !trimmed.isEmpty else { return .null }
            return text(trimmed).map(JSONValue.string)
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS` of a Julian day number and milliseconds into it.
    static func timestamp(julianDay: Int, milliseconds: Int) -> String {
        // Fliegel and Van Flandern's conversion to the Gregorian calendar.
        var l = julianDay + 68569
        let n = 4 * l / 146_097
        l -= (146_097 * n + 3) / 4
        let i = 4000 * (l + 1) / 1_461_001
        l = l - 1461 * i / 4 + 31
        let j = 80 * l / 2447
        let day = l - 2447 * j / 80
        l = j / 11
        let month = j + 2 - 12 * l
        let year = 100 * (n - 49) + i + l
        let seconds = max(0, milliseconds) / 1000
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(seconds / 3600))"
            + ":\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes without trailing blanks and NULs (and leading blanks).
    func trimmingBlanksAndNULs(leading: Bool) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = count
        while end > 0, self[end - 1] == 0x20 || self[end - 1] == 0 { end -= 1 }
        if leading { while start < end, self[start] == 0x20 { start += 1 } }
        return UnsafeBufferPointer(rebasing: self[start..<end])
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
