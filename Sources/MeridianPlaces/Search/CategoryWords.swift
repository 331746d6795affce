/// Other words people search for the data's own category words: what an
/// occupant's `bicycle` or `florist` is also called. MapKit's categories
/// have their own search terms (``PointOfInterestCategory/searchTerms``);
/// these cover the open vocabulary of IMDF occupants and OSM `shop` values
/// that MapKit folds into `store`.
enum CategoryWords {
    static let synonyms: [String: [String]] = [
        "bicycle": ["bike", "bikes", "cycle", "cycling", "velo", "fahrrad"],
        "bookstore": ["books", "bookshop", "librairie", "buchhandlung"],
        "books": ["bookshop", "bookstore"],
        "clothing": ["clothes", "fashion", "apparel", "vetements", "kleidung"],
        "clothes": ["clothing", "fashion"],
        "electronics": ["electronic", "computers", "phones", "gadgets"],
        "florist": ["flowers", "flower", "fleuriste", "blumen"],
        "grocery": ["groceries", "supermarket", "food"],
        "jewelry": ["jewellery", "jeweller", "jeweler", "bijouterie", "schmuck"],
        "optician": ["glasses", "optometrist", "opticien", "optiker"],
        "shoes": ["shoe", "footwear", "chaussures", "schuhe"],
        "toys": ["toy", "games", "jouets", "spielzeug"],
        "watches": ["watch", "watch repair", "clocks", "horlogerie", "uhren"],
        "hairdresser": ["hair", "barber", "salon", "coiffeur", "friseur"],
        "mobile_phone": ["phones", "mobile", "cellphone"],
    ]

    /// The word and what else it is called, as one text to index.
    static func expanded(_ word: String) -> String {
        let key = word.lowercased()
        guard let others = synonyms[key] else { return word }
        return ([word] + others).joined(separator: " ")
    }
}
