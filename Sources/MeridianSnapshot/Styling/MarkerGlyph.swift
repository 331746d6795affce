import MeridianCore

/// The short text drawn inside a balloon marker or a map symbol, from
/// simplestyle's `marker-symbol`.
///
/// ```swift
/// MarkerGlyph.text(symbol: "rail", title: "Cambridge")   // "R"
/// MarkerGlyph.text(symbol: "7", title: nil)              // "7"
/// MarkerGlyph.text(symbol: nil, title: "king's")         // "K": a monogram
/// MarkerGlyph.symbol("toilet")                           // "WC"
/// MarkerGlyph.symbol(nil)                                // "•"
/// ```
///
/// simplestyle's `marker-symbol` names a Maki icon, a number or a letter.
/// Meridian ships no icon font (an SVG that needs one renders differently
/// everywhere), so a one- or two-character symbol is drawn as given, a few
/// Maki names (and Maki-style names of things Maki has no icon for, such
/// as `escalator` or `atm`) have a well-known character that every
/// sans-serif font has, and any other name, like a marker without a
/// symbol, shows a monogram: the first letter, upper-cased, as MapKit's
/// `Marker(monogram:)`.
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

    /// The glyph of a map symbol (`meridian:marker` `symbol`): its
    /// `marker-symbol` as ``text(symbol:title:)`` draws it, or a bullet
    /// when it has none (a symbol is never lettered after its title).
    static func symbol(_ symbol: String?) -> String {
        guard let symbol, !symbol.isEmpty else { return "•" }
        return text(symbol: symbol, title: nil)
    }

    static func monogram(_ text: String) -> String {
        guard let first = text.first(where: { $0.isLetter || $0.isNumber }) else { return "" }
        return String(first).uppercased()
    }

    /// Names whose glyph is not simply their monogram (`elevator` is "E"
    /// without an entry here).
    static let makiCharacters: [String: String] = [
        "star": "★", "circle": "●", "circle-stroked": "○", "square": "■", "square-stroked": "□",
        "triangle": "▲", "triangle-stroked": "△", "cross": "✕", "heart": "♥", "airport": "✈",
        "hospital": "H", "information": "i", "parking": "P", "rail": "R", "bus": "B", "cafe": "C",
        "restaurant": "R", "toilet": "WC", "music": "♪", "religious-christian": "✝",
        "place-of-worship": "✝", "town-hall": "T", "museum": "M", "park": "P", "garden": "G",
        // Maki-style names for what indoor maps mark and Maki has no icon for.
        "atm": "$", "first-aid": "+", "escalator": "Es", "entrance": "→", "exit": "←", "lost-and-found": "?",
    ]
}
