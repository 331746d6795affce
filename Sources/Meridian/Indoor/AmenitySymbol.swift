import MeridianCore

/// The `marker-symbol` of an IMDF amenity: a Maki icon name (or a name
/// in Maki's style where Maki has no icon), which the snapshotter draws
/// as a glyph in the amenity's symbol and other map tools understand.
///
/// ```swift
/// AmenitySymbol.name(forCategory: "restroom.female")   // "toilet"  (drawn "WC")
/// AmenitySymbol.name(forCategory: "escalator")         // "escalator"  (drawn "Es")
/// AmenitySymbol.name(forCategory: "reception.desk")    // "reception.desk"  (drawn as the monogram "R")
/// AmenitySymbol.name(forCategory: nil)                 // nil  (drawn as a bullet)
/// ```
///
/// Categories without a name of their own (most of the IMDF 1.0 list, see
/// OGC 20-094 amenity categories) pass through as written: the
/// snapshotter draws any name it has no glyph for as its monogram.
enum AmenitySymbol {
    static func name(forCategory category: String?) -> String? {
        guard let category, !category.isEmpty else { return nil }
        if category.hasPrefix("restroom") || category == "toilet" { return "toilet" }
        if let name = names[category] { return name }
        // One or two characters would be drawn as written: give the monogram instead.
        guard category.count <= 2 else { return category }
        return category.first { $0.isLetter || $0.isNumber }.map { String($0).uppercased() }
    }

    /// IMDF amenity categories (and a few names data uses beside them) and their symbol names.
    static let names: [String: String] = [
        "information": "information", "atm": "atm", "parking": "parking", "firstaid": "first-aid",
        "elevator": "elevator", "escalator": "escalator", "stairs": "stairs", "ramp": "ramp",
        "wheelchair": "wheelchair", "entrance": "entrance", "exit": "exit", "foodservice": "fast-food",
        "drinkingfountain": "drinking-water", "phone": "telephone", "babychanging": "baby-changing",
        "security": "security", "ticketing": "ticket", "vendingmachine": "vending-machine", "library": "library",
        "prayerroom": "prayer-room", "lostandfound": "lost-and-found", "meetingpoint": "meeting-point",
        "checkin": "check-in", "wifi": "wifi", "smokingarea": "smoking", "mailbox": "mailbox", "exhibit": "exhibit",
    ]
}
