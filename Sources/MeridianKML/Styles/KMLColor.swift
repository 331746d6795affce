import MeridianCore

/// A KML colour: `aabbggrr` hex (OGC 07-147r2, 16.9), turned into a CSS
/// `#rrggbb` colour plus an opacity, the way simplestyle wants it.
///
/// ```swift
/// let colour = KMLColor("a1ff00ff")!
/// colour.css        // "#ff00ff"
/// colour.opacity    // 0.6313725490196078 (0xa1 / 255)
/// ```
///
/// A leading `#` is ignored. Six or three hex digits (seen in real files)
/// are taken as a CSS colour as written, without an opacity, as togeojson
/// does; any other length, or anything but hex digits, is not a colour.
public struct KMLColor: Sendable, Hashable {
    public var css: String
    public var opacity: Double?

    public init?(_ text: String) {
        var value = Substring(text.trimmedKMLWhitespace)
        if value.first == "#" { value = value.dropFirst() }
        // Hex digits only, so that every character is one byte.
        let hex = Array(value.utf8)
        guard hex.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) }) else { return nil }
        func pair(_ offset: Int) -> String { String(decoding: hex[offset..<offset + 2], as: UTF8.self) }
        switch hex.count {
        case 3, 6:
            css = "#" + String(value)
            opacity = nil
        case 8:
            guard let alpha = UInt8(pair(0), radix: 16) else { return nil }
            css = "#" + pair(6) + pair(4) + pair(2)
            opacity = Double(alpha) / 255
        default:
            return nil
        }
    }

    /// The KML form, `aabbggrr`, of a CSS colour (`#rrggbb` or `#rgb`) and
    /// an opacity (default 1); nil when the colour is not hex.
    public static func kml(css: String, opacity: Double?) -> String? {
        var value = Substring(css)
        if value.first == "#" { value = value.dropFirst() }
        var hex = String(value).lowercased()
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit) else { return nil }
        let alpha = Int(((opacity ?? 1).clamped(to: 0...1) * 255).rounded())
        let aa = String(alpha, radix: 16)
        let chars = Array(hex)
        return (aa.count == 1 ? "0" + aa : aa) + String(chars[4...5]) + String(chars[2...3]) + String(chars[0...1])
    }
}

extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
