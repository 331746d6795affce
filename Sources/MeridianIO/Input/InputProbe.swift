import MeridianCore

/// What ``Input`` knows of an input before its format is decided, for each
/// ``FeatureFormat`` to recognise itself in: a folder, a zip's entry names,
/// or the first bytes of a file or stream.
public struct InputProbe: Sendable {
    /// How surely a format recognises an input; the surest wins.
    public enum Match: Int, Comparable, Sendable {
        /// Any content of its kind (GeoJSON for text, KMZ for a zip).
        case fallback
        /// Content that looks like the format (CSV's delimited first line).
        case likely
        /// Content only the format has (a magic number, a root element).
        case certain

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What the input is.
    public enum Content: Sendable {
        /// A folder, at ``path``.
        case folder
        /// A zip archive with these entry paths.
        case zip(entries: [String])
        /// A file or stream, whose first bytes are ``head``.
        case bytes
        /// A location with a scheme (`postgresql://…`), at ``path``: a
        /// database or service, not a file.
        case location
    }

    /// The path given ("-" for standard input).
    public let path: String
    /// The name diagnostics use: the path, or `<stdin>`.
    public let name: String
    public let content: Content
    /// A regular file (not a pipe, a FIFO or a device).
    public let isRegularFile: Bool
    /// The first bytes: at least the first non-blank byte and three after
    /// it, or all there is. Empty for a folder and a zip.
    public let head: [UInt8]
    /// Blank bytes dropped before ``head`` (a long run of blank lines).
    public let skippedBytes: Int

    package init(
        path: String, name: String, content: Content, isRegularFile: Bool, head: [UInt8] = [], skippedBytes: Int = 0
    ) {
        self.path = path
        self.name = name
        self.content = content
        self.isRegularFile = isRegularFile
        self.head = head
        self.skippedBytes = skippedBytes
    }

    /// The last component of the path.
    public var fileName: Substring {
        path.split(separator: "/").last ?? Substring(path)
    }

    /// True for a file or stream (not a folder or a zip).
    public var isBytes: Bool {
        if case .bytes = content { return true }
        return false
    }

    /// The head past a UTF-8 byte-order mark and leading blanks: where text
    /// formats look for their first character.
    public var meaningfulBytes: ArraySlice<UInt8> {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.drop(while: Self.isBlank)
    }

    /// The head starts with a UTF-16 byte-order mark.
    public var isUTF16: Bool {
        head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
    }

    /// The first character of UTF-16 text past blanks, when it is ASCII.
    public var firstUTF16Character: UInt8? {
        guard isUTF16 else { return nil }
        let littleEndian = head[0] == 0xFF
        var index = 2
        while index + 1 < head.count {
            let unit =
                littleEndian
                ? UInt16(head[index]) | UInt16(head[index + 1]) << 8
                : UInt16(head[index]) << 8 | UInt16(head[index + 1])
            if unit > 0x7F { return nil }
            if !Self.isBlank(UInt8(unit)) { return UInt8(unit) }
            index += 2
        }
        return nil
    }

    /// Space, tab, line feed or carriage return.
    public static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
