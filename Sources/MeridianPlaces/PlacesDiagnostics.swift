import MeridianCore

/// The codes of the places side: search, completion, geocoding, lookup.
public enum PlacesDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        places.category.unknown | error | A category filter names something that is not one of MapKit's point-of-interest categories.
        places.name.missing | warning | Features with neither a name nor an address are not places; they are left out of search.
        places.id.unresolved | warning | An id given to lookup matches no place and no alternate id.
        places.query.invalid | error | A coordinate or region that is not a number or out of range, or a query too long to search.
        """#)
}
