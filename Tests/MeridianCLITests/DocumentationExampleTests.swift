// swift-format-ignore-file
// The snippets below must match the articles line for line: swift format leaves this file alone.
import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// Every Swift snippet of the DocC articles (Sources/*/*.docc), compiled and
/// run here on the bundled samples, with the values their comments promise
/// checked. ``snippetsOfTheArticlesAreCompiledHere()`` fails when an article
/// shows code that is in neither this file nor a sample program.
///
/// The snippets use paths relative to the package root, as a user's program
/// would; `swift test` runs there. Files they write are removed afterwards.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "Samples/cambridge-landmarks.geojson"), "run from the package root"))
struct DocumentationExampleTests {
    static func remove(_ paths: String...) {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    // MARK: MeridianCore: MapMath.md

    @Test func mapMathProjection() throws {
        let cambridge = Coordinate(latitude: 52.2043, longitude: 0.1218)
        let point = MapPoint(cambridge)                      // Web Mercator: 2^28 map points across the world
        let back = point.coordinate                          // the inverse projection
        let metres = metersPerMapPoint(atLatitude: cambridge.latitude)   // 0.091 m per map point here
        #expect(abs(back.latitude - 52.2043) < 1e-9 && abs(back.longitude - 0.1218) < 1e-9)
        #expect(abs(metres - 0.091) < 0.001)
        #expect(MapSize.world.width == 268_435_456)
    }

    @Test func mapMathRegionsAndRects() throws {
        let cambridge = Coordinate(latitude: 52.2043, longitude: 0.1218)
        let region = CoordinateRegion(center: cambridge, latitudinalMeters: 4_000, longitudinalMeters: 4_000)
        let rect = MapRect(region)                           // the same area on the map plane
        let station = MapPoint(Coordinate(latitude: 52.19439, longitude: 0.13759))
        let inside = rect.contains(station)                  // true
        let wider = rect.insetBy(dx: -rect.width / 2, dy: 0) // twice as wide
        let span = CoordinateRegion(wider).span              // about 0.036 by 0.117 degrees
        #expect(inside)
        #expect(abs(span.latitudeDelta - 0.036) < 0.001 && abs(span.longitudeDelta - 0.117) < 0.001)
    }

    @Test func mapMathGeodesics() throws {
        let jfk = Coordinate(latitude: 40.6413, longitude: -73.7781)
        let lhr = Coordinate(latitude: 51.4700, longitude: -0.4543)
        let metres = jfk.distance(to: lhr)                   // 5 554 909 m along the WGS-84 ellipsoid
        let bearing = jfk.initialBearing(to: lhr)            // 51.38 degrees clockwise from north
        let line = Geodesic.wgs84.inverse(from: jfk, to: lhr)   // distance and both bearings at once
        let halfway = jfk.destination(bearing: bearing, distance: metres / 2)
        let path = Geodesic.wgs84.waypoints(from: jfk, to: lhr, maximumSegmentLength: 100_000)   // 57 points
        let flight = GeodesicPolyline([jfk, lhr])            // densified: curves on a Mercator map
        let text = DistanceFormatter().string(fromDistance: metres)   // "5,555 km"
        #expect(abs(metres - 5_554_909) < 1)
        #expect(abs(bearing - 51.38) < 0.01)
        #expect(line.distance == metres && line.finalBearing > bearing)
        #expect(abs(halfway.distance(to: lhr) - metres / 2) < 0.01)
        #expect(path.count == 57)
        #expect(flight.coordinates.count > 500)
        #expect(text == "5,555 km")
    }

    @Test func mapMathCircles() throws {
        let cambridge = Coordinate(latitude: 52.2043, longitude: 0.1218)
        let zone = Circle(center: cambridge, radius: 500)    // metres, as MKCircle
        let chapel = Coordinate(latitude: 52.20473, longitude: 0.11653)
        let covers = zone.contains(chapel)                   // true: 360 m away
        let ring = zone.boundary(vertexCount: 64)            // the geodesic circle, for drawing
        let box = zone.boundingMapRect                       // as MKCircle.boundingMapRect
        #expect(covers)
        #expect(ring.count == 64)
        #expect(box.contains(MapPoint(chapel)))
    }

    @Test func coreFeatureModel() throws {
        var feature = Feature(geometry: .point(Coordinate(latitude: 52.19439, longitude: 0.13759)))
        feature.id = "station"
        feature.properties["name"] = "Cambridge station"
        feature.properties["opened"] = 1845
        let shapes = feature.geometry?.shapes                // [PointAnnotation], MapKit's view of it
        let box = FeatureCollection(features: [feature]).boundingBox
        #expect(shapes?.first is PointAnnotation)
        #expect(box?.west == 0.13759)
        #expect(feature.properties.keys == ["name", "opened"])
    }

    @Test func coreDiagnostics() throws {
        let problem = Diagnostic(
            severity: .error, code: "geojson.ring.unclosed",
            message: "the first and last positions of a linear ring must be the same",
            location: SourceLocation(file: "parks.geojson", line: 12, column: 9, jsonPointer: "/features/3/geometry/coordinates/0"))
        print(problem)   // parks.geojson:12:9: error: the first and last ... [geojson.ring.unclosed] (at /features/3/geometry/coordinates/0)
        #expect(problem.description.hasPrefix("parks.geojson:12:9: error: the first and last positions"))
        #expect(problem.description.hasSuffix("[geojson.ring.unclosed] (at /features/3/geometry/coordinates/0)"))
    }

    // MARK: MeridianGeoJSON: DecodingGeoJSON.md

    @Test func decodingADocument() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/cambridge-landmarks.geojson"))
        let document = try GeoJSONDocument(decoding: data)
        let collection = document.featureCollection
        for feature in collection.features {
            print(feature.id?.description ?? "-", feature.geometry?.typeName ?? "no geometry")
        }
        let title = collection.foreignMembers["name"]       // "Cambridge landmarks": every member is kept
        let opened = collection.features[0].properties["opened"]   // .integer(1515)
        #expect(title == "Cambridge landmarks")
        #expect(opened == .integer(1515))
    }

