import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianIMDF
import MeridianKML

/// The features of any input Meridian reads, one at a time, whatever its
/// format: the front door of `meridian convert`, `merge` and `info`.
///
/// ```swift
/// let source = try FeatureSource(path: "venue.zip")   // or "-", "tour.kmz", "big.geojsonseq"
/// source.format                                        // .imdf
/// while let feature = try source.next() { ... }
/// ```
///
/// The format is detected from the content, never from the name alone:
/// a folder or zip holding an IMDF `manifest.json` is IMDF; another zip is
/// KMZ; text starting with `<` is KML; anything else is GeoJSON, whose
/// reader then tells a FeatureCollection, a Feature, a geometry, a text
/// sequence (RFC 8142) and newline-delimited GeoJSON apart. Standard input
/// ("-") is sniffed the same way: GeoJSON streams on from the pipe (the
/// sniffed bytes are handed back to the reader); KML is read into memory;
/// a zip is spooled to a temporary file first, as zips need random access.
///
/// Cost: GeoJSON and KML stream in memory bounded by the largest feature
/// (KMZ by its KML entry); an IMDF archive is decoded whole, as its
/// features refer to each other.
public final class FeatureSource {
    /// What an input holds, decided by its content.
    public enum Format: String, Sendable, Hashable {
        case geojson, kml, kmz, imdf
    }

    /// The path given ("-" for standard input).
    public let path: String
    public let format: Format
    /// The input's size in bytes when known (a regular file), for progress.
    public let totalBytes: Int?

    private enum Reader {
        case geojson(GeoJSONFeatureReader)
        case kml(KMLFeatureReader)
        case features([Feature], index: Int)
    }

    private var reader: Reader
    private var spooled: String?

    /// Opens an input; `level` keeps one IMDF level (by ordinal) and is an
    /// error for other formats.
    public init(path: String, level: Int? = nil) throws(DiagnosticError) {
        self.path = path
        var path = path
        if path == "-" {
            let sniffed = try Self.sniffStandardInput()
            switch sniffed {
            case .geojson(let prefix):
                format = .geojson
                totalBytes = nil
                reader = .geojson(
                    GeoJSONFeatureReader(
                        fileDescriptor: 0, prefix: prefix, options: JSONReadingOptions(fileName: "<stdin>")))
                try Self.rejectLevel(level, format: .geojson, path: "-")
                return
            case .kml(let bytes):
                format = .kml
                totalBytes = bytes.count
                reader = .kml(try KMLFeatureReader(bytes: bytes, fileName: "<stdin>"))
                try Self.rejectLevel(level, format: .kml, path: "-")
                return
            case .spooled(let file):
                spooled = file
                path = file
            }
        }
        totalBytes = FileInput.size(of: path)
        if IMDFSource.isIMDF(path: path) {
            format = .imdf
            let archive = try IMDFArchive(contentsOf: path)
            let features: [Feature]
            if let level {
                guard archive.levelGroups.contains(where: { $0.ordinal == level }) else {
                    let known = archive.levelGroups.map { String($0.ordinal) }.joined(separator: ", ")
                    throw DiagnosticError(
                        code: "imdf.level.unknown", message: "no level has ordinal \(level) (ordinals: \(known))",
                        location: SourceLocation(file: self.path))
                }
                features = archive.features(onOrdinal: level)
            } else {
                features = archive.features()
            }
            reader = .features(features, index: 0)
            return
        }
        let detected = InputFormat(path: path)
        switch detected {
        case .kml, .kmz:
            format = detected == .kml ? .kml : .kmz
            reader = .kml(try KMLFeatureReader(path: path))
        case .geojson:
            format = .geojson
            reader = .geojson(try GeoJSONFeatureReader(path: path))
        }
        try Self.rejectLevel(level, format: format, path: self.path)
    }

    deinit {
        if let spooled { unlink(spooled) }
    }

    /// The next feature, or nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        switch reader {
        case .geojson(let reader): return try reader.next()
        case .kml(let reader): return try reader.next()
        case .features(let features, let index):
            guard index < features.count else { return nil }
            reader = .features(features, index: index + 1)
            return features[index]
        }
    }

    /// Bytes read so far, when the format streams (GeoJSON); nil otherwise.
    public var bytesConsumed: Int? {
        if case .geojson(let reader) = reader { return reader.bytesConsumed }
        return nil
    }

    /// A GeoJSON FeatureCollection's own members (bbox, foreign members),
    /// to carry into a converted collection; empty for other formats.
    public var collection: FeatureCollection {
        if case .geojson(let reader) = reader { return reader.collection }
        return FeatureCollection()
    }

    /// The GeoJSON layout read (`featureCollection`, `geoJSONSeq`...) once
    /// the first feature is read; for other formats the format's name.
    public var layout: String {
        if case .geojson(let reader) = reader { return reader.layout?.rawValue ?? "unknown" }
        if case .kml(let reader) = reader, let entry = reader.kmzEntry { return "kmz (\(entry))" }
        return format.rawValue
    }

    /// Warnings the reader collected (KML: malformed coordinates, styles...).
    public var warnings: [Diagnostic] {
        if case .kml(let reader) = reader { return reader.diagnostics }
        return []
    }

    // MARK: Detection

    private enum Sniffed {
        case geojson(prefix: [UInt8])
        case kml([UInt8])
        case spooled(String)
    }

    /// Reads standard input until its first non-blank byte says what it is.
    private static func sniffStandardInput() throws(DiagnosticError) -> Sniffed {
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var atEnd = false
        func meaningful() -> UInt8? {
            var bytes = head[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            return bytes.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
        }
        while !atEnd && (meaningful() == nil || head.count < 4) {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw DiagnosticError(
                    code: "io.read", message: "cannot read standard input: \(String(cString: strerror(errno)))",
                    location: SourceLocation(file: "<stdin>"))
            }
            if count == 0 { atEnd = true }
            head.append(contentsOf: chunk[0..<count])
        }
        switch InputFormat(prefix: head) {
        case .geojson:
            return .geojson(prefix: head)
        case .kml:
            return .kml(head + (try FileInput.readAll("-")))
        case .kmz:
            let bytes = head + (try FileInput.readAll("-"))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "meridian-stdin-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).zip"
            ).path
            guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else {
                throw DiagnosticError(
                    code: "io.output.open", message: "cannot spool standard input to \(file)",
                    location: SourceLocation(file: "<stdin>"))
            }
            return .spooled(file)
        }
    }

    private static func rejectLevel(_ level: Int?, format: Format, path: String) throws(DiagnosticError) {
        guard level != nil else { return }
        throw DiagnosticError(
            code: "imdf.level.not-imdf",
            message: "--level applies to IMDF archives only, and \(path) is \(format.rawValue)",
            location: SourceLocation(file: path))
    }
}
