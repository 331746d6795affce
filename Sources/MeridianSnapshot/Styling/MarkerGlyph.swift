import MeridianCore

/// The short text drawn inside a balloon marker or an amenity symbol.
///
/// ```swift
/// MarkerGlyph.text(symbol: "rail", title: "Cambridge")   // "R"
/// MarkerGlyph.text(symbol: "7", title: nil)              // "7"
/// MarkerGlyph.text(symbol: nil, title: "king's")         // "K": a monogram
/// MarkerGlyph.amenity(category: "restroom.female")       // "WC"
/// ```
///
/// simplestyle's `marker-symbol` names a Maki icon, a number or a letter.
/// Meridian ships no icon font (an SVG that needs one renders differently
/// everywhere), so a one- or two-character symbol is drawn as given, a few
/// Maki names have a well-known character that every sans-serif font has,
/// and any other name, like a marker without a symbol, shows a monogram:
/// the first letter, upper-cased, as MapKit's `Marker(monogram:)`.
enum MarkerGlyph {
    static func text(symbol: String?, title: String?) -> String {
        if let symbol, !symbol.isEmpty {
            if symbol.count <= 2 { return symbol }
            if let known = makiCharacters[symbol] { return known }
            return monogram(symbol)
        }
        if let title, !title.isEmpty { return monogram(title) }
        return ""
    }

    static func monogram(_ text: String) -> String {
        guard let first = text.first(where: { $0.isLetter || $0.isNumber }) else { return "" }
        return String(first).uppercased()
    }

    static let makiCharacters: [String: String] = [
        "star": "★", "circle": "●", "circle-stroked": "○", "square": "■", "square-stroked": "□",
        "triangle": "▲", "triangle-stroked": "△", "cross": "✕", "heart": "♥", "airport": "✈",
        "hospital": "H", "information": "i", "parking": "P", "rail": "R", "bus": "B", "cafe": "C",
        "restaurant": "R", "toilet": "WC", "music": "♪", "religious-christian": "✝",
        "place-of-worship": "✝", "town-hall": "T", "museum": "M", "park": "P", "garden": "G",
    ]

    /// The glyph of an IMDF amenity category (OGC 20-094 amenity categories).
    static func amenity(category: String?) -> String {
        guard let category, !category.isEmpty else { return "•" }
        if category.hasPrefix("restroom") || category == "toilet" { return "WC" }
        return amenityCharacters[category] ?? monogram(category)
    }

    static let amenityCharacters: [String: String] = [
        "information": "i", "atm": "$", "parking": "P", "firstaid": "+", "elevator": "E",
        "escalator": "Es", "stairs": "S", "ramp": "R", "wheelchair": "W", "entrance": "→",
        "exit": "←", "foodservice": "F", "drinkingfountain": "D", "phone": "T",
        "babychanging": "B", "security": "S", "ticketing": "T", "vendingmachine": "V",
        "library": "L", "prayerroom": "P", "lostandfound": "?", "meetingpoint": "M",
        "checkin": "C", "wifi": "W", "smokingarea": "S", "mailbox": "M", "exhibit": "E",
    ]
}
