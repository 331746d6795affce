import MeridianCore
import MeridianGeoJSON

/// Escapes data for the places it lands in an HTML page. Internal to
/// ``PreviewPage``, which writes nothing from data without it.
enum HTMLEscaping {
    /// Text for an element's content or a quoted attribute value: `&`,
    /// `<`, `>`, `"` and `'` as character references; other control
    /// characters (which HTML forbids) dropped, tabs and newlines kept.
    static func text(_ value: String) -> String {
        value.escapingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\t", "\n", "\r": nil
            default:
                scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                    ? "" : nil
            }
        }
    }

    /// JSON that can sit inside `<script type="application/json">`: every
    /// `<`, `>` and `&` is written as a `\u` escape, so neither `</script`
    /// nor `<!--` (which would change how the HTML parser reads the rest
    /// of the script) can appear, whatever the data holds. Those three
    /// characters only occur inside JSON strings, where the escape means
    /// the same character, so `JSON.parse` reads back exactly the value.
    static func scriptJSON(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        let json = value.jsonBytes()
        bytes.reserveCapacity(json.count + 64)
        for byte in json {
            switch byte {
            case UInt8(ascii: "<"): bytes += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): bytes += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): bytes += Array("\\u0026".utf8)
            case 0x0A: continue  // jsonBytes ends with a newline; JSON has no other raw newline
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A colour for a CSS custom property: hex, a name or a functional
    /// notation (`rgb(…)`); anything else (a `;`, a brace, a quote) falls
    /// back, so a theme cannot inject rules into the style sheet.
    static func cssColor(_ value: String, fallback: String) -> String {
        let allowed = Set("#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789(),.% ")
        return !value.isEmpty && value.count < 64 && value.allSatisfy(allowed.contains) ? value : fallback
    }
}
