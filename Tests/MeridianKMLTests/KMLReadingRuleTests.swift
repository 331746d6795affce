import Foundation
import MeridianCore
import Testing

@testable import MeridianKML

/// One test per reading rule of ../shared/docs/kml.md, on small hand-written documents.
@Suite struct KMLReadingRuleTests {
    func read(_ body: String, root: String = #"<kml xmlns="http://www.opengis.net/kml/2.2">"#) throws -> KMLDocument {
        try KMLDocument(bytes: Array((root + body + "</kml>").utf8), fileName: "test.kml")
    }

    func point(_ x: Double, _ y: Double, _ z: Double? = nil) -> Coordinate {
        Coordinate(latitude: y, longitude: x, altitude: z)
    }

    @Test(arguments: [
        #"<kml>"#, #"<kml xmlns="http://earth.google.com/kml/2.0">"#, #"<kml xmlns="http://earth.google.com/kml/2.1">"#,
        #"<kml xmlns="http://earth.google.com/kml/2.2">"#, #"<kml xmlns="http://www.opengis.net/kml/2.2">"#,
        #"<kml:kml xmlns:kml="http://www.opengis.net/kml/2.2">"#,
    ])
    func everyKMLNamespaceIsRead(_ root: String) throws {
        let prefix = root.hasPrefix("<kml:") ? "kml:" : ""
        let body =
            "<\(prefix)Placemark><\(prefix)Point><\(prefix)coordinates>1,2</\(prefix)coordinates></\(prefix)Point></\(prefix)Placemark>"
        let text = root + body + (prefix.isEmpty ? "</kml>" : "</kml:kml>")
        let features = try KMLDocument(bytes: Array(text.utf8)).features
        #expect(features.map(\.geometry) == [.point(point(1, 2))])
    }

