import MeridianCore
import MeridianPlatform

/// RFC 4180 records from a byte stream: fields separated by a delimiter,
/// records by CRLF or LF, fields in double quotes may hold delimiters,
/// line breaks and doubled quotes. Works on bytes, one buffer at a time,
/// so memory is bounded by the longest record.
///
/// ```swift
/// var reader = CSVRecordReader(delimiter: UInt8(ascii: ","), fileName: "stores.csv") { buffer in read(fd, buffer) }
/// while let record = try reader.next() { record.fields; record.line }
/// ```
///
/// Faults: a quote left open at the end is an error (`csv.quote.unclosed`,
/// at the line and column of the opening quote: everything after it would
/// be one field); a quote in the middle of an unquoted field, or text after
/// a closing quote, is kept as text with a `csv.quote.stray` warning. A
/// record longer than `maximumRecordBytes` (by default
/// ``InputLimits/maximumValueBytes``: `csv.record.too-large`)
/// or of more fields than ``InputLimits/maximumColumns``
/// (`csv.columns.too-many`) is an error, so that one line cannot take
/// memory without bound.
public struct CSVRecordReader {
    public struct Record {
        public var fields: [String]
        /// The line where the record starts (1-based).
        public var line: Int
    }

    let delimiter: UInt8
    let fileName: String?
    private let fill: (UnsafeMutableRawBufferPointer) -> Int
    private let maximumRecordBytes: Int
    private var buffer: [UInt8]
    private var position = 0
    /// Bytes dropped from the front of `buffer`, and the offset where the current record starts.
    private var dropped = 0
    private var recordStart = 0
    private var line = 1
    private var atEnd = false
    private(set) var warnings: [Diagnostic] = []

    /// `fill` reads into the buffer it is given and returns the count, 0
    /// at the end, negative on an error. `prefix` is read first.
    public init(
        delimiter: UInt8, fileName: String?, prefix: [UInt8] = [], startLine: Int = 1,
        maximumRecordBytes: Int = InputLimits.maximumValueBytes, fill: @escaping (UnsafeMutableRawBufferPointer) -> Int
    ) {
        self.delimiter = delimiter
        self.maximumRecordBytes = maximumRecordBytes
        self.fileName = fileName
        self.fill = fill
        self.buffer = prefix
        self.line = startLine
    }

    /// Reads more input; false at the end.
    private mutating func refill() throws(DiagnosticError) -> Bool {
        if atEnd { return false }
        if dropped + position - recordStart > maximumRecordBytes {
            throw DiagnosticError(
                code: "csv.record.too-large",
                message: "the record starting here is longer than \(maximumRecordBytes) bytes",
                location: SourceLocation(file: fileName, line: line))
        }
        if position > 0 {
            buffer.removeFirst(position)
            dropped += position
            position = 0
        }
        let chunk = 1 << 16
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let count = buffer.withUnsafeMutableBytes { fill(UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
        buffer.removeLast(chunk - max(count, 0))
        if count < 0 {
            throw DiagnosticError(
                code: "io.read", message: "cannot read \(fileName ?? "the input"): \(Platform.errorMessage())",
                location: SourceLocation(file: fileName, line: line))
        }
        if count == 0 { atEnd = true }
        return count > 0
    }

    /// The byte at `position`, reading more when needed; nil at the end.
    private mutating func peek() throws(DiagnosticError) -> UInt8? {
        while position >= buffer.count {
            if try !refill() { return nil }
        }
        return buffer[position]
    }

    /// The next record, or nil at the end. Blank lines are skipped.
    public mutating func next() throws(DiagnosticError) -> Record? {
        while true {
            guard let first = try peek() else { return nil }
            if first == 0x0A {
                position += 1
                line += 1
                continue
            }
            if first == 0x0D {
                position += 1
                continue
            }
            break
        }
        let startLine = line
        recordStart = dropped + position
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var quoteLine = 0
        var quoteColumn = 0
        var afterQuote = false
        var column = 0  // of the byte being read, 1-based
        func stray(_ message: String) {
            warnings.append(
                Diagnostic(
                    severity: .warning, code: "csv.quote.stray", message: message,
                    location: SourceLocation(file: fileName, line: line, column: column)))
        }
        while true {
            guard let byte = try peek() else {
                if quoted {
                    throw DiagnosticError(
                        code: "csv.quote.unclosed",
                        message:
                            "the quoted field opened here is never closed: the rest of the file would be one field",
                        location: SourceLocation(file: fileName, line: quoteLine, column: quoteColumn))
                }
                fields.append(String(decoding: field, as: UTF8.self))
                return Record(fields: fields, line: startLine)
            }
            if !quoted, byte != delimiter, byte != 0x0A, byte != 0x0D, byte != 0x22 {
                // The usual run of plain bytes: copied in one go, up to the next special byte.
                let delimiter = self.delimiter
                let end = buffer.withUnsafeBufferPointer { bytes in
                    var i = position
                    while i < bytes.count {
                        let b = bytes[i]
                        if b == delimiter || b == 0x0A || b == 0x0D || b == 0x22 { break }
                        i += 1
                    }
                    return i
                }
                if afterQuote {
                    column += 1
                    stray("text after a closing quote is kept as part of the field")
                    afterQuote = false
                    column -= 1
                }
                field.append(contentsOf: buffer[position..<end])
                column += end - position
                position = end
                continue
            }
            column += 1
            position += 1
            if quoted {
                if byte == 0x22 {
                    if try peek() == 0x22 {
                        field.append(0x22)
                        position += 1
                        column += 1
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if byte == 0x0A {
                        line += 1
                        column = 0
                    }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case delimiter:
                guard fields.count + 1 < InputLimits.maximumColumns else {
                    throw DiagnosticError(
                        code: "csv.columns.too-many",
                        message: "the record starting here has more than \(InputLimits.maximumColumns) fields",
                        location: SourceLocation(file: fileName, line: startLine))
                }
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                afterQuote = false
            case 0x0A, 0x0D:
                if byte == 0x0D, try peek() == 0x0A { position += 1 }
                line += 1
                fields.append(String(decoding: field, as: UTF8.self))
                return Record(fields: fields, line: startLine)
            case 0x22 where field.isEmpty && !afterQuote:
                quoted = true
                quoteLine = line
                quoteColumn = column
            default:
                if byte == 0x22 {
                    stray(
                        "a quote inside an unquoted field is kept as text (RFC 4180 wants the field quoted and the quote doubled)"
                    )
                } else if afterQuote {
                    stray("text after a closing quote is kept as part of the field")
                    afterQuote = false
                }
                field.append(byte)
            }
        }
    }
}
