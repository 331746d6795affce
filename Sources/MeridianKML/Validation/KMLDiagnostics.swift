import MeridianCore

/// The codes the KML reader (KML, GPX and TCX) and validator report.
public enum KMLDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        kml.xml.syntax | error | The XML is not well formed.
        kml.xml.recovered | warning | The XML was not well formed and was read in libxml2's recovery mode, as Google Earth opens it (an error for validate).
        kml.xml.entity | error | The document declares its own XML entities (how billion-laughs attacks work): refused.
        kml.document.not-kml | error | The root element is not KML, GPX or TCX (or is kml in another namespace).
        kml.coordinates.malformed | warning | A coordinate tuple that is not two or three numbers, or a geometry left without coordinates.
        kml.style.unresolved | warning | A styleUrl that names no style in the document.
        kml.element.unknown | warning | An element KML 2.2 does not define (validate only); it is ignored.
        kmz.kml.missing | error | A KMZ holds no .kml file.
        gpx.point.invalid | warning | A GPX waypoint or track point, or a TCX trackpoint, without numeric coordinates; skipped.
        gpx.point.out-of-range | error | A GPX or TCX point off the globe (latitude past ±90 or longitude past ±180): skipped when reading, an error for validate.
        gpx.extensions.too-many | warning | A GPX line whose points carry more kinds of extension value than a line keeps series of (64); the others are left out.
        gpx.line.too-short | warning | A GPX route or track segment, or a TCX track, with fewer than two usable points; left out.
        """#)
}
