import MeridianCore
import MeridianLibC
import MeridianPlaces
import MeridianPlatform

/// Place indexes as files: built from inputs (`meridian index`), opened
/// in place by the places commands, checked against the files they were
/// built from, and rebuilt when asked.
///
/// ```swift
/// let (index, warnings) = try PlaceIndexFile.build(fromPaths: ["Samples/meridian-arcade"])
/// try PlaceIndexFile.write(index, to: "arcade.idx")
/// let (opened, stale) = try PlaceIndexFile.load(["arcade.idx"], rebuild: false)
/// ```
public enum PlaceIndexFile {
    /// True when the file at `path` starts as a place index does.
    public static func isIndex(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { _ = Platform.close(descriptor) }
        var magic = [UInt8](repeating: 0, count: 8)
        let got = magic.withUnsafeMutableBytes { Platform.readFully(descriptor, into: $0) }
        return got == 8 && magic == Array("MRDNPLCS".utf8)
    }

    /// An index of the places of every input, recording each input's size,
    /// time and content hash; and the warnings of reading them.
    public static func build(fromPaths paths: [String]) throws(DiagnosticError) -> (
        index: PlaceIndex, warnings: [Diagnostic]
    ) {
        let (places, warnings) = try PlaceExtractor.places(fromPaths: paths)
        var sources: [PlaceIndex.Source] = []
        for path in paths where path != "-" { sources.append(try PlaceIndex.Source.of(path: path)) }
        return (try PlaceIndex(places, sources: sources), warnings)
    }

    /// Writes an index to a file, whole or not at all.
    public static func write(_ index: PlaceIndex, to path: String) throws(DiagnosticError) {
        let output = try OutputDestination(path: path)
        var failure: DiagnosticError?
        index.withSerializedBytes { bytes in
            do throws(DiagnosticError) { try output.write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
        try output.commit()
    }

    /// One index over the inputs: a single place index is opened in place
    /// (with a `places.index.stale` warning for each file it was built from
    /// that has changed or gone, or, with `rebuild`, rebuilt from them and
    /// written back first); anything else (data files, or several indexes)
    /// is read into an index in memory. A rebuild never drops an input: when
    /// one is gone (a moved file, an unmounted disk), the index is answered
    /// from as it was and left as it is.
    public static func load(_ paths: [String], rebuild: Bool) throws(DiagnosticError) -> (
        index: PlaceIndex, warnings: [Diagnostic]
    ) {
        if paths.count == 1, isIndex(paths[0]) {
            let path = paths[0]
            let index = try PlaceIndex(contentsOf: path)
            let changed = index.staleSources
            guard !changed.isEmpty else { return (index, []) }
            let gone = changed.filter { $0.change == "is gone" }.map(\.source.path)
            if rebuild, gone.isEmpty {
                let (rebuilt, warnings) = try build(fromPaths: index.sources.map(\.path))
                try write(rebuilt, to: path)
                return (rebuilt, warnings)
            }
            let advice =
                rebuild
                ? "the index is not rebuilt while an input is gone (build it anew with meridian index to leave "
                    + "\(gone.count == 1 ? "it" : "them") out)"
                : "give --rebuild to rebuild it"
            return (
                index,
                changed.map {
                    stale(
                        "\($0.source.path) \($0.change) since the index was built; answers come from the index "
                            + "as it was (\(advice))", index: path)
                }
            )
        }
        var places: [Place] = []
        var warnings: [Diagnostic] = []
        for path in paths {
            if isIndex(path) {
                places += try PlaceIndex(contentsOf: path).places
            } else {
                let (read, more) = try PlaceExtractor.places(fromPaths: [path])
                places += read
                warnings += more
            }
        }
        return (try PlaceIndex(places), warnings)
    }

    private static func stale(_ message: String, index: String) -> Diagnostic {
        Diagnostic(
            severity: .warning, code: "places.index.stale", message: message, location: SourceLocation(file: index))
    }
}
