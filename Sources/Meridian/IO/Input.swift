import MeridianArchive
import MeridianCSV
import MeridianCore
import MeridianGeoJSON
import MeridianGeoPackage
import MeridianIMDF
import MeridianKML

/// One input, opened once: the front door every command reads through.
///
/// ```swift
/// let input = try Input(path: "venue.zip")    // or "-", "tour.kml", "<(cat f.geojson)", a FIFO
/// input.format                                 // .imdf
/// let source = try FeatureSource(input: input)
/// ```
///
/// A path is opened once (standard input for "-"), and its format is
/// decided from the first bytes read (``InputFormat``), which are then
/// handed to the reader with the descriptor, so pipes, FIFOs and process
/// substitution read exactly like files. A folder is an IMDF venue when it
/// holds `manifest.json`, and an error otherwise. A zip needs random
/// access: a regular file is opened by the zip guard directly; a zip
/// arriving on a stream is spooled to a private temporary file (mode 0600)
/// that is removed at once. Leading blank lines are skipped in bounded
/// memory, with line numbers kept.
///
/// Errors: `io.open` (cannot open, or a folder that is no venue),
/// `io.read`, `geojson.encoding.utf16` (UTF-16 text that is not XML), and
/// the zip guard's `archive.*` codes.
public final class Input {
    /// The path given ("-" for standard input).
    public let path: String
    /// The name diagnostics use: the path, or `<stdin>`.
    public let name: String
    public let format: InputFormat
    /// The size in bytes of a regular file (for progress), else nil.
    public let size: Int?

    enum Content {
        /// A stream to read from `descriptor`, after `prefix` (bytes already
        /// read) and `skippedLines` blank lines (`skippedBytes` bytes) dropped.
        case stream(descriptor: Int32, prefix: [UInt8], skippedLines: Int, skippedBytes: Int, seekable: Bool)
        case zip(ZipArchive)
        case folder(String)
        /// A file read by path (a GeoPackage, through SQLite).
        case database(String)
    }

    let content: Content
    private var ownedDescriptor: Int32?

    /// How many bytes are read before the format is decided.
    static let headSize = 1 << 16

