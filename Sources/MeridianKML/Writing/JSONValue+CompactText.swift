import MeridianCore

extension JSONValue {
    /// Compact JSON text, for values that KML can only carry as text
    /// (arrays and objects in ExtendedData). MeridianKML depends on Core
    /// only, so it does not borrow the GeoJSON module's writer.
    var compactJSON: [UInt8] {
        var text = ""
        appendJSON(to: &text)
        return Array(text.utf8)
    }

    private func appendJSON(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .double(let value): text += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.appendString(value, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.appendJSON(to: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, (key, value)) in object.members.enumerated() {
                if index > 0 { text += "," }
                Self.appendString(key, to: &text)
                text += ":"
                value.appendJSON(to: &text)
            }
            text += "}"
        }
    }

    private static func appendString(_ value: String, to text: inout String) {
        text += "\""
        text += value.escapingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default:
                scalar.value < 0x20
                    ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                    : nil
            }
        }
        text += "\""
    }
}
