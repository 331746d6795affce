/// A word of folded text, and the part of the original text it came from.
///
/// ```swift
/// Words.of("Café Nero, 東京駅").map(\.text)    // ["cafe", "nero", "東京駅"]
/// ```
///
/// Words are runs of letters and digits; a run in a script written without
/// spaces (Han, kana, Thai...) is one word marked ``isUnspaced``, matched
/// anywhere inside rather than at its start.
public struct Word: Sendable, Hashable {
    /// The folded text (``TextFolding``).
    public var text: String
    /// Where the word is in the original text, in UTF-16 offsets.
    public var range: Range<Int>
    /// True for a run of a script written without spaces.
    public var isUnspaced: Bool
}

public enum Words {
    /// The words of `text`, in order.
    public static func of(_ text: String) -> [Word] {
        let (scalars, origins) = TextFolding.foldWithOrigins(text)
        return ranges(scalars).map { range, unspaced in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return Word(
                text: String(view), range: origins[range.lowerBound]..<originalEnd(origins, range.upperBound),
                isUnspaced: unspaced)
        }
    }

    /// Where the words of folded text are among its scalars, and whether
    /// each is of a script written without spaces.
    static func ranges(_ scalars: [Unicode.Scalar]) -> [(range: Range<Int>, unspaced: Bool)] {
        var words: [(range: Range<Int>, unspaced: Bool)] = []
        var start = -1
        var unspaced = false
        for (index, scalar) in scalars.enumerated() {
            let kind = classify(scalar)
            if kind == 0 {
                if start >= 0 { words.append((start..<index, unspaced)) }
                start = -1
            } else if start < 0 {
                start = index
                unspaced = kind == 2
            } else if (kind == 2) != unspaced {
                words.append((start..<index, unspaced))
                start = index
                unspaced = kind == 2
            }
        }
        if start >= 0 { words.append((start..<scalars.count, unspaced)) }
        return words
    }

    /// The UTF-16 end in the original text of folded scalars ending before
    /// `end`: past every scalar that folded into the last one.
    static func originalEnd(_ origins: [Int], _ end: Int) -> Int {
        guard end > 0 else { return origins[0] }
        let last = origins[end - 1]
        var k = end
        while k < origins.count - 1, origins[k] == last { k += 1 }
        return origins[k]
    }

    /// 0: not part of a word; 1: a letter or digit of a spaced script;
    /// 2: of a script written without spaces.
    @inline(__always)
    static func classify(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x80 {
            return (value &- 0x61 < 26 || value &- 0x30 < 10) ? 1 : 0
        }
        if isUnspaced(value) { return 2 }
        let properties = scalar.properties
        if properties.isAlphabetic { return 1 }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark: return 1
        default: return 0
        }
    }

    /// Han, kana, Thai, Lao, Khmer, Myanmar and Tibetan: scripts written
    /// without spaces between words.
    static func isUnspaced(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E00...0x0EFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF, 0x31F0...0x31FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }
}

extension Words {
    /// Calls `body` with the folded UTF-8 bytes of each word of `text`
    /// (the words ``of(_:)`` gives, without building strings: what an index
    /// is built from) and whether the word is of a script written without
    /// spaces; `scalarStarts` holds the byte offset of each scalar of such a word.
    static func forEach(
        in text: String, buffer: inout [UInt8], scalarStarts: inout [Int],
        _ body: (_ word: UnsafeBufferPointer<UInt8>, _ unspaced: Bool, _ scalarStarts: [Int]) -> Void
    ) {
        buffer.removeAll(keepingCapacity: true)
        scalarStarts.removeAll(keepingCapacity: true)
        var kindOfWord = 0
        func close() {
            if !buffer.isEmpty {
                buffer.withUnsafeBufferPointer { body($0, kindOfWord == 2, scalarStarts) }
                buffer.removeAll(keepingCapacity: true)
                scalarStarts.removeAll(keepingCapacity: true)
            }
            kindOfWord = 0
        }
        func take(_ value: UInt32, kind: Int) {
            if kind == 0 { return close() }
            if kindOfWord != 0, kind != kindOfWord { close() }
            kindOfWord = kind
            if kind == 2 { scalarStarts.append(buffer.count) }
            TextFolding.appendUTF8(value, to: &buffer)
        }
        // ASCII text (most of it) is cut byte by byte.
        let ascii: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            for byte in bytes {
                if byte &- 0x61 < 26 || byte &- 0x30 < 10 {
                    kindOfWord = 1
                    buffer.append(byte)
                } else if byte &- 0x41 < 26 {
                    kindOfWord = 1
                    buffer.append(byte + 0x20)
                } else {
                    close()
                }
            }
            close()
            return true
        }
        if ascii == true { return }
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                if byte &- 0x61 < 26 || byte &- 0x30 < 10 {
                    if kindOfWord == 2 { close() }
                    kindOfWord = 1
                    buffer.append(byte)
                } else if byte &- 0x41 < 26 {
                    if kindOfWord == 2 { close() }
                    kindOfWord = 1
                    buffer.append(byte + 0x20)
                } else {
                    close()
                }
                continue
            }
            if value < 0x10000 {
                let entry = TextFolding.bmp[Int(value)]
                if entry & TextFolding.multiple == 0 {
                    take(entry, kind: classify(Unicode.Scalar(entry)!))
                    continue
                }
            }
            folded.removeAll()
            TextFolding.append(scalar, to: &folded)
            for one in folded { take(one.value, kind: classify(one)) }
        }
        close()
    }
}