    /// A root named kml in another namespace names that namespace, instead
    /// of the puzzling "the root element is <kml>, not <kml>".
    @Test func kmlRootInAnotherNamespaceIsNamed() {
        let text = #"<kml xmlns="http://example.com/x"><Placemark/></kml>"#
        #expect {
            _ = try KMLDocument(bytes: Array(text.utf8), fileName: "x.kml")
        } throws: { error in
            let diagnostic = (error as? DiagnosticError)?.diagnostic
            return diagnostic?.code == "kml.document.not-kml"
                && diagnostic?.message.contains("in the namespace http://example.com/x") == true
        }
    }

    @Test func undeclaredGxPrefixIsStripped() throws {
        let document = try read(
            "<Placemark><gx:Track><when>t1</when><when>t2</when><gx:coord>1 2 3</gx:coord><gx:coord>4 5 6</gx:coord></gx:Track></Placemark>"
        )
        #expect(document.features[0].geometry == .lineString([point(1, 2, 3), point(4, 5, 6)]))
        #expect(document.features[0].properties["coordinateProperties"] == ["times": ["t1", "t2"]])
    }

    @Test func coordinatesSeparatedByAnyWhitespaceAndSpacesAfterCommas() throws {
        let parsed = CoordinateParser.parse(Array("1,2,3\t4,5,6\n 7, 8, 9\r\n10,11".utf8))
        #expect(parsed.coordinates == [point(1, 2, 3), point(4, 5, 6), point(7, 8, 9), point(10, 11)])
        #expect(parsed.problems.isEmpty)
    }

    @Test func commaOnlyRunIsReadAsTriples() {
        let parsed = CoordinateParser.parse(Array("1,2,3,4,5,6".utf8))
        #expect(parsed.coordinates == [point(1, 2, 3), point(4, 5, 6)])
    }

    @Test func fourthValueIsDropped() {
        #expect(CoordinateParser.parse(Array("1,2,3,4".utf8)).coordinates == [point(1, 2, 3)])
    }

    @Test func tupleWithFewerThanTwoNumbersIsSkippedAndReported() throws {
        let parsed = CoordinateParser.parse(Array("1 2,3 x,y".utf8))
        #expect(parsed.coordinates == [point(2, 3)])
        #expect(parsed.problems.count == 2)
        let document = try read("<Placemark><LineString><coordinates>1,2 3 4,5</coordinates></LineString></Placemark>")
        #expect(document.diagnostics.contains { $0.code == "kml.coordinates.malformed" && $0.location.line == 1 })
    }

    @Test func numbersParseExactly() {
        for text in ["-122.0822035425683", "37.42228990140251", "1e-7", "0.1", "12345678901234567890", "-0"] {
            let bytes = Array(text.utf8)
            let value = bytes.withUnsafeBufferPointer { CoordinateParser.parseNumber($0, from: 0, to: $0.count) }
            #expect(value == Double(text), "\(text)")
        }
    }

    @Test func polygonRingsAreClosedAndHolesKept() throws {
        let document = try read(
            """
            <Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,4</coordinates></LinearRing></outerBoundaryIs>
            <innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
            """)
        guard case .polygon(let rings)? = document.features[0].geometry else {
            Issue.record("not a polygon")
            return
        }
        #expect(rings.count == 2 && rings[0].count == 5 && rings[0].first == rings[0].last)
    }

    @Test func linearRingUnderAPlacemarkIsALine() throws {
        let document = try read(
            "<Placemark><LinearRing><coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing></Placemark>")
        #expect(document.features[0].geometry?.typeName == "LineString")
    }

    @Test func nestedMultiGeometryOfOneTypeIsAMultiGeometryOfThatType() throws {
        let document = try read(
            """
            <Placemark><MultiGeometry><Point><coordinates>1,2</coordinates></Point>
            <MultiGeometry><Point><coordinates>3,4</coordinates></Point></MultiGeometry></MultiGeometry></Placemark>
            <Placemark><MultiGeometry><Point><coordinates>1,2</coordinates></Point>
            <LineString><coordinates>1,2 3,4</coordinates></LineString></MultiGeometry></Placemark>
            """)
        #expect(document.features[0].geometry == .multiPoint([point(1, 2), point(3, 4)]))
        #expect(document.features[1].geometry?.typeName == "GeometryCollection")
    }

    @Test func placemarkWithoutGeometryHasNullGeometry() throws {
        #expect(try read("<Placemark><name>x</name></Placemark>").features[0].geometry == nil)
    }

    @Test func folderAndDocumentNamesBecomeTheFolderPath() throws {
        let document = try read(
            """
            <Document><name>Trips</name><Folder><name>2014</name><Placemark id="a"/></Folder><Placemark id="b"/></Document>
            """)
        #expect(document.features[0].properties["folder"] == ["Trips", "2014"])
        #expect(document.features[1].properties["folder"] == ["Trips"])
        #expect(document.features[0].id == "a")
    }

    @Test func styleMapResolvesThroughItsNormalPair() throws {
        let document = try read(
            """
            <Document><Style id="hi"><LineStyle><color>ff0000ff</color></LineStyle></Style>
            <Style id="lo"><LineStyle><color>7f00ff00</color><width>2</width></LineStyle></Style>
            <StyleMap id="m"><Pair><key>highlight</key><styleUrl>#hi</styleUrl></Pair><Pair><key>normal</key><styleUrl>#lo</styleUrl></Pair></StyleMap>
            <Placemark><styleUrl>#m</styleUrl><Style><LineStyle><width>5</width></LineStyle></Style></Placemark></Document>
            """)
        let properties = document.features[0].properties
        #expect(properties["stroke"] == "#00ff00")
        #expect(properties["stroke-opacity"] == .double(127.0 / 255))
        #expect(properties["stroke-width"] == 5)
    }

    @Test func styleDefinedAfterItsPlacemarkStillResolves() throws {
        let document = try read(
            """
            <Document><Placemark><styleUrl>#late</styleUrl></Placemark>
            <Style id="late"><PolyStyle><color>80ff0000</color></PolyStyle></Style></Document>
            """)
        #expect(document.features[0].properties["fill"] == "#0000ff")
    }

    @Test func unresolvedStyleUrlIsReported() throws {
        let document = try read("<Placemark><styleUrl>#nowhere</styleUrl></Placemark>")
        #expect(document.diagnostics.map(\.code) == ["kml.style.unresolved"])
    }

    @Test func colourIsAabbggrr() {
        let colour = KMLColor("a1ff00ff")!
        #expect(colour.css == "#ff00ff" && colour.opacity == 0.6313725490196078)
        #expect(KMLColor.kml(css: "#ff00ff", opacity: 0.6313725490196078) == "a1ff00ff")
        // Eight bytes but fewer characters (found by fuzzing: it trapped),
        // and markup, are not colours.
        #expect(KMLColor("ffé0000") == nil)
        #expect(KMLColor("\"><svg>") == nil)
        #expect(KMLColor("#0F0")?.css == "#0F0")
    }

    @Test func typedSchemaDataAndBoolZeroIsFalse() throws {
        let document = try read(
            """
            <Document><Schema id="s"><SimpleField name="n" type="int"/><SimpleField name="b" type="bool"/><SimpleField name="f" type="double"/></Schema>
            <Placemark><ExtendedData><SchemaData schemaUrl="#s"><SimpleData name="n">42</SimpleData><SimpleData name="b">0</SimpleData>
            <SimpleData name="f">2.5</SimpleData></SchemaData><Data name="d"><value>text</value></Data></ExtendedData></Placemark></Document>
            """)
        let properties = document.features[0].properties
        #expect(
            properties["n"] == 42 && properties["b"] == false && properties["f"] == 2.5 && properties["d"] == "text")
    }

    @Test func timeStampAndTimeSpan() throws {
        let document = try read(
            """
            <Placemark><TimeSpan><begin>2020</begin><end>2021</end></TimeSpan></Placemark><Placemark><TimeStamp><when>2022</when></TimeStamp></Placemark>
            """)
        #expect(document.features[0].properties["timespan"] == ["begin": "2020", "end": "2021"])
        #expect(document.features[1].properties["timestamp"] == "2022")
    }

    @Test func networkLinkIsRecordedNeverFetched() throws {
        let document = try read("<NetworkLink><Link><href>http://192.0.2.1/never.kml</href></Link></NetworkLink>")
        #expect(document.features[0].properties["href"] == "http://192.0.2.1/never.kml")
        #expect(document.features[0].properties["@geometry-type"] == "networklink")
    }

    @Test func groundOverlayLatLonQuad() throws {
        let document = try read(
            "<GroundOverlay><gx:LatLonQuad><coordinates>0,0 1,0 1,1 0,1</coordinates></gx:LatLonQuad></GroundOverlay>")
        #expect(document.features[0].geometry?.coordinateCount == 5)
    }

    @Test func xmlErrorIsReportedWithLineAndColumnWhenNotRecovering() throws {
        let text = "<kml>\n<Placemark><name>a & b</name></Placemark></kml>"
        #expect {
            _ = try KMLDocument(bytes: Array(text.utf8), options: KMLReadingOptions(recoversFromErrors: false))
        } throws: { error in
            let diagnostic = (error as! DiagnosticError).diagnostic
            return diagnostic.code == "kml.xml.syntax" && diagnostic.location.line == 2
                && diagnostic.location.column != nil
        }
    }

    @Test func duplicatedAttributeIsRecoveredAndReported() throws {
        let text =
            #"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>x</name></Placemark></kml>"#
        let document = try KMLDocument(bytes: Array(text.utf8))
        #expect(document.features.count == 1)
        #expect(document.diagnostics.contains { $0.code == "kml.xml.recovered" })
    }

    @Test func notKMLIsRefused() throws {
        #expect(throws: DiagnosticError.self) { _ = try KMLDocument(bytes: Array("<html><body/></html>".utf8)) }
    }

    @Test func validatorReportsUnknownElementsAndXMLErrors() {
        let problems = KMLValidator.validate(
            bytes: Array("<kml><Placemark><Bogus/><styleUrl>#x</styleUrl></Placemark></kml>".utf8))
        #expect(Set(problems.map(\.code)) == ["kml.element.unknown", "kml.style.unresolved"])
        let broken = KMLValidator.validate(bytes: Array("<kml><Placemark></kml>".utf8))
        #expect(broken.contains { $0.severity == .error && $0.code == "kml.xml.syntax" && $0.location.line != nil })
    }
}
