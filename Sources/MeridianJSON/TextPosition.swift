import MeridianCore

/// Turns byte offsets into 1-based line and column numbers. Only errors
/// and diagnostics need it, so it scans on demand instead of counting lines
/// while parsing.
struct TextPosition {
    /// The line and column (in bytes) of `offset` in `bytes`. A CR LF pair
    /// or a lone CR or LF ends a line.
    package static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, max(1, offset - lineStart + 1))
    }

    package static func location(
        of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String?, jsonPointer: String? = nil,
        lineOffset: Int = 0, byteOffsetBase: Int = 0, firstColumn: Int = 1
    ) -> SourceLocation {
        let (line, column) = lineAndColumn(of: offset, in: bytes)
        return SourceLocation(
            file: file, line: line + lineOffset, column: line == 1 ? column + firstColumn - 1 : column,
            byteOffset: offset + byteOffsetBase,
            jsonPointer: jsonPointer)
    }
}

/// A precomputed table of line starts, for tools that locate many offsets
/// in one document (the validator).
package struct LineTable {
    private var starts: [Int] = [0]

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
    }

    package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
