extension PlaceIndex {
    /// The place `text` names: a place with that id (or alternate id), else
    /// the first result of searching for it; nil when nothing matches.
    /// What a route's start or destination given by name or id means.
    public func place(named text: String) -> Place? {
        if let found = lookup([text]).places.first { return found }
        return search(text, options: SearchOptions(limit: 1)).first?.place
    }
}
