import MeridianCore

/// Building blocks for writing XML text: escaping and number formatting.
enum XMLText {
    /// Text escaped for element content or a double-quoted attribute.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        return text.escapingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            default: nil
            }
        }
    }

    /// A number in its shortest round-trip form, integers without ".0".
    static func number(_ value: Double, precision: Int? = nil) -> String {
        shortestText(value, places: precision)
    }
}
