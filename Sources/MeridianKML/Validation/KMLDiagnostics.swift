import MeridianCore

/// The codes the KML reader (KML, GPX and TCX) and validator report.
public enum KMLDiagnostics {
    public static let rules: [DiagnosticRule] = [
        DiagnosticRule("kml.xml.syntax", .error, "The XML is not well formed."),
        DiagnosticRule(
            "kml.xml.recovered", .warning,
            "The XML was not well formed and was read in libxml2's recovery mode, as Google Earth opens it (an error for validate)."
        ),
        DiagnosticRule(
            "kml.xml.entity", .error,
            "The document declares its own XML entities (how billion-laughs attacks work): refused."),
        DiagnosticRule(
            "kml.document.not-kml", .error, "The root element is not KML, GPX or TCX (or is kml in another namespace)."),
        DiagnosticRule(
            "kml.coordinates.malformed", .warning,
            "A coordinate tuple that is not two or three numbers, or a geometry left without coordinates."),
        DiagnosticRule("kml.style.unresolved", .warning, "A styleUrl that names no style in the document."),
        DiagnosticRule(
            "kml.element.unknown", .warning, "An element KML 2.2 does not define (validate only); it is ignored."),
        DiagnosticRule("kmz.kml.missing", .error, "A KMZ holds no .kml file."),
    ]
}
