import MeridianCore
import MeridianLibC

/// A colour of a basemap style, as the MapLibre style specification reads
/// CSS colours: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`,
/// `hsl()`, `hsla()` and the CSS colour names.
///
/// ```swift
/// StyleColor(css: "hsla(210, 40%, 50%, 0.5)")?.hex     // "#4d80b3"
/// StyleColor(css: "hsla(210, 40%, 50%, 0.5)")?.alpha   // 0.5
/// ```
///
/// It is written to SVG as `#rrggbb` with the alpha as an opacity (or by
/// its name), never as the text the style gave: a style is a file anyone
/// can write, and an attribute is where markup would be smuggled in.
/// Interpolation is in RGB, as MapLibre's `interpolate`; a named colour
/// has no components here, so between it and another the nearer stop wins.
struct StyleColor: Sendable, Hashable {
    /// 0 to 255.
    var red = 0.0, green = 0.0, blue = 0.0
    /// 0 to 1.
    var alpha = 1.0
    /// A CSS colour name, written as it is.
    var name: String?

    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = min(255, max(0, red))
        self.green = min(255, max(0, green))
        self.blue = min(255, max(0, blue))
        self.alpha = min(1, max(0, alpha))
    }

    init?(css text: String) {
        let trimmed = text.trimmingWhitespace().lowercased()
        if trimmed == "transparent" {
            self.init(red: 0, green: 0, blue: 0, alpha: 0)
            return
        }
        if trimmed.hasPrefix("#") {
            let digits = Array(trimmed.utf8.dropFirst())
            guard [3, 4, 6, 8].contains(digits.count) else { return nil }
            var values: [Double] = []
            if digits.count <= 4 {
                for digit in digits {
                    guard let value = Self.hexValue(digit) else { return nil }
                    values.append(Double(value * 17))
                }
            } else {
                for index in stride(from: 0, to: digits.count, by: 2) {
                    guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else {
                        return nil
                    }
                    values.append(Double(high * 16 + low))
                }
            }
            self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] / 255 : 1)
            return
        }
        if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
            let function = String(trimmed[..<open]).trimmingWhitespace()
            let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            let parts = inner.split(separator: ",").map { String($0).trimmingWhitespace() }
            func number(_ part: String, percentOf scale: Double) -> Double? {
                if part.hasSuffix("%") { return Double(part.dropLast()).map { $0 / 100 * scale } }
                return Double(part)
            }
            switch function {
            case "rgb", "rgba":
                guard parts.count == (function == "rgb" ? 3 : 4),
                    let red = number(parts[0], percentOf: 255), let green = number(parts[1], percentOf: 255),
                    let blue = number(parts[2], percentOf: 255)
                else { return nil }
                let alpha = parts.count == 4 ? number(parts[3], percentOf: 1) : 1
                guard let alpha, [red, green, blue, alpha].allSatisfy(\.isFinite) else { return nil }
                self.init(red: red, green: green, blue: blue, alpha: alpha)
            case "hsl", "hsla":
                guard parts.count == (function == "hsl" ? 3 : 4), let hue = Double(parts[0]),
                    let saturation = number(parts[1], percentOf: 1), let lightness = number(parts[2], percentOf: 1)
                else { return nil }
                let alpha = parts.count == 4 ? number(parts[3], percentOf: 1) : 1
                guard let alpha, [hue, saturation, lightness, alpha].allSatisfy(\.isFinite) else { return nil }
                let (r, g, b) = Self.rgb(hue: hue, saturation: saturation, lightness: lightness)
                self.init(red: r * 255, green: g * 255, blue: b * 255, alpha: alpha)
            default:
                return nil
            }
            return
        }
        guard CSSColor.names.contains(trimmed), trimmed != "none" else { return nil }
        self.init(red: 0, green: 0, blue: 0)
        name = trimmed
    }

    private static func hexValue(_ digit: UInt8) -> Int? {
        switch digit {
        case 0x30...0x39: Int(digit - 0x30)
        case 0x61...0x66: Int(digit - 0x61 + 10)
        default: nil
        }
    }

    /// CSS's HSL to RGB, each 0 to 1.
    private static func rgb(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        let s = min(1, max(0, saturation))
        let l = min(1, max(0, lightness))
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 30
        let a = s * min(l, 1 - l)
        func channel(_ n: Double) -> Double {
            let k = (n + h).truncatingRemainder(dividingBy: 12)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }

    /// `#rrggbb`, or the colour's name.
    var hex: String {
        if let name { return name }
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in [red, green, blue] {
            let value = Int(channel.rounded())
            bytes.append(digits[value / 16])
            bytes.append(digits[value % 16])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The colour `t` of the way from `self` to `other`.
    func interpolated(to other: StyleColor, _ t: Double) -> StyleColor {
        if name != nil || other.name != nil { return t < 0.5 ? self : other }
        return StyleColor(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
}

extension StyleColor {
    /// The colour as CSS text that ``init(css:)`` reads back exactly:
    /// `rgba(r,g,b,a)`, or its name.
    var cssText: String {
        if let name { return name }
        return "rgba(\(red),\(green),\(blue),\(alpha))"
    }
}
