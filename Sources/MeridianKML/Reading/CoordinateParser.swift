import MeridianCore

/// Reads the text of a KML `<coordinates>` element: `lon,lat[,alt]` tuples
/// separated by whitespace (OGC 07-147r2, 16.9.1), plus the forms real files
/// use.
///
/// ```swift
/// let parsed = CoordinateParser.parse(Array("1,2,0 3,4,0".utf8))
/// parsed.coordinates.count     // 2
/// ```
///
/// Rules, from ../shared/docs/kml.md and Google Earth's behaviour:
/// - Tuples are separated by whitespace (spaces, tabs, newlines); whitespace
///   next to a comma does not separate (`1, 2, 3` is one tuple).
/// - A comma-only run of six or more numbers (`a,b,c,d,e,f`) is read as
///   triples, as Google Earth and libkml do (pairs when the count is even
///   but not a multiple of three).
/// - A 4th value is dropped; a tuple with fewer than 2 numbers, and any
///   token that is not a number, is skipped and reported.
///
/// Cost: one pass over the bytes, no String built; numbers with at most 15
/// or 16 significant digits and small exponents take an exact fast path
/// (Clinger's), others go through `strtod`.
enum CoordinateParser {
    struct Result {
        var coordinates: [Coordinate] = []
        /// Messages about what was skipped, for `kml.coordinates.malformed`.
        var problems: [String] = []
    }

    static func parse(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result {
        var result = Result()
        result.coordinates.reserveCapacity(buffer.count / 24 + 1)
        var run: [Double] = []
        run.reserveCapacity(3)
        var runHasGarbage = false
        var pendingComma = false
        var index = 0
        let count = buffer.count

        func finishRun() {
            defer {
                run.removeAll(keepingCapacity: true)
                runHasGarbage = false
            }
            if runHasGarbage {
                result.problems.append("a coordinate tuple holds something that is not a number")
            }
            let n = run.count
            if n == 0 { return }
            if n < 2 {
                result.problems.append("a coordinate tuple has \(n) number; it needs a longitude and a latitude")
                return
            }
            if n <= 4 {
                result.coordinates.append(
                    Coordinate(latitude: run[1], longitude: run[0], altitude: n >= 3 ? run[2] : nil))
                return
            }
            // A comma-only run of several tuples.
            let size = n % 3 == 0 ? 3 : (n % 2 == 0 ? 2 : 3)
            if n % size != 0 {
                result.problems.append(
                    "a comma-separated run of \(n) numbers is not a whole number of tuples; the last \(n % size) were skipped"
                )
            }
            var start = 0
            while start + size <= n {
                result.coordinates.append(
                    Coordinate(
                        latitude: run[start + 1], longitude: run[start], altitude: size == 3 ? run[start + 2] : nil))
                start += size
            }
        }

        while index < count {
            let byte = buffer[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                index += 1
                continue
            }
            if byte == 0x2C {
                pendingComma = true
                index += 1
                continue
            }
            // A token runs to the next whitespace or comma.
            var end = index
            while end < count {
                let b = buffer[end]
                if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x2C { break }
                end += 1
            }
            if !run.isEmpty && !pendingComma { finishRun() }
            if runHasGarbage && run.isEmpty && !pendingComma { finishRun() }
            if let value = parseNumber(buffer, from: index, to: end) {
                run.append(value)
            } else {
                runHasGarbage = true
            }
            pendingComma = false
            index = end
        }
        finishRun()
        return result
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// A decimal number in `buffer[from..<to]`, or nil. Exact: the fast
    /// path only runs when the mantissa fits in 53 bits and the power of
    /// ten is exactly representable (|e| <= 22), where one IEEE operation
    /// rounds correctly; anything else is handed to `Double(_:)`.
    static func parseNumber(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var index = start
        guard index < end else { return nil }
        var negative = false
        if buffer[index] == 0x2D || buffer[index] == 0x2B {
            negative = buffer[index] == 0x2D
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var sawDigit = false
        while index < end, buffer[index] &- 0x30 < 10 {
            sawDigit = true
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(buffer[index] &- 0x30)
                if mantissa != 0 { digits += 1 }
            } else {
                exponent += 1
            }
            index += 1
        }
        if index < end, buffer[index] == 0x2E {
            index += 1
            while index < end, buffer[index] &- 0x30 < 10 {
                sawDigit = true
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(buffer[index] &- 0x30)
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                }
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < end, buffer[index] == 0x65 || buffer[index] == 0x45 {
            index += 1
            var exponentNegative = false
            if index < end, buffer[index] == 0x2D || buffer[index] == 0x2B {
                exponentNegative = buffer[index] == 0x2D
                index += 1
            }
            var value = 0
            var sawExponentDigit = false
            while index < end, buffer[index] &- 0x30 < 10 {
                sawExponentDigit = true
                if value < 100_000 { value = value * 10 + Int(buffer[index] &- 0x30) }
                index += 1
            }
            guard sawExponentDigit else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard index == end else { return nil }
        if digits < 19, mantissa <= (1 << 53), exponent >= -22, exponent <= 22 {
            let magnitude = Double(mantissa)
            let value = exponent < 0 ? magnitude / powersOfTen[-exponent] : magnitude * powersOfTen[exponent]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
