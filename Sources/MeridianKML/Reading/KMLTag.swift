/// The element names the decoders look for, interned: each has a fixed id
/// (its raw value) in every ``KMLNameTable``, so matching a name is an
/// integer compare. Case names are the KML local names as written.
enum KMLTag: Int32, CaseIterable {
    // Features and containers
    case kml, Document, Folder, Placemark, GroundOverlay, NetworkLink, PhotoOverlay
    // Shared styles and schemas
    case Style, StyleMap, CascadingStyle, Pair, key, styleUrl, Schema, SimpleField
    // Feature fields
    case name, address, visibility, `open`, phoneNumber, description, refreshVisibility, flyToView
    case ExtendedData, Data, value, SchemaData, SimpleData
    case TimeSpan, begin, end, TimeStamp, when
    case Link, Url, href, refreshMode, refreshInterval, viewRefreshMode, viewRefreshTime, viewBoundScale
    case viewFormat, httpQuery
    case Region, LatLonAltBox, Lod, minLodPixels, maxLodPixels, minFadeExtent, maxFadeExtent
    case north, south, east, west, rotation, LatLonBox, LatLonQuad, Icon
    // Geometries
    case MultiGeometry, MultiTrack, Point, LineString, LinearRing, Polygon, Track, coord, coordinates
    case outerBoundaryIs, innerBoundaryIs
    // Style fields
    case PolyStyle, LineStyle, LabelStyle, IconStyle, color, fill, outline, width, scale, heading, hotSpot
}
