import MeridianLibC

/// Text of a `.dbf` in the encoding its `.cpg`, its language driver byte
/// or `--encoding` names, decoded through the C library's iconv (as GDAL
/// decodes it); UTF-8 and ASCII without it.
final class TextEncoding {
    /// The iconv name (`CP1252`, `UTF-8`, `SHIFT_JIS`...).
    let name: String
    private let converter: iconv_t?

    /// Nil when iconv knows no such encoding.
    init?(_ name: String) {
        self.name = name
        if name == "UTF-8" {
            converter = nil
            return
        }
        let made = iconv_open("UTF-8", name)
        guard let made, made != iconv_t(bitPattern: -1) else { return nil }
        converter = made
    }

    deinit { if let converter { iconv_close(converter) } }

    var isUTF8: Bool { converter == nil }

    /// Whether the encoding has one byte a character, so that any bytes
    /// decode (which makes UTF-8 text in it garbled rather than invalid).
    var isSingleByte: Bool {
        !isUTF8
            && !["SHIFT_JIS", "CP932", "GBK", "CP936", "GB18030", "BIG5", "CP950", "EUC-KR", "CP949", "EUC-JP"]
                .contains(name)
    }

    /// The text of `bytes`, or nil when they are not valid in the encoding.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        guard let converter else { return String(validating: bytes, as: UTF8.self) }
        _ = iconv(converter, nil, nil, nil, nil)
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 4)
        var inputLeft = bytes.count
        var outputLeft = output.count
        let ok = output.withUnsafeMutableBufferPointer { out -> Bool in
            var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(
                mutating: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self))
            var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(out.baseAddress!)
                .assumingMemoryBound(to: CChar.self)
            return iconv(converter, &inPointer, &inputLeft, &outPointer, &outputLeft) != -1 && inputLeft == 0
        }
        guard ok else { return nil }
        return String(validating: output[..<(output.count - outputLeft)], as: UTF8.self)
    }

    /// The iconv name of what a `.cpg` says (`UTF-8`, `65001`, `1252`,
    /// `ANSI 1251`, `ISO-8859-1`, `88591`, `SJIS`, `GBK`...).
    static func name(ofCodePage text: String) -> String {
        var word = text.uppercased().filter { !$0.isWhitespace }
        for prefix in ["ANSI", "OEM"] where word.hasPrefix(prefix) { word = String(word.dropFirst(prefix.count)) }
        switch word {
        case "UTF-8", "UTF8", "65001": return "UTF-8"
        case "SJIS", "SHIFT-JIS", "SHIFT_JIS", "932", "CP932": return "CP932"
        case "GBK", "936", "CP936": return "GBK"
        case "BIG5", "950", "CP950": return "BIG5"
        case "949", "CP949", "EUC-KR": return "CP949"
        default: break
        }
        // 88591 is ISO-8859-1 in ESRI's spelling, 885915 ISO-8859-15.
        if word.hasPrefix("8859") {
            return "ISO-8859-" + word.dropFirst(4).drop { $0 == "-" || $0 == "_" }
        }
        if word.allSatisfy(\.isNumber), !word.isEmpty { return "CP" + word }
        return word
    }

    /// The encoding a `.dbf`'s language driver id (byte 29) names, as
    /// ArcGIS and GDAL read them; nil for none (0) or one unknown.
    static func name(ofLanguageDriver id: UInt8) -> String? {
        languageDrivers[id]
    }

    private static let languageDrivers: [UInt8: String] = [
        0x01: "CP437", 0x02: "CP850", 0x03: "CP1252", 0x08: "CP865", 0x09: "CP437", 0x0A: "CP850", 0x0B: "CP437",
        0x0D: "CP437", 0x0E: "CP850", 0x0F: "CP437", 0x10: "CP850", 0x11: "CP437", 0x12: "CP850", 0x13: "CP932",
        0x14: "CP850", 0x15: "CP437", 0x16: "CP850", 0x17: "CP865", 0x18: "CP437", 0x19: "CP437", 0x1A: "CP850",
        0x1B: "CP437", 0x1C: "CP863", 0x1D: "CP850", 0x1F: "CP852", 0x22: "CP852", 0x23: "CP852", 0x24: "CP860",
        0x25: "CP850", 0x26: "CP866", 0x37: "CP850", 0x40: "CP852", 0x4D: "GBK", 0x4E: "CP949", 0x4F: "BIG5",
        0x50: "CP874", 0x57: "CP1252", 0x58: "CP1252", 0x59: "CP1252", 0x64: "CP852", 0x65: "CP866", 0x66: "CP865",
        0x67: "CP861", 0x6A: "CP737", 0x6B: "CP857", 0x78: "BIG5", 0x79: "CP949", 0x7A: "GBK", 0x7B: "CP932",
        0x7C: "CP874", 0x7D: "CP1255", 0x7E: "CP1256", 0x87: "CP852", 0x88: "CP857", 0xC8: "CP1250", 0xC9: "CP1251",
        0xCA: "CP1254", 0xCB: "CP1253", 0xCC: "CP1257",
    ]
}
