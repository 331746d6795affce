// libFuzzer targets for Meridian's parsers (Scripts/fuzz.sh builds them with
// -sanitize=fuzzer,address and -DFUZZING, one binary per harness). Without
// FUZZING this is the replayer the test suite runs:
//
//   meridian-fuzz HARNESS FILE...
//
// runs the harness over each file and exits non-zero if one fails.
import MeridianArchive
import MeridianCSV
import MeridianCore
import MeridianFlatGeobuf
import MeridianGeoJSON
import MeridianGeoPackage
import MeridianGeoParquet
import MeridianIMDF
import MeridianIO
import MeridianKML
import MeridianLibC
import MeridianOSM
import MeridianTiles
import MeridianPlaces
import MeridianPostGIS
import MeridianRouting
import MeridianShapefile
import MeridianSnapshot
import MeridianTOML
import MeridianTopoJSON

// `--where` expressions live in the umbrella module; the fuzzing build
// compiles their one file (Sources/Meridian/Shaping/FeatureExpression.swift)
// into the harness instead of building every module of the tool.
#if !FUZZING
    import Meridian
#endif

/// What one fuzzed input is fed to. Every input must be handled without a
/// crash, a trap or a hang; a harness returns false when a property that
/// must hold (a round trip) does not.
enum Harness: String, CaseIterable {
    /// JSON reader, GeoJSON decoder, writer and validator.
    case json
    /// KML reader (KML, GPX and TCX elements), KML writer and validator.
    case kml
    /// IMDF decoding and the IMDF validator, over member files given as
    /// sections of one input (see ``IMDFSections``).
    case imdf
    /// The zip guard, and whatever reads the zip after it (KMZ or IMDF).
    case zip
    /// The Apple Maps URL parser.
    case mapsURL = "maps-url"
    /// The TOML reader (meridian.toml, the server's configuration).
    case toml
    /// The place index reader, over the input resealed (its hashes written
    /// anew, as a hostile author can) and then queried.
    case places
    /// The GeoPackage reader (SQLite, the file's own SQL).
    case gpkg
    /// The CSV reader, its WKT read by GEOS.
    case csv
    /// The GPX/TCX reader and the GPX writer.
    case gpx
    /// `--where` expressions, parsed and matched against features.
    case `where`
    /// The shapefile reader, over a .shp, .shx and .dbf given as sections
    /// of one input (see ``exerciseShapefile(_:)``).
    case shp
    /// The FlatGeobuf reader, read in order and through its index.
    case fgb
    /// The TopoJSON reader; what it reads must survive a write and a
    /// second read with the same features.
    case topojson
    /// The GeoParquet reader: its footer, pages, encodings and WKB, read
    /// whole and for a box.
    case parquet
    /// The vector tile readers: the input as a PMTiles archive, and as one
    /// Mapbox Vector Tile (`0/0/0.mvt`).
    case tiles
    /// Basemap styles: read, and when they read, drawn over tiles of
    /// features named as the sample basemap's layers, flat and pitched.
    case styles
    /// PNG output: the input as the SVG of a snapshot, drawn by Meridian's
    /// painter onto a small image (what it does not draw, refused).
    case png
    /// The OpenStreetMap reader, PBF or XML (by content), on one thread:
    /// blocks, string tables, deltas, relations and their assembly.
    case osm
    /// PostGIS: binary COPY rows decoded as features (arriving in chunks
    /// of the sizes the first byte picks), and the input's first line as a
    /// location, parsed and shown without its password.
    case postgis
    /// Prepared networks (`meridian route --prepare`): read, and when they
    /// read, routed through between a few of their nodes and places.
    case routing

