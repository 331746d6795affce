// A libFuzzer target for Meridian's JSON reader, GeoJSON decoder, writer
// and validator (Scripts/fuzz.sh builds it with -sanitize=fuzzer,address
// and -DFUZZING). Without FUZZING it is a replayer: it runs the same checks
// over the files given on the command line and exits non-zero on failure.
import MeridianCore
import MeridianGeoJSON

/// Every input must be handled without a crash; a document that decodes
/// must survive a write and a second decode unchanged.
func exercise(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    _ = try? JSONValue(parsing: bytes, options: JSONReadingOptions(maximumDepth: 64))
    _ = GeoJSONValidator().validate(bytes)
    guard let document = try? GeoJSONDocument(decoding: bytes) else { return true }
    let written = GeoJSONWriter().encode(document)
    guard let again = try? GeoJSONDocument(decoding: written) else { return false }
    return again == document || !document.hasOnlyComparableNumbers
}

extension GeoJSONDocument {
    /// NaN never equals itself; the decoder rejects it, so this is a guard
    /// for future readers that may accept it.
    var hasOnlyComparableNumbers: Bool { self == self }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
        if !exercise(UnsafeBufferPointer(start: data, count: size)) {
            fatalError("a decoded document did not survive a round trip")
        }
        return 0
    }
#else
    import Foundation

    @main
    struct Replay {
        static func main() throws {
            var failures = 0
            for path in CommandLine.arguments.dropFirst() {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                if !bytes.withUnsafeBufferPointer(exercise) {
                    print("round trip failed: \(path)")
                    failures += 1
                }
            }
            print("\(CommandLine.arguments.count - 1 - failures) passed, \(failures) failed")
            if failures > 0 { exit(1) }
        }
    }
#endif
