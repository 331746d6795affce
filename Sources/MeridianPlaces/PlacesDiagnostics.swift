import MeridianCore

/// The codes of the places side: search, completion, geocoding, lookup.
public enum PlacesDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        places.category.unknown | error | A category filter names something that is not one of MapKit's point-of-interest categories.
        places.name.missing | warning | Features with neither a name nor an address are not places; they are left out of search.
        places.id.unresolved | warning | An id given to lookup matches no place and no alternate id.
        places.index.corrupted | error | A place index that is damaged, or a file that is not a place index.
        places.index.truncated | error | A place index shorter than it was written: cut off while copying or writing.
        places.index.version | error | A place index written in a format version this Meridian does not read.
        places.index.too-large | error | More places, words, names or ids than one place index holds (about 500 million places, 4 GiB of text).
        places.index.stale | warning | A file a place index was built from has changed or gone since; answers come from the old data.
        places.query.invalid | error | A coordinate or region that is not a number or out of range, or a query too long to search.
        """#)
}