    func exercise(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .json: return exerciseJSON(bytes)
        case .kml: return exerciseKML(Array(bytes))
        case .imdf:
            exerciseIMDF(IMDFSource(files: IMDFSections.split(Array(bytes)), path: "fuzz"))
            return true
        case .zip: return exerciseZip(Array(bytes))
        case .mapsURL:
            if let url = MapsURL(string: String(decoding: bytes, as: UTF8.self)) {
                return MapsURL(string: url.string) != nil
            }
            return true
        case .toml:
            _ = try? TOMLTable(parsing: String(decoding: bytes, as: UTF8.self))
            return true
        case .places:
            exercisePlaces(Array(bytes))
            return true
        case .gpkg:
            exerciseGeoPackage(bytes)
            return true
        case .csv:
            if let reader = try? CSVFeatureReader(bytes: Array(bytes), fileName: "fuzz.csv") {
                _ = try? reader.readAll()
            }
            return true
        case .gpx: return exerciseGPX(Array(bytes))
        case .shp:
            exerciseShapefile(bytes)
            return true
        case .fgb:
            exerciseFlatGeobuf(bytes)
            return true
        case .topojson: return exerciseTopoJSON(Array(bytes))
        case .parquet:
            exerciseGeoParquet(bytes)
            return true
        case .postgis: return exercisePostGIS(bytes)
        case .osm:
            exerciseOSM(bytes)
            return true
        case .tiles:
            exerciseTiles(bytes)
            return true
        case .styles:
            exerciseStyles(bytes)
            return true
        case .png:
            _ = try? SVGPainter.png(Array(bytes), width: 64, height: 48)
            return true
        case .where:
            exerciseExpression(String(decoding: bytes, as: UTF8.self))
            return true
        case .routing:
            exercisePreparedNetwork(bytes)
            return true
        }
    }
}

/// A prepared network that reads must route without a trap: node to node
/// through its hierarchy and by Dijkstra, and between two places.
func exercisePreparedNetwork(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let hierarchy = try? ContractionHierarchy(bytes: UnsafeRawBufferPointer(bytes), name: "fuzz.mrnet") else { return }
    let graph = hierarchy.graph
    guard graph.nodeCount > 0 else { return }
    for (a, b) in [(0, graph.nodeCount - 1), (graph.nodeCount / 2, 0), (graph.nodeCount - 1, graph.nodeCount / 3)] {
        _ = hierarchy.shortestPath(from: a, to: b)
        _ = graph.shortestPath(from: a, to: b, transportType: hierarchy.transportType)
    }
    let (first, last) = (graph.positions[0], graph.positions[graph.nodeCount - 1])
    _ = try? hierarchy.route(from: Waypoint(first), to: Waypoint(last))
    _ = try? graph.routes(from: Waypoint(last), to: Waypoint(first), transportType: .walking, alternates: 2)
}

/// A document that decodes must survive a write and a second decode unchanged.
func exerciseJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    _ = try? JSONValue(parsing: bytes, options: JSONReadingOptions(maximumDepth: 64))
    _ = GeoJSONValidator().validate(bytes)
    guard let document = try? GeoJSONDocument(decoding: bytes) else { return true }
    let written = GeoJSONWriter().encode(document)
    guard let again = try? GeoJSONDocument(decoding: written) else { return false }
    return again == document
}

/// Features read from KML must be writable as KML, and that KML readable;
/// features read from GPX or TCX must be writable as GPX, and that readable.
func exerciseKML(_ bytes: [UInt8]) -> Bool {
    if let features = try? GPXFeatureReader(bytes: bytes, fileName: "fuzz.gpx").readAll() {
        let written = GPXWriter().encode(FeatureCollection(features: features))
        if (try? GPXFeatureReader(bytes: written, fileName: "written.gpx").readAll()) == nil { return false }
    }
    _ = KMLValidator.validate(bytes: bytes, fileName: "fuzz.kml")
    guard let features = try? KMLFeatureReader(bytes: bytes, fileName: "fuzz.kml").readAll() else { return true }
    let written = KMLWriter().encode(FeatureCollection(features: features))
    return (try? KMLFeatureReader(bytes: written, fileName: "written.kml").readAll()) != nil
}