    @Test func decodingErrorsAreLocated() throws {
        let broken = Array(#"{"type": "Point", "coordinates": [0, ]}"#.utf8)
        do {
            _ = try GeoJSONDocument(decoding: broken, options: JSONReadingOptions(fileName: "broken.geojson"))
        } catch {
            print(error.diagnostic)   // broken.geojson:1:38: error: each element in a position must be a number, found ']' [geojson.position.not-number] (at /coordinates/1)
        }
        let error = try #require(throws: DiagnosticError.self) {
            try GeoJSONDocument(decoding: broken, options: JSONReadingOptions(fileName: "broken.geojson"))
        }
        #expect(error.diagnostic.description.hasPrefix("broken.geojson:1:38: error: each element in a position must be a number"))
        #expect(error.diagnostic.location.jsonPointer == "/coordinates/1")
    }

    @Test func decodingAStream() throws {
        let reader = try GeoJSONFeatureReader(path: "Samples/cambridge-landmarks.geojson")
        var names: [String] = []
        while let feature = try reader.next() {              // one feature in memory at a time
            names.append(feature.properties["name"]?.stringValue ?? "-")
        }
        let layout = reader.layout                           // .featureCollection (or .geoJSONSeq, .ndjson, ...)
        #expect(layout == .featureCollection)
        #expect(names.first == "King's College Chapel")
    }

