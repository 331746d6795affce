/// Folds text for matching the way MapKit's search matches it: case-,
/// width- and diacritic-insensitive, so that "cafe" finds "Café", full-width
/// "ｓｔａｒ" finds "Star" and "strasse" finds "Straße".
///
/// ```swift
/// TextFolding.fold("Café ＳＴＡＲ Straße")   // "cafe star strasse"
/// ```
///
/// Each scalar folds on its own, through a table generated from the Unicode
/// Character Database (`Scripts/generate-text-folding.py`): its
/// compatibility decomposition, without combining marks, case-folded, plus
/// the Latin letters whose stroke is not a mark (ø, ł, æ...). ASCII is
/// folded in code. No Foundation or ICU is involved, so the places module
/// loads nothing at start-up and folds the same on every platform.
public enum TextFolding {
    /// The folding of each listed scalar, parsed once from ``table``.
    private static let folds: [UInt32: [Unicode.Scalar]] = {
        var result: [UInt32: [Unicode.Scalar]] = [:]
        result.reserveCapacity(9_000)
        for entry in table.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
            let trimmed = entry.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "="), let key = UInt32(trimmed[..<equals], radix: 16) else {
                continue
            }
            result[key] = trimmed[trimmed.index(after: equals)...].split(separator: " ").compactMap {
                UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
            }
        }
        return result
    }()

    /// For each scalar of the Basic Multilingual Plane that folds to one
    /// scalar (itself included), that scalar; ``multiple`` marks the others
    /// (folded to none or to several), which go through ``folds``. One
    /// array read per scalar, where a dictionary would hash it.
    static let bmp: [UInt32] = {
        var result = (0..<UInt32(0x10000)).map { $0 }
        for value in 0xD800..<0xE000 { result[value] = multiple }
        for (key, folded) in folds where key < 0x10000 {
            result[Int(key)] = folded.count == 1 ? folded[0].value : multiple
        }
        return result
    }()

    /// In ``bmp``: the scalar folds to none or to several.
    static let multiple: UInt32 = 1 << 23

    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return String(result)
    }

    /// The folded form of `text`, its UTF-8 appended to `bytes`.
    static func fold(_ text: String, into bytes: inout [UInt8]) {
        let ascii: Bool? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 >= 0x80 }) else { return false }
            for byte in utf8 { bytes.append(byte &- 0x41 < 26 ? byte + 0x20 : byte) }
            return true
        }
        if ascii == true { return }
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                let byte = UInt8(scalar.value)
                bytes.append(byte &- 0x41 < 26 ? byte + 0x20 : byte)
            } else if scalar.value < 0x10000, bmp[Int(scalar.value)] & multiple == 0 {
                appendUTF8(bmp[Int(scalar.value)], to: &bytes)
            } else {
                folded.removeAll(keepingCapacity: true)
                append(scalar, to: &folded)
                for one in folded { bytes.append(contentsOf: UTF8.encode(one)!) }
            }
        }
    }

    /// The UTF-8 of a scalar's value, appended.
    @inline(__always)
    static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        if value < 0x80 {
            bytes.append(UInt8(value))
        } else if value < 0x800 {
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        } else if value < 0x10000 {
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        } else {
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// The folded form of one scalar, appended.
    @inline(__always)
    static func append(_ scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView) {
        let value = scalar.value
        if value < 0x80 {
            result.append(value &- 0x41 < 26 ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
        } else if let folded = folds[value] {
            result.append(contentsOf: folded)
        } else {
            result.append(scalar)
        }
    }

    /// The folded scalars of `text` and, for each, the UTF-16 offset in
    /// `text` of the scalar it came from; `origins` ends with one more
    /// offset, the length of `text` in UTF-16 (so a folded range maps back
    /// to the original, for highlighting).
    public static func foldWithOrigins(_ text: String) -> (scalars: [Unicode.Scalar], origins: [Int]) {
        var scalars: [Unicode.Scalar] = []
        var origins: [Int] = []
        scalars.reserveCapacity(text.utf8.count)
        origins.reserveCapacity(text.utf8.count + 1)
        var offset = 0
        var one = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                scalars.append(value &- 0x41 < 26 ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
                origins.append(offset)
                offset += 1
                continue
            }
            if value < 0x10000, bmp[Int(value)] & multiple == 0 {
                // A scalar that folds to one scalar: one read of the table.
                scalars.append(Unicode.Scalar(bmp[Int(value)]).unsafelyUnwrapped)
                origins.append(offset)
                offset += 1
                continue
            }
            one.removeAll()
            append(scalar, to: &one)
            for folded in one {
                scalars.append(folded)
                origins.append(offset)
            }
            offset += scalar.utf16.count
        }
        origins.append(offset)
        return (scalars, origins)
    }
}