func exerciseIMDF(_ source: IMDFSource) {
    let archive = IMDFArchive(source: source)
    _ = IMDFValidator().validate(archive)
    _ = archive.features()
}

/// An index, as given and resealed, opened and asked every kind of query.
func exercisePlaces(_ bytes: [UInt8]) {
    for candidate in [bytes, PlaceIndex.resealed(bytes)] {
        guard let index = try? PlaceIndex(serialized: candidate) else { continue }
        let around = CoordinateRegion(
            center: Coordinate(latitude: 52.2, longitude: 0.12), latitudinalMeters: 50_000, longitudinalMeters: 50_000)
        _ = index.completions(for: "ca", options: SearchOptions(region: around))
        _ = index.search("cafe arcade", options: SearchOptions(region: around))
        _ = index.geocode("market street")
        _ = index.reverse(Coordinate(latitude: 52.2, longitude: 0.12))
        _ = index.lookup(["a", ""])
        _ = index.places
    }
}

/// Every layer of a GeoPackage (views are read only when asked for, as by the tool).
func exerciseGeoPackage(_ bytes: UnsafeBufferPointer<UInt8>) {
    var template = Array("/tmp/meridian-fuzz-gpkg-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer {
        unlink(path)
        close(descriptor)
    }
    guard write(descriptor, bytes.baseAddress, bytes.count) == bytes.count else { return }
    guard let reader = try? GeoPackageReader(path: path) else { return }
    _ = try? reader.readAll()
}