    /// Opens `path` ("-" for standard input) and decides its format.
    public init(path: String) throws(DiagnosticError) {
        self.path = path
        let name = path == "-" ? "<stdin>" : path
        self.name = name
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw DiagnosticError(
                    code: "io.open", message: "cannot open \(path): \(Platform.errorMessage())",
                    location: SourceLocation(file: path))
            }
            ownedDescriptor = descriptor
        }
        var status = stat()
        let kind = fstat(descriptor, &status) == 0 ? Platform.kind(of: status.st_mode) : .other
        size = kind == .regular ? Int(status.st_size) : nil
        do throws(DiagnosticError) {
            if kind == .directory {
                guard IMDFSource.isIMDF(folder: path) else {
                    throw DiagnosticError(
                        code: "io.open",
                        message:
                            "\(path) is a folder, not a map file or an IMDF venue (no manifest.json at its top or one folder down)",
                        location: SourceLocation(file: path))
                }
                format = .imdf
                content = .folder(path)
                return
            }
            if kind == .regular, path.split(separator: "/").last == "manifest.json" {
                format = .imdf
                let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
                content = .folder(folder.isEmpty ? "/" : folder)
                return
            }
            let head = try Self.readHead(descriptor, name: name)
            if path != "-" { try ZipArchive.checkNamedZip(path, head: head.bytes) }
            if head.skippedBytes == 0, head.bytes.starts(with: Array("SQLite format 3\0".utf8)) {
                guard kind == .regular else {
                    throw DiagnosticError(
                        code: "io.open",
                        message: "\(name) is an SQLite database (a GeoPackage?): give it as a file, not a stream",
                        location: SourceLocation(file: name))
                }
                format = .gpkg
                content = .database(path)
                return
            }
            if head.skippedBytes == 0, ZipArchive.isZip(head.bytes) {
                let zip =
                    kind == .regular
                    ? try ZipArchive(path: path)
                    : try ZipArchive(spooling: descriptor, prefix: head.bytes, displayName: name)
                format = IMDFSource.isIMDF(entryNames: zip.entries.map(\.path)) ? .imdf : .kmz
                content = .zip(zip)
                return
            }
            format = try Self.textFormat(head.bytes, name: name)
            content = .stream(
                descriptor: descriptor, prefix: head.bytes, skippedLines: head.skippedLines,
                skippedBytes: head.skippedBytes, seekable: kind == .regular)
        } catch {
            if let ownedDescriptor { Platform.close(ownedDescriptor) }
            ownedDescriptor = nil
            throw error
        }
    }

    deinit {
        if let ownedDescriptor { Platform.close(ownedDescriptor) }
    }

    // MARK: Readers

    /// A streaming reader of a GeoJSON input.
    func geoJSONReader() -> GeoJSONFeatureReader? {
        guard format == .geojson, case .stream(let descriptor, let prefix, let lines, let bytes, _) = content else {
            return nil
        }
        return GeoJSONFeatureReader(
            fileDescriptor: descriptor, prefix: prefix, skippedLines: lines, skippedBytes: bytes,
            options: JSONReadingOptions(fileName: name))
    }

    /// A streaming reader of a KML or KMZ input.
    func kmlReader(options: KMLReadingOptions = KMLReadingOptions()) throws(DiagnosticError) -> KMLFeatureReader? {
        switch content {
        case .zip(let zip) where format == .kmz:
            return try KMLFeatureReader(kmz: zip, options: options)
        case .stream(let descriptor, let prefix, let lines, _, let seekable) where format == .kml:
            return try KMLFeatureReader(
                fileDescriptor: descriptor, prefix: prefix, leadingNewlines: lines, fileName: name, seekable: seekable,
                options: options)
        default:
            return nil
        }
    }

    /// A reader of a GeoPackage input: every feature layer, or `layer`.
    func geoPackageReader(layer: String?) throws(DiagnosticError) -> GeoPackageReader? {
        guard case .database(let path) = content else { return nil }
        return try GeoPackageReader(path: path, layer: layer)
    }

    /// A streaming reader of a CSV input.
    func csvReader(options: CSVReadingOptions) throws(DiagnosticError) -> CSVFeatureReader? {
        guard format == .csv, case .stream(let descriptor, let prefix, let lines, _, _) = content else { return nil }
        return try CSVFeatureReader(
            fileDescriptor: descriptor, prefix: prefix, skippedLines: lines, fileName: name, options: options)
    }

    /// A streaming reader of a GPX or TCX input.
    func gpxReader() throws(DiagnosticError) -> GPXFeatureReader? {
        guard format == .gpx || format == .tcx,
            case .stream(let descriptor, let prefix, let lines, _, _) = content
        else { return nil }
        return try GPXFeatureReader(fileDescriptor: descriptor, prefix: prefix, leadingNewlines: lines, fileName: name)
    }

    /// The member files of an IMDF input, as read (for repair).
    public func imdfArchiveSource() throws(DiagnosticError) -> IMDFSource {
        guard let source = try imdfSource() else {
            throw DiagnosticError(
                code: "imdf.level.not-imdf", message: "\(name) is \(format.rawValue), not an IMDF archive",
                location: SourceLocation(file: name))
        }
        return source
    }

    /// The IMDF files of an IMDF input.
    func imdfSource() throws(DiagnosticError) -> IMDFSource? {
        switch content {
        case .zip(let zip) where format == .imdf: return try IMDFSource(zip: zip)
        case .folder(let folder): return try IMDFSource(path: folder)
        default: return nil
        }
    }

    /// The venue of an IMDF input, decoded. Unless `tolerant` (as the
    /// validator is), a member file that cannot be read is an error, not a
    /// venue with that file's features silently missing.
    public func imdfArchive(tolerant: Bool = false) throws(DiagnosticError) -> IMDFArchive {
        let archive = IMDFArchive(source: try imdfArchiveSource())
        if !tolerant, let problem = archive.unreadableFile { throw DiagnosticError(problem) }
        return archive
    }

    // MARK: Detection

    /// The first bytes of a stream: at least the first non-blank byte and
    /// three after it (or all there is). Blank lines beyond the first
    /// ``headSize`` bytes are dropped and counted, so endless blank input
    /// takes bounded memory.
    private static func readHead(_ descriptor: Int32, name: String) throws(DiagnosticError) -> (
        bytes: [UInt8], skippedLines: Int, skippedBytes: Int
    ) {
        var head: [UInt8] = []
        var skippedLines = 0
        var skippedBytes = 0
        var scanned = 0
        while true {
            let count = Platform.read(descriptor, appendingTo: &head, count: headSize)
            if count < 0 {
                throw DiagnosticError(
                    code: "io.read", message: "cannot read \(name): \(Platform.errorMessage())",
                    location: SourceLocation(file: name))
            }
            if count == 0 { break }
            let hasBOM = skippedBytes == 0 && head.starts(with: [0xEF, 0xBB, 0xBF])
            if hasBOM && scanned < 3 { scanned = 3 }
            while scanned < head.count, isBlank(head[scanned]) { scanned += 1 }
            if scanned < head.count {
                if head.count - scanned >= 4 { break }
                continue
            }
            // Only blanks so far: keep less than a line's worth.
            guard head.count > headSize, !hasBOM, let lastNewline = head.lastIndex(of: 0x0A) else {
                if head.count > 16 << 20 {
                    throw DiagnosticError(
                        code: "io.input.blank",
                        message: "\(name) holds nothing but blanks in its first 16 MiB",
                        location: SourceLocation(file: name))
                }
                continue
            }
            skippedLines += head[...lastNewline].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            skippedBytes += lastNewline + 1
            head.removeFirst(lastNewline + 1)
            scanned = head.count
        }
        return (head, skippedLines, skippedBytes)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// KML or GeoJSON, from the first meaningful byte.
    private static func textFormat(_ head: [UInt8], name: String) throws(DiagnosticError) -> InputFormat {
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            // UTF-16: XML allows it (libxml2 reads it); JSON does not.
            let littleEndian = head[0] == 0xFF
            var index = 2
            while index + 1 < head.count {
                let unit =
                    littleEndian
                    ? UInt16(head[index]) | UInt16(head[index + 1]) << 8
                    : UInt16(head[index]) << 8 | UInt16(head[index + 1])
                if unit == 0x3C { return .kml }
                if unit > 0x7F || !isBlank(UInt8(unit)) { break }
                index += 2
            }
            throw DiagnosticError(
                code: "geojson.encoding.utf16",
                message:
                    "\(name) is UTF-16 text (it starts with a UTF-16 byte-order mark), but GeoJSON must be UTF-8 (RFC 8259, 8.1): convert it with iconv -f UTF-16 -t UTF-8",
                location: SourceLocation(file: name, line: 1, column: 1, byteOffset: 0))
        }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { !isBlank($0) }) else { return .geojson }
        if first != 0x3C {
            let firstLine = bytes.drop { isBlank($0) }.prefix { $0 != 0x0A }
            let isCSV =
                first != 0x7B && first != 0x5B && first != 0x1E
                && firstLine.contains { $0 == 0x2C || $0 == 0x3B || $0 == 0x09 }
            return isCSV ? .csv : .geojson
        }
        switch xmlRootName(bytes) {
        case "gpx": return .gpx
        case "TrainingCenterDatabase": return .tcx
        default: return .kml
        }
    }

    /// The local name of an XML document's root element, read from its
    /// first bytes past the declaration, comments, processing instructions
    /// and doctype; nil when the head ends first.
    static func xmlRootName(_ bytes: ArraySlice<UInt8>) -> String? {
        var i = bytes.startIndex
        func skip(past terminator: [UInt8]) {
            while i < bytes.endIndex, !bytes[i...].starts(with: terminator) { i += 1 }
            i = min(bytes.endIndex, i + terminator.count)
        }
        while i < bytes.endIndex {
            if isBlank(bytes[i]) {
                i += 1
            } else if bytes[i...].starts(with: Array("<?".utf8)) {
                skip(past: Array("?>".utf8))
            } else if bytes[i...].starts(with: Array("<!--".utf8)) {
                skip(past: Array("-->".utf8))
            } else if bytes[i...].starts(with: Array("<!".utf8)) {
                // A doctype, perhaps with an internal subset in brackets.
                var depth = 0
                while i < bytes.endIndex {
                    if bytes[i] == 0x5B { depth += 1 }
                    if bytes[i] == 0x5D { depth -= 1 }
                    if bytes[i] == 0x3E, depth <= 0 { break }
                    i += 1
                }
                i += 1
            } else if bytes[i] == 0x3C {
                var end = i + 1
                while end < bytes.endIndex, !isBlank(bytes[end]), bytes[end] != 0x3E, bytes[end] != 0x2F { end += 1 }
                guard end < bytes.endIndex else { return nil }
                let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
                return name.split(separator: ":").last.map(String.init) ?? name
            } else {
                return nil
            }
        }
        return nil
    }
}
