// libFuzzer targets for Meridian's parsers (Scripts/fuzz.sh builds them with
// -sanitize=fuzzer,address and -DFUZZING, one binary per harness). Without
// FUZZING this is the replayer the test suite runs:
//
//   meridian-fuzz HARNESS FILE...
//
// runs the harness over each file and exits non-zero if one fails.
import MeridianArchive
import MeridianCore
import MeridianGeoJSON
import MeridianIMDF
import MeridianKML
import MeridianTOML

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
        }
    }
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