/// A shapefile set from one input: two little-endian 32-bit lengths, of
/// the .shp and the .shx (0: none), then the .shp, the .shx, and the rest
/// as the .dbf; written to a folder of its own and read whole.
func exerciseShapefile(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 8 else { return }
    let shpLength = Int(UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24)
    let shxLength = Int(UInt32(bytes[4]) | UInt32(bytes[5]) << 8 | UInt32(bytes[6]) << 16 | UInt32(bytes[7]) << 24)
    guard shpLength <= bytes.count - 8, shxLength <= bytes.count - 8 - shpLength else { return }
    var template = Array("/tmp/meridian-fuzz-shp-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return }
    let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let parts = [
        ("a.shp", 8..<(8 + shpLength)), ("a.shx", (8 + shpLength)..<(8 + shpLength + shxLength)),
        ("a.dbf", (8 + shpLength + shxLength)..<bytes.count),
    ]
    defer {
        for (name, _) in parts { unlink(folder + "/" + name) }
        rmdir(folder)
    }
    for (name, range) in parts where !(name == "a.shx" && range.isEmpty) {
        let descriptor = open(folder + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, bytes.baseAddress! + range.lowerBound, range.count)
        close(descriptor)
    }
    guard let reader = try? ShapefileReader(path: folder + "/a.shp") else { return }
    while let feature = try? reader.next() { _ = feature }
}

/// `bytes` in a temporary file, whose path `body` reads.
func withTemporaryFile(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
    var template = Array("/tmp/meridian-fuzz-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    let written = write(descriptor, bytes.baseAddress, bytes.count)
    close(descriptor)
    guard written == bytes.count else { return }
    body(path)
}

/// A FlatGeobuf file read whole, then through its index for a box.
func exerciseFlatGeobuf(_ bytes: UnsafeBufferPointer<UInt8>) {
    withTemporaryFile(bytes) { path in
        for box in [nil, BoundingBox(west: -10, south: -10, east: 10, north: 10)] {
            guard let reader = try? FlatGeobufReader(path: path, within: box) else { continue }
            while let feature = try? reader.next() { _ = feature }
        }
    }
}

/// A GeoParquet file read whole, then for a box (its covering's
/// statistics), on one thread: LeakSanitizer, which checks after each
/// input, would count a slice a worker thread still holds as leaked.
func exerciseGeoParquet(_ bytes: UnsafeBufferPointer<UInt8>) {
    setenv("MERIDIAN_THREADS", "1", 1)
    withTemporaryFile(bytes) { path in
        for box in [nil, BoundingBox(west: -10, south: -10, east: 10, north: 10)] {
            guard let reader = try? GeoParquetReader(path: path, within: box) else { continue }
            while let feature = try? reader.next() { _ = feature }
        }
    }
}

/// What the tiles harness looks tiles up in.
protocol TileLookup {
    var zoomRange: ClosedRange<Int> { get }
    func features(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [String: [Feature]]
}

extension PMTilesArchive: TileLookup {}
extension MBTilesArchive: TileLookup {}

/// Vector tiles read whole: as a PMTiles archive, then as a tile.
func exerciseTiles(_ bytes: UnsafeBufferPointer<UInt8>) {
    let formats = FormatRegistry(readers: [VectorTileFormat.pmtiles, VectorTileFormat.mvt])
    withTemporaryFile(bytes) { path in
        if let reader = try? Input(path: path, formats: formats).reader() {
            while let feature = try? reader.next() { _ = feature }
        }
    }
    // As a basemap: a few tiles looked up by zoom, column and row, of the
    // bytes as a PMTiles archive and as an MBTiles database.
    withTemporaryFile(bytes) { path in
        var archives: [any TileLookup] = []
        if let archive = try? PMTilesArchive(path: path) { archives.append(archive) }
        if let archive = try? MBTilesArchive(path: path) { archives.append(archive) }
        for archive in archives {
            for zoom in archive.zoomRange.prefix(3) {
                for (x, y) in [(0, 0), (1, 0), (0, 1), ((1 << zoom) - 1, (1 << zoom) - 1)] {
                    _ = try? archive.features(zoom: zoom, x: x, y: y)
                }
            }
        }
        if let reader = try? MBTilesArchive(path: path).reader() {
            while let feature = try? reader.next() { _ = feature }
        }
    }
    // The same bytes as one tile, at a path that names its place.
    var template = Array("/tmp/meridian-fuzz-tiles-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return }
    let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let path = folder + "/0-0-0/0/0/0.mvt"
    var made = folder
    for part in ["0-0-0", "0", "0"] {
        made += "/" + part
        mkdir(made, 0o700)
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if descriptor >= 0 {
        _ = write(descriptor, bytes.baseAddress, bytes.count)
        close(descriptor)
        if let reader = try? Input(path: path, formats: formats).reader() {
            while let feature = try? reader.next() { _ = feature }
        }
    }
    unlink(path)
    for suffix in ["/0-0-0/0/0", "/0-0-0/0", "/0-0-0", ""] { rmdir(folder + suffix) }
}

/// Tiles of a few features under the sample basemap's layer names, the
/// same for every tile (the renderer clips each to its square).
/// Made for each input: a static's contents are reported as leaked.
final class FuzzTiles: BasemapSource, @unchecked Sendable {
    let zoomRange = 0...6
    let layers: [String: [Feature]] = {
        func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }
        let land = Feature(
            geometry: .polygon([[c(40, -10), c(40, 20), c(60, 20), c(60, -10), c(40, -10)]]),
            properties: JSONObject([("kind", "land")]))
        let line = Feature(geometry: .lineString([c(45, 0), c(50, 5), c(55, 2)]), properties: JSONObject([("a", "x")]))
        let place = Feature(
            geometry: .point(c(50.85, 4.35)), properties: JSONObject([("name", "Brussels"), ("rank", 1), ("population", 2e6)]))
        return ["land": [land], "borders": [line], "states": [line], "rivers": [line], "places": [place]]
    }()

    func features(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [String: [Feature]] { layers }
}

/// A basemap style read, and when it reads, drawn over ``FuzzTiles``.
func exerciseStyles(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let style = try? BasemapStyle(jsonBytes: bytes, name: "fuzz.json") else { return }
    let center = Coordinate(latitude: 50.85, longitude: 4.35)
    var options = Snapshotter.Options(layers: [Layer(id: "data", features: [Feature(geometry: .point(center))])])
    options.size = Snapshotter.Size(width: 256, height: 256)
    options.basemap = Basemap(source: FuzzTiles(), style: style)
    for framing in [
        Framing.camera(MapCamera(center: center, distance: 2_000_000)),
        .camera(MapCamera(center: center, distance: 300_000, heading: 30, pitch: 60)),
    ] {
        options.framing = framing
        _ = try? Snapshotter(options: options).snapshot()
    }
}

/// An OSM file read whole (PBF or XML, by its content), on one thread, as
/// the GeoParquet harness is.
func exerciseOSM(_ bytes: UnsafeBufferPointer<UInt8>) {
    setenv("MERIDIAN_THREADS", "1", 1)
    withTemporaryFile(bytes) { path in
        guard let reader = try? Input(path: path, formats: FormatRegistry(readers: [OSMFormat.pbf, OSMFormat.xml])).reader()
        else { return }
        while let feature = try? reader.next() { _ = feature }
    }
}

/// The first line parsed as a location, whose shown form must not hold
/// the password it was given; the rest as binary COPY rows of a key, a
/// geometry and a property of each type, decoded in chunks.
func exercisePostGIS(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    if let location = try? PostGISLocation(line), location.password != nil {
        // The user information (up to the first @ of the authority) is
        // the password's place: shown, it holds no password, so no colon.
        let authority = location.displayName.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).first
        if let authority, let at = authority.firstIndex(of: "@"), authority[..<at].contains(":") { return false }
    }
    let decoder = PostGISRowDecoder(
        name: "fuzz", keyColumn: "id", keyDecoding: .int8, geometryColumn: "geom", srid: 4326,
        properties: [
            ("name", .text), ("count", .int4), ("small", .int2), ("open", .bool), ("area", .float8),
            ("ratio", .float4), ("tags", .jsonb), ("doc", .json), ("oid", .oid),
        ])
    let chunk = max(1, Int(bytes.first ?? 1))
    let rows = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
    var offset = rows
    while offset < bytes.count {
        let end = min(bytes.count, offset + chunk)
        decoder.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[offset..<end])))
        offset = end
        while let feature = try? decoder.next() { _ = feature }
    }
    return true
}

/// A topology read whole; its features written as a topology again (arcs
/// cut anew) must read back to as many features.
func exerciseTopoJSON(_ bytes: [UInt8]) -> Bool {
    guard let reader = try? TopoJSONReader(bytes: bytes, name: "fuzz.topojson") else { return true }
    var features: [Feature] = []
    while let feature = try? reader.next() { features.append(feature) }
    let written = TopologyEncoder(options: WritingOptions()).encode(features.map { ($0, "layer") })
    guard let again = try? TopoJSONReader(bytes: written, name: "written.topojson") else { return false }
    var count = 0
    while (try? again.next()) != nil { count += 1 }
    return count == features.count
}

/// Features read from GPX or TCX must be writable as GPX, and that readable.
func exerciseGPX(_ bytes: [UInt8]) -> Bool {
    guard let features = try? GPXFeatureReader(bytes: bytes, fileName: "fuzz.gpx").readAll() else { return true }
    let written = GPXWriter().encode(FeatureCollection(features: features))
    return (try? GPXFeatureReader(bytes: written, fileName: "written.gpx").readAll()) != nil
}

/// An expression that parses is matched against features of every kind of value.
func exerciseExpression(_ text: String) {
    guard let expression = try? FeatureExpression(text) else { return }
    var feature = Feature(geometry: .point(Coordinate(latitude: 1, longitude: 2)))
    for (key, value): (String, JSONValue) in [
        ("name", "Bean There"), ("floor", 2), ("area", 12.5), ("open", true), ("tags", ["a", "b"]), ("none", .null),
    ] {
        feature.properties[key] = value
    }
    _ = expression.matches(feature)
    _ = expression.matches(Feature())
}

/// Whatever a zip yields must survive being written as a zip and read back.
func exerciseZip(_ bytes: [UInt8]) -> Bool {
    guard let archive = try? ZipArchive(bytes: bytes, displayName: "fuzz.zip") else { return true }
    let entries = archive.entries.compactMap { entry in
        (try? archive.contents(of: entry)).map { (path: entry.path, bytes: $0) }
    }
    if let written = try? ZipArchive.deflated(entries) {
        guard let again = try? ZipArchive(bytes: written, displayName: "again.zip"),
            again.entries.map(\.path) == entries.map(\.path),
            zip(again.entries, entries).allSatisfy({ (try? again.contents(of: $0)) == $1.bytes })
        else { return false }
    }
    if IMDFSource.isIMDF(entryNames: archive.entries.map(\.path)) {
        if let source = try? IMDFSource(zip: archive) { exerciseIMDF(source) }
    } else if let reader = try? KMLFeatureReader(kmz: archive) {
        _ = try? reader.readAll()
    }
    return true
}

/// The IMDF harness's input: member files as sections, each introduced by a
/// line `\u{1E}NAME` (record separator, then the file name). Scripts/fuzz.sh
/// writes the fixture venues this way as seeds.
enum IMDFSections {
    static func split(_ bytes: [UInt8]) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for section in bytes.split(separator: 0x1E, omittingEmptySubsequences: true) {
            guard let newline = section.firstIndex(of: 0x0A) else { continue }
            let name = String(decoding: section[section.startIndex..<newline], as: UTF8.self)
            files[name] = Array(section[(newline + 1)...])
        }
        return files
    }
}

