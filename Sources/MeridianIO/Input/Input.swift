import MeridianArchive
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// One input, opened once: the front door every command reads through.
///
/// ```swift
/// let input = try Input(path: "venue.zip", formats: .standard)   // or "-", "tour.kml", "<(cat f.geojson)", a FIFO
/// input.format                                                   // .imdf
/// let reader = try input.reader()
/// ```
///
/// A path is opened once (standard input for "-"), and its format is
/// decided from what it holds (``InputProbe``: a folder, a zip's entries,
/// or the first bytes read) by the formats of a ``FormatRegistry``; the
/// bytes read are then handed to the reader with the descriptor, so pipes,
/// FIFOs and process substitution read exactly like files. A zip needs
/// random access: a regular file is opened by the zip guard directly; a
/// zip arriving on a stream is spooled to a private temporary file (mode
/// 0600) that is removed at once. Leading blank lines are skipped in
/// bounded memory, with line numbers kept. A location with a scheme
/// (`postgresql://…`) is not opened: the format that claims its scheme
/// connects when its reader is made, and diagnostics name it without its
/// password.
///
/// Errors: `io.open` (cannot open), `io.read`, the zip guard's `archive.*`
/// codes, and what the formats say of content none of them reads
/// (`io.format.unknown` when none says more).
public final class Input {
    /// The path given ("-" for standard input), or the location.
    public let path: String
    /// The name diagnostics use: the path, `<stdin>`, or the location
    /// without its password.
    public let name: String
    /// The format that recognised the input, and reads it.
    public let recognisedFormat: any FeatureFormat
    /// The formats the input was recognised among.
    public let formats: FormatRegistry
    /// The size in bytes of a regular file (for progress), else nil.
    public let size: Int?
    /// A path that opens the input's file again, for a reader that opens
    /// by path (SQLite, the zip guard): the path given, or for standard
    /// input redirected from a file, `/dev/fd/0`. Nil for a stream.
    public let filePath: String?

    /// The format's name.
    public var format: InputFormat { recognisedFormat.format }

    /// What a reader reads. (A zip is the package's own archive guard, so
    /// this is for the package's formats; others read ``stream`` and
    /// ``folder``.)
    package enum Content {
        /// A stream to read from `descriptor`, after `prefix` (bytes already
        /// read) and `skippedLines` blank lines (`skippedBytes` bytes)
        /// dropped; `seekable` for a regular file.
        case stream(descriptor: Int32, prefix: [UInt8], skippedLines: Int, skippedBytes: Int, seekable: Bool)
        case zip(ZipArchive)
        case folder(String)
        /// A location with a scheme (``Input/isLocation(_:)``).
        case location(String)
    }

    package let content: Content
    private var ownedDescriptor: Int32?

    /// How many bytes are read before the format is decided.
    static let headSize = 1 << 16

