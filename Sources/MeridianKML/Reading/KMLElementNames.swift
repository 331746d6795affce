/// Every element name of KML 2.2 (OGC 07-147r2) and Google's gx: extension,
/// for reporting unknown elements.
enum KMLElementNames {
    static let known: Set<String> = [
        // KML 2.2 core
        "kml", "NetworkLinkControl", "Document", "Folder", "Placemark", "NetworkLink", "GroundOverlay",
        "ScreenOverlay", "PhotoOverlay", "Style", "StyleMap", "Pair", "key", "styleUrl", "Schema", "SimpleField",
        "displayName", "ExtendedData", "Data", "value", "SchemaData", "SimpleData", "name", "visibility", "open",
        "address", "AddressDetails", "phoneNumber", "Snippet", "description", "snippet", "LookAt", "Camera",
        "TimeStamp", "when", "TimeSpan", "begin", "end", "Region", "LatLonAltBox", "Lod", "minLodPixels",
        "maxLodPixels", "minFadeExtent", "maxFadeExtent", "north", "south", "east", "west", "minAltitude",
        "maxAltitude", "altitudeMode", "Point", "LineString", "LinearRing", "Polygon", "MultiGeometry", "Model",
        "outerBoundaryIs", "innerBoundaryIs", "coordinates", "extrude", "tessellate", "Location", "Orientation",
        "Scale", "Link", "Url", "Icon", "href", "refreshMode", "refreshInterval", "viewRefreshMode",
        "viewRefreshTime", "viewBoundScale", "viewFormat", "httpQuery", "ResourceMap", "Alias", "targetHref",
        "sourceHref", "longitude", "latitude", "altitude", "heading", "tilt", "roll", "range", "x", "y", "z",
        "IconStyle", "LabelStyle", "LineStyle", "PolyStyle", "BalloonStyle", "ListStyle", "color", "colorMode",
        "scale", "hotSpot", "width", "fill", "outline", "bgColor", "textColor", "text", "displayMode",
        "listItemType", "ItemIcon", "state", "maxSnippetLines", "drawOrder", "LatLonBox", "rotation",
        "overlayXY", "screenXY", "rotationXY", "size", "ViewVolume", "leftFov", "rightFov", "bottomFov", "topFov",
        "near", "ImagePyramid", "tileSize", "maxWidth", "maxHeight", "gridOrigin", "shape", "refreshVisibility",
        "flyToView", "minRefreshPeriod", "maxSessionLength", "cookie", "message", "linkName", "linkDescription",
        "linkSnippet", "expires", "Update", "Create", "Delete", "Change", "metadata", "Metadata", "Url",
        // gx: extension (prefix stripped)
        "Track", "MultiTrack", "coord", "angles", "LatLonQuad", "Tour", "Playlist", "FlyTo", "Wait", "AnimatedUpdate",
        "TourControl", "SoundCue", "duration", "flyToMode", "playMode", "delayedStart", "interpolate",
        "SimpleArrayField", "CascadingStyle", "SimpleArrayData", "TimeStamp", "TimeSpan", "ViewerOptions", "option",
        "balloonVisibility",
        "altitudeOffset", "drawOrder", "horizFov", "labelVisibility", "outerColor", "outerWidth", "physicalWidth",
        "x", "y", "w", "h", "altitudeMode", "value",
    ]
}