#if FUZZING
    // Scripts/fuzz.sh sets the harness with -DHARNESS_<NAME>.
    #if HARNESS_KML
        let harness = Harness.kml
    #elseif HARNESS_IMDF
        let harness = Harness.imdf
    #elseif HARNESS_ZIP
        let harness = Harness.zip
    #elseif HARNESS_MAPS_URL
        let harness = Harness.mapsURL
    #elseif HARNESS_TOML
        let harness = Harness.toml
    #elseif HARNESS_PLACES
        let harness = Harness.places
    #elseif HARNESS_GPKG
        let harness = Harness.gpkg
    #elseif HARNESS_CSV
        let harness = Harness.csv
    #elseif HARNESS_GPX
        let harness = Harness.gpx
    #elseif HARNESS_WHERE
        let harness = Harness.where
    #elseif HARNESS_SHP
        let harness = Harness.shp
    #elseif HARNESS_FGB
        let harness = Harness.fgb
    #elseif HARNESS_TOPOJSON
        let harness = Harness.topojson
    #elseif HARNESS_PARQUET
        let harness = Harness.parquet
    #elseif HARNESS_POSTGIS
        let harness = Harness.postgis
    #elseif HARNESS_OSM
        let harness = Harness.osm
    #elseif HARNESS_TILES
        let harness = Harness.tiles
    #elseif HARNESS_STYLES
        let harness = Harness.styles
    #elseif HARNESS_PNG
        let harness = Harness.png
    #else
        let harness = Harness.json
    #endif

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
        if !harness.exercise(UnsafeBufferPointer(start: data, count: size)) {
            fatalError("a \(harness.rawValue) input did not survive a round trip")
        }
        return 0
    }
#else
    import Foundation

    @main
    struct Replay {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let harness = Harness(rawValue: name) else {
                let names = Harness.allCases.map(\.rawValue).joined(separator: "|")
                FileHandle.standardError.write(Data("usage: meridian-fuzz \(names) FILE...\n".utf8))
                exit(2)
            }
            var failures = 0
            for path in arguments.dropFirst() {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                if !bytes.withUnsafeBufferPointer(harness.exercise) {
                    print("\(harness.rawValue) round trip failed: \(path)")
                    failures += 1
                }
            }
            print("\(arguments.count - 1 - failures) passed, \(failures) failed")
            if failures > 0 { exit(1) }
        }
    }
#endif