    @Test func decodingTheMapKitWay() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/cambridge-landmarks.geojson"))
        let objects = try GeoJSONDecoder().decode(data)     // [any GeoJSONObject], as MKGeoJSONDecoder
        for case let feature as GeoJSONFeature in objects {
            let shapes = feature.geometry                    // [any Shape]: PointAnnotation, Polyline, Polygon...
            print(feature.identifier ?? "-", shapes.map { type(of: $0) })
        }
        #expect(objects.count == 6)
    }

    @Test func decodingWithCodable() throws {
        let json = Data(#"{"type": "Feature", "id": 7, "geometry": null, "properties": {"b": 1, "a": 2}}"#.utf8)
        let feature = try JSONDecoder().decode(Feature.self, from: json)
        let id = feature.id                                  // .integer(7): a number stays a number
        let again = try JSONEncoder().encode(feature)        // GeoJSON again
        #expect(id == .integer(7))
        #expect(try JSONDecoder().decode(Feature.self, from: again).id == .integer(7))   // Foundation does not keep key order
    }

    // MARK: MeridianGeoJSON: WritingGeoJSON.md

    @Test func writingGeoJSON() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/cambridge-landmarks.geojson"))
        let collection = try GeoJSONDocument(decoding: data).featureCollection
        let writer = GeoJSONWriter(options: .init(precision: 5))
        let compact = writer.encode(collection)                  // one FeatureCollection, UTF-8 bytes
        let pretty = GeoJSONWriter(options: .init(pretty: true, rewind: true)).encode(collection.features[4])
        var lines: [UInt8] = []
        for feature in collection.features {
            lines += writer.encodeRecord(feature, as: .ndjson)   // or .geoJSONSeq: RS + feature + LF (RFC 8142)
        }
        #expect(try GeoJSONDocument(decoding: compact).featureCollection.features.count == 6)
        #expect(pretty.contains(UInt8(ascii: "\n")))
        #expect(lines.filter { $0 == UInt8(ascii: "\n") }.count == 6)
    }

    @Test func writingAStream() throws {
        let reader = try GeoJSONFeatureReader(path: "Samples/cambridge-landmarks.geojson")
        let writer = GeoJSONWriter()
        var output = writer.collectionHeader()
        var first = true
        while let feature = try reader.next() {
            output += writer.collectionElement(feature, first: first)
            first = false
        }
        output += writer.collectionFooter()
        #expect(try GeoJSONDocument(decoding: output).featureCollection.features.count == 6)
    }

    // MARK: MeridianGeoJSON: ValidatingGeoJSON.md

    @Test func validatingGeoJSON() throws {
        let openRing = #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}"#
        let problems = GeoJSONValidator().validate(Array(openRing.utf8), file: "open.geojson")
        for problem in problems {
            print(problem)   // open.geojson:1:37: error: ... [geojson.ring.unclosed] (at /coordinates/0)
        }
        let isValid = !problems.contains { $0.severity == .error }   // false
        #expect(!isValid)
        #expect(problems.map(\.code) == ["geojson.ring.unclosed"])
        #expect(problems[0].location.jsonPointer == "/coordinates/0")
    }

    @Test func validatingWithOptions() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/cambridge-landmarks.geojson"))
        let validator = GeoJSONValidator(options: .init(precisionWarningDigits: nil))   // no precision warnings
        let warnings = validator.validate(data, file: "cambridge-landmarks.geojson").filter { $0.severity == .warning }
        #expect(warnings.isEmpty)
    }

    // MARK: MeridianKML: ReadingAndWritingKML.md

    @Test func kmlRoundTrip() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/cambridge-landmarks.geojson"))
        let collection = try GeoJSONDocument(decoding: data).featureCollection
        let kml = KMLWriter(options: .init(documentName: "Cambridge")).encode(collection)   // KML 2.2
        let document = try KMLDocument(bytes: kml, fileName: "landmarks.kml")
        let geojson = GeoJSONWriter().encode(document.featureCollection)
        let kmz = try KMLWriter().encodeKMZ(collection)          // a zip with doc.kml inside
        let reader = try KMLFeatureReader(bytes: kmz, fileName: "landmarks.kmz")
        while let feature = try reader.next() {
            print(feature.properties["name"] ?? "-", feature.properties["folder"] ?? "-")
        }
        let warnings = reader.diagnostics                      // malformed coordinates, unresolved styles...
        #expect(document.features.count == 6)
        #expect(!geojson.isEmpty)
        #expect(warnings.isEmpty)
        #expect(reader.kmzEntry == "doc.kml")
    }

    @Test func kmlStylesBecomeSimplestyle() throws {
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
              <Style id="red"><LineStyle><color>ff0000ff</color><width>3</width></LineStyle></Style>
              <Placemark><name>Route</name><styleUrl>#red</styleUrl>
                <LineString><coordinates>0.11,52.20 0.13,52.19</coordinates></LineString></Placemark>
            </Document></kml>
            """
        let route = try KMLDocument(bytes: Array(kml.utf8)).features[0]
        let stroke = route.properties["stroke"]                 // "#ff0000": KML's aabbggrr, as CSS
        let width = route.properties["stroke-width"]            // 3
        #expect(stroke == "#ff0000")
        #expect(width?.doubleValue == 3)
    }

    // MARK: MeridianKML: ValidatingKML.md

    @Test func validatingKML() throws {
        let truncated = Array(#"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates>0,0</coordinates>"#.utf8)
        let problems = KMLValidator.validate(bytes: truncated, fileName: "truncated.kml")
        for problem in problems {
            print(problem)   // truncated.kml:1:...: error: ... [kml.xml.syntax]
        }
        #expect(problems.contains { $0.code == "kml.xml.syntax" && $0.severity == .error })
    }

    // MARK: MeridianIMDF: ReadingAVenue.md

    @Test func readingAVenue() throws {
        let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade.zip")   // a zip or a folder
        let language = archive.manifest?.language                                   // "en-GB"
        let name = archive.venue?.name?.text(for: ["fr"], fallback: language)       // "Galerie Méridien"
        for group in archive.levelGroups.reversed() {                               // highest floor first
            let level = group.preferred
            let contents = archive.contents(ofLevel: level.id)
            print(level.shortName?.text(for: ["en"]) ?? "?", contents.units.count, "units")   // "1 11 units", "G 10 units"
        }
        for occupant in archive.occupants {
            let unit = archive.unit(of: occupant)                                   // occupant -> anchor -> unit
            print(occupant.name?.text(for: ["en"]) ?? "?", "in", unit?.name?.text(for: ["en"]) ?? "?")
        }
        let restrooms = archive.units.filter { $0.category == .restroomFemale || $0.category == .restroomMale }
        #expect(language == "en-GB")
        #expect(name == "Galerie Méridien")
        #expect(restrooms.count == 2)
        #expect(archive.levelGroups.map(\.ordinal) == [0, 1])
    }

    @Test func venueToGeoJSON() throws {
        let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade")
        let everything = FeatureCollection(features: archive.features())             // 80 features, venue first
        let groundFloor = FeatureCollection(features: archive.features(onOrdinal: 0)) // one level and what is on it
        let bytes = GeoJSONWriter().encode(groundFloor)
        #expect(everything.features.count == 80)
        #expect(groundFloor.features.count < everything.features.count)
        #expect(!bytes.isEmpty)
    }

    // MARK: MeridianIMDF: ValidatingAVenue.md

    @Test func validatingAVenue() throws {
        let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade.zip")
        let diagnostics = IMDFValidator().validate(archive)       // decoding's findings, then the cross-feature checks
        let violations = diagnostics.filter { $0.severity == .error }
        for diagnostic in diagnostics {
            print(IMDFRule.label(for: diagnostic.severity), diagnostic.code, diagnostic.message)
        }
        #expect(violations.isEmpty)
    }

    @Test func imdfRulesAndOptions() throws {
        let rule = IMDFRule(code: "imdf.FeatureIdMustBeUnique")   // Apple's rule, under its official name
        let official = rule?.officialName                          // "FeatureIdMustBeUnique"
        let severity = IMDFRule.unitOverlap.severity               // .warning
        var options = IMDFValidator.Options()
        options.overlapTolerance = 0.10                            // metres units may reach into each other
        let lenient = IMDFValidator(options: options)
        let diagnostics = try lenient.validate(path: "Samples/meridian-arcade")
        #expect(official == "FeatureIdMustBeUnique")
        #expect(severity == .warning)
        #expect(diagnostics.isEmpty)
    }

    @Test func validatingABrokenVenueInMemory() throws {
        let manifest = #"{"version": "1.0.0", "language": "en"}"#
        let venue = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "not-a-uuid", "feature_type": "venue", "geometry": null, "properties": {}}]}"#
        let source = IMDFSource(files: ["manifest.json": Array(manifest.utf8), "venue.geojson": Array(venue.utf8)])
        let diagnostics = IMDFValidator().validate(IMDFArchive(source: source))
        let codes = Set(diagnostics.map(\.code))                   // imdf.id.not-uuid, imdf.property.missing, ...
        #expect(codes.contains("imdf.id.not-uuid"))
        #expect(codes.contains("imdf.property.missing"))
    }

    // MARK: MeridianPlaces: SearchingPlaces.md

    @Test func searchingPlaces() throws {
        let (places, _) = try PlaceExtractor.places(fromPaths: ["Samples/meridian-arcade"])
        let index = try PlaceIndex(places)
        let toilets = index.search("where are the toilets on the first floor")
        print(toilets[0].place.name ?? "", toilets[0].place.container(.level)?.ordinal ?? -1)   // "Men's restroom 1"
        let typed = index.completions(for: "cof")
        print(typed[0].title, typed[0].type, typed[0].titleHighlightRanges)                      // "Coffee query [0..<3]"
        print(typed[1].title, typed[1].subtitle)                                                 // "Bean There Ground Floor G · Meridian Arcade"
        let (inside, nearby) = index.reverse(Coordinate(latitude: 52.20537, longitude: 0.12190))
        print(inside.last?.name ?? "", nearby.count)                                             // "Meridian Arcade 5"
        let (found, unresolved) = index.lookup(["31146644-0f9e-4cd3-a7aa-e4a6ac9448a7", "gone"])
        print(found.map(\.name), unresolved)                                                     // [Optional("Bean There")] ["gone"]
        #expect(toilets[0].place.name == "Men's restroom" && toilets[0].place.container(.level)?.ordinal == 1)
        #expect(typed[0].title == "Coffee" && typed[0].type == .query && typed[0].titleHighlightRanges == [0..<3])
        #expect(typed[1].title == "Bean There" && typed[1].subtitle == "Ground Floor G · Meridian Arcade")
        #expect(inside.last?.name == "Meridian Arcade" && nearby.count == 5)
        #expect(found.map(\.name) == ["Bean There"] && unresolved == ["gone"])

        var options = SearchOptions(region: CoordinateRegion(center: Coordinate(latitude: 48.8566, longitude: 2.3522),
                                                             latitudinalMeters: 20_000, longitudinalMeters: 20_000))
        options.regionPriority = .required                 // only inside the region (.default prefers it)
        options.filter = .excluding([.parking])            // MKPointOfInterestFilter
        options.resultTypes = [.pointOfInterest]
        options.languages = ["fr"]                         // names in French where the data has them
        #expect(index.search("coffee", options: options).isEmpty)   // the arcade is in Cambridge

        let address = PlaceAddress(houseNumber: "77", street: "Unter den Linden", locality: "Berlin",
                                   postalCode: "10117", country: "DE")
        print(address.fullAddress(includingRegion: false))       // "Unter den Linden 77, 10117 Berlin"
        print(address.fullAddress(style: .english))              // "77 Unter den Linden, Berlin 10117, Germany"
        print(address.cityWithContext ?? "")                     // "Berlin, Germany"
        #expect(address.fullAddress(includingRegion: false) == "Unter den Linden 77, 10117 Berlin")
        #expect(address.fullAddress(style: .english) == "77 Unter den Linden, Berlin 10117, Germany")
        #expect(address.cityWithContext == "Berlin, Germany")
    }

    // MARK: MeridianSnapshot: DeclaringAMap.md

    @Test func declaringAMap() throws {
        let station = Coordinate(latitude: 52.19418, longitude: 0.13719)
        let market = Coordinate(latitude: 52.20430, longitude: 0.12110)
        let map = Map(position: .automatic) {
            MapPolyline(coordinates: [station, market]).stroke(Gradient(colors: [.green, .red]), lineWidth: 5)
            MapCircle(center: station, radius: 300).foregroundStyle(.blue.opacity(0.2))
            Marker("Station", symbol: "rail", coordinate: station).tint(.blue)
            Annotation("Market", coordinate: market, anchor: .bottom) { .badge("M") }
        }
        .mapStyle(.standard(colorScheme: .dark))
        let snapshot = try map.snapshot(size: Snapshotter.Size(width: 600, height: 400))
        let spot = snapshot.point(for: market)                   // and back: snapshot.coordinate(for: spot)
        let back = snapshot.coordinate(for: spot)
        #expect(abs(back.latitude - market.latitude) < 1e-9)
        #expect(snapshot.svg.contains("<g class=\"gradient\"") && snapshot.svg.contains("data-theme=\"dark\""))
    }

    // MARK: MeridianSnapshot: RenderingAMap.md

    @Test func renderingAMap() throws {
        defer { Self.remove("cambridge.svg") }
        let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/cambridge-landmarks.geojson"))
        let landmarks = try GeoJSONDocument(decoding: data).featureCollection.features
        let station = Coordinate(latitude: 52.19439, longitude: 0.13759)

        var walk = Layer(id: "walk")
        walk.overlays = [.circle(Circle(center: station, radius: 800), properties: JSONObject([("stroke", "#d70015")]))]

        var options = Snapshotter.Options(layers: [Layer(id: "landmarks", features: landmarks), walk])
        options.size = Snapshotter.Size(width: 800, height: 600)
        options.framing = .region(CoordinateRegion(center: station, latitudinalMeters: 4_000, longitudinalMeters: 4_000))
        options.categoryProperty = "kind"
        options.showsLegend = true
        options.title = "Cambridge landmarks"

        let snapshot = try Snapshotter(options: options).snapshot()
        let pin = snapshot.point(for: station)               // SVG points, origin top left: (400, 300)
        let marked = snapshot.appending(markup: "<circle cx=\"\(pin.x)\" cy=\"\(pin.y)\" r=\"6\" fill=\"#0a84ff\"/>")
        try marked.write(toFile: "cambridge.svg")            // atomic: no partial file on failure
        #expect(pin == Snapshot.Point(x: 400, y: 300))
        #expect(marked.svg.contains("id=\"layer-walk\""))
    }

    @Test func framingAndStyleOptions() throws {
        let station = Coordinate(latitude: 52.19439, longitude: 0.13759)
        var options = Snapshotter.Options()
        options.framing = .camera(MapCamera(center: station, distance: 5_000, heading: 30))   // north is 30 degrees left of up
        options.framing = .mapRect(MapRect(CoordinateRegion(center: station, latitudinalMeters: 2_000, longitudinalMeters: 2_000)))
        options.framing = .automatic(padding: 32)           // fit everything drawn (the default, with 24)
        options.theme = .dark
        options.pointFilter = .excluding([.hospital])      // as MKPointOfInterestFilter
        options.markerStyle = .dot
        options.labels = LabelOptions(property: "name", fontSize: 12)
        options.scaleBar = .imperial
        options.compass = .always
        options.styleOverrides = JSONObject([("stroke-width", 3)])
        #expect(options.framing == .automatic(padding: 32))
    }

    // MARK: Meridian: IndoorMaps.md

    @Test func renderingIMDFLevels() throws {
        defer { Self.remove("arcade-0.svg", "arcade-1.svg") }
        let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade")
        for group in archive.levelGroups {
            let level = try IMDFLevelLayer(archive: archive, ordinal: group.ordinal)
            var options = Snapshotter.Options(layers: [level.layer])
            options.size = Snapshotter.Size(width: 600, height: 600)
            let snapshot = try Snapshotter(options: options).snapshot()   // titled with the level's name
            try snapshot.write(toFile: "arcade-\(group.ordinal).svg")
        }
        let restroom = IndoorTheme.light.unitFill(forCategory: "restroom.female")   // the restroom colour of Apple's sample
        #expect(restroom.hasPrefix("#"))
        let ground = try String(contentsOfFile: "arcade-0.svg", encoding: .utf8)
        #expect(ground.contains("Ground Floor"))
    }

    // MARK: Meridian: Decoding.md

    @Test func decodingAnyFormat() throws {
        func features(at path: String) throws(DiagnosticError) -> [Feature] {
            let input = try Input(path: path)                // opened once; the format decided by content
            if input.format == .imdf { return try input.imdfArchive().features() }
            return try FeatureSource(input: input).readAll()   // any other format, streamed
        }
        let landmarks = try features(at: "Samples/cambridge-landmarks.geojson")   // 6 features
        let venue = try features(at: "Samples/meridian-arcade.zip")               // 80 features
        #expect(landmarks.count == 6)
        #expect(venue.count == 80)
    }

    @Test func summarisingAFile() throws {
        let summary = try FileSummary(path: "Samples/cambridge-landmarks.geojson")
        print(summary.text)   // layout, feature and geometry counts, extent, property keys
        #expect(summary.featureCount == 6)
        #expect(summary.layout == "featureCollection")
    }

    // MARK: Meridian: Converting.md

    @Test func convertingFiles() throws {
        defer { Self.remove("landmarks.geojsonseq", "landmarks.kmz", "landmarks.ndjson", "arcade.geojson") }
        let summary = try FeatureConverter.convert(
            input: "Samples/cambridge-landmarks.geojson", output: "landmarks.geojsonseq",
            settings: ConversionSettings(format: OutputFormat(path: "landmarks.geojsonseq"), writing: WritingOptions(precision: 6)))
        print(summary.featureCount)                          // 6, streamed one at a time
        let kmz = try FeatureConverter.convert(input: "Samples/cambridge-landmarks.geojson", output: "landmarks.kmz", settings: ConversionSettings(format: .kmz))
        let back = try FeatureConverter.convert(input: "landmarks.kmz", output: "landmarks.ndjson", settings: ConversionSettings(format: .ndjson))
        print(kmz.featureCount, back.featureCount, back.warnings)   // 6 6 []

        let venue = try IMDFArchive(contentsOf: "Samples/meridian-arcade.zip")
        let output = try OutputDestination(path: "arcade.geojson")
        try output.write(GeoJSONWriter().encode(FeatureCollection(features: venue.features())))
        try output.commit()                                  // the file appears only now, complete
        #expect(summary.featureCount == 6 && back.featureCount == 6 && back.warnings.isEmpty)
        #expect(FileManager.default.fileExists(atPath: "arcade.geojson"))
    }

    // MARK: Meridian: Validating.md

    @Test func validatingAnyFormat() throws {
        var report = DiagnosticReport()
        let landmarks = "Samples/cambridge-landmarks.geojson"
        report.add(file: landmarks, diagnostics: InputValidator().validate(try Input(path: landmarks)).diagnostics)
        report.add(file: "Samples/meridian-arcade", diagnostics: try IMDFValidator().validate(path: "Samples/meridian-arcade"))
        report.add(file: "tour.kml", diagnostics: KMLValidator.validate(bytes: Array("<kml><Document>".utf8), fileName: "tour.kml"))
        print(report.text())                                 // one line per diagnostic, then "1 error, 0 warnings in 3 files"
        let status = report.exitStatus(strict: false)        // 1: an error was found
        let json = report.json()                             // the versioned schema of `meridian validate --format json`
        #expect(report.summary == "1 error, 0 warnings in 3 files")
        #expect(status == 1)
        #expect(json["summary"]?["files"] == 3)
    }

    // MARK: Meridian: Rendering.md

    @Test func renderingAVenueLevel() throws {
        let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade.zip")
        var options = Snapshotter.Options(layers: [try Layer(venue: archive, levelOrdinal: 0)])
        options.size = Snapshotter.Size(width: 600, height: 600)
        let snapshot = try Snapshotter(options: options).snapshot()
        for occupant in archive.occupants {
            guard let unit = archive.unit(of: occupant), let spot = unit.displayPoint else { continue }
            print(occupant.name?.text(for: ["en"]) ?? "?", snapshot.point(for: spot))   // where its label sits
        }
        #expect(snapshot.svg.contains("data-feature-type=\"unit\""))
    }

    /// MeridianOSM's landing page: an extract read through the front door.
    @Test func anExtractIsReadThroughTheFrontDoor() throws {
        let extract = Samples.path("monaco.osm.pbf")
        let reader = try Input(path: extract).reader()
        var ids: [String] = []
        while let feature = try reader.next() {
            ids.append(feature.id?.description ?? "")  // "node/21911886", "way/4097656", "relation/2220206"...
        }
        #expect(ids.count == 7380)
        #expect(ids.first == "node/21911886")
        #expect(ids.contains("relation/2220206"))
    }

    // MARK: The articles show only code compiled here or in a sample

    /// Each ```swift block of every article must appear, line for line
    /// (ignoring indentation), in this file or in a sample program.
    @Test func snippetsOfTheArticlesAreCompiledHere() throws {
        let root = Fixtures.packageRoot
        let manager = FileManager.default
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var compiled: [[String]] = [lines(try String(contentsOf: root.appendingPathComponent("Tests/MeridianCLITests/DocumentationExampleTests.swift"), encoding: .utf8))]
        for sample in try manager.contentsOfDirectory(atPath: root.appendingPathComponent("Samples").path) {
            let main = root.appendingPathComponent("Samples/\(sample)/main.swift")
            if let text = try? String(contentsOf: main, encoding: .utf8) { compiled.append(lines(text)) }
        }
        var articles: [URL] = []
        for module in try manager.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path) {
            let catalog = root.appendingPathComponent("Sources/\(module)/\(module).docc")
            for name in (try? manager.contentsOfDirectory(atPath: catalog.path)) ?? [] where name.hasSuffix(".md") {
                articles.append(catalog.appendingPathComponent(name))
            }
        }
        #expect(articles.count >= 12)
        for article in articles {
            let text = try String(contentsOf: article, encoding: .utf8)
            for block in text.components(separatedBy: "```swift\n").dropFirst() {
                let snippet = lines(block.components(separatedBy: "```")[0])
                let found = compiled.contains { file in
                    file.indices.contains { start in
                        start + snippet.count <= file.count && Array(file[start..<start + snippet.count]) == snippet
                    }
                }
                #expect(found, "\(article.lastPathComponent): this snippet is not compiled anywhere:\n\(snippet.joined(separator: "\n"))")
            }
        }
    }
}