    /// Opens `path` ("-" for standard input) and decides its format among
    /// `formats`.
    public init(path: String, formats: FormatRegistry) throws(DiagnosticError) {
        self.formats = formats
        self.path = path
        if Self.isLocation(path) {
            name = Self.redactingPassword(path)
            size = nil
            filePath = nil
            recognisedFormat = try formats.recognise(
                InputProbe(path: path, name: name, content: .location, isRegularFile: false))
            content = .location(path)
            return
        }
        let name = path == "-" ? "<stdin>" : path
        self.name = name
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            descriptor = try Platform.openForReading(path)
            ownedDescriptor = descriptor
        }
        var status = stat()
        let kind = fstat(descriptor, &status) == 0 ? Platform.kind(of: status.st_mode) : .other
        size = kind == .regular ? Int(status.st_size) : nil
        filePath = kind == .regular || kind == .directory ? (path == "-" ? "/dev/fd/0" : path) : nil
        do throws(DiagnosticError) {
            if kind == .directory {
                recognisedFormat = try formats.recognise(
                    InputProbe(path: path, name: name, content: .folder, isRegularFile: false))
                content = .folder(path)
                return
            }
            let head = try Self.readHead(descriptor, name: name)
            if path != "-" { try ZipArchive.checkNamedZip(path, head: head.bytes) }
            if head.skippedBytes == 0, ZipArchive.isZip(head.bytes) {
                let zip =
                    if let filePath {
                        try ZipArchive(path: filePath, displayName: name)
                    } else {
                        try ZipArchive(spooling: descriptor, prefix: head.bytes, displayName: name)
                    }
                recognisedFormat = try formats.recognise(
                    InputProbe(
                        path: path, name: name, content: .zip(entries: zip.entries.map(\.path)),
                        isRegularFile: kind == .regular))
                content = .zip(zip)
                return
            }
            recognisedFormat = try formats.recognise(
                InputProbe(
                    path: path, name: name, content: .bytes, isRegularFile: kind == .regular, head: head.bytes,
                    skippedBytes: head.skippedBytes))
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

    /// A reader of the input's features, by its format.
    public func reader(options: ReadingOptions = ReadingOptions()) throws(DiagnosticError) -> any FeatureReader {
        try recognisedFormat.reader(for: self, options: options)
    }

    /// The descriptor, the bytes already read and the blank lines skipped
    /// of a stream input; nil for a folder or a zip.
    public var stream: (descriptor: Int32, prefix: [UInt8], skippedLines: Int, skippedBytes: Int, seekable: Bool)? {
        guard case .stream(let descriptor, let prefix, let lines, let bytes, let seekable) = content else { return nil }
        return (descriptor, prefix, lines, bytes, seekable)
    }

    /// ``stream``, or else the error `code`, "NAME is not `what`": a
    /// reader of files handed a folder, a zip or a location.
    public func stream(or code: String, isNot what: String) throws(DiagnosticError) -> (
        descriptor: Int32, prefix: [UInt8], skippedLines: Int, skippedBytes: Int, seekable: Bool
    ) {
        guard let stream else {
            throw DiagnosticError(code: code, message: "\(name) is not \(what)", location: SourceLocation(file: name))
        }
        return stream
    }

    /// The location of an input named by a URL with a scheme; nil otherwise.
    public var location: String? {
        guard case .location(let location) = content else { return nil }
        return location
    }

    /// Whether `path` is a location with a scheme (`postgresql://…`):
    /// letters, digits, `+`, `-` or `.` after a letter, then `://`.
    public static func isLocation(_ path: String) -> Bool {
        let bytes = Array(path.utf8.prefix(64))
        guard let first = bytes.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A else { return false }
        for (index, byte) in bytes.enumerated().dropFirst() {
            if byte == 0x3A { return bytes[index...].starts(with: Array("://".utf8)) }
            let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            guard letter || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
                return false
            }
        }
        return false
    }

    /// A location as diagnostics, logs and notes show it: without the
    /// password of its user information (`user:secret@`) or of a
    /// `password=` parameter. Anything else is returned as it is.
    public static func redactingPassword(_ location: String) -> String {
        guard isLocation(location), let schemeEnd = location.utf8.firstIndex(of: 0x3A) else { return location }
        let authorityStart = location.utf8.index(schemeEnd, offsetBy: 3)
        var text = Substring(location)
        let rest = location[authorityStart...]
        // The user information ends at the first @ before the first /, as
        // libpq reads it.
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<authorityEnd].firstIndex(of: "@"),
            let colon = rest[..<at].firstIndex(of: ":")
        {
            text = location[..<colon] + location[at...]
        }
        guard let question = text.firstIndex(of: "?") else { return String(text) }
        let parameters = text[text.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
        let kept = parameters.filter { !$0.lowercased().hasPrefix("password=") }
        return String(text[...question]) + kept.joined(separator: "&")
    }

    /// The path of a folder input; nil otherwise.
    public var folder: String? {
        guard case .folder(let path) = content else { return nil }
        return path
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
            while scanned < head.count, InputProbe.isBlank(head[scanned]) { scanned += 1 }
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
}
