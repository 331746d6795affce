import MeridianCore
import MeridianLibC
import MeridianPlatform

extension PlaceIndex.Source {
    /// The file (or, for an unpacked IMDF archive, the directory) at `path`
    /// as it is now: its absolute path, size, last change and content hash.
    public static func of(path: String) throws(DiagnosticError) -> PlaceIndex.Source {
        guard let absolute = realpath(path, nil) else {
            throw DiagnosticError(
                code: "io.read", message: "cannot read \(path): \(String(cString: strerror(errno)))",
                location: SourceLocation(file: path))
        }
        defer { free(absolute) }
        let resolved = String(cString: absolute)
        guard let (size, modified) = Self.measure(resolved), let hash = Self.hash(resolved) else {
            throw DiagnosticError(
                code: "io.read", message: "cannot read \(path)", location: SourceLocation(file: path))
        }
        return PlaceIndex.Source(path: resolved, size: size, modified: modified, hash: hash)
    }

    /// How the file differs from what was recorded: nil when it is the
    /// same (same size and time, or changed time but the same content),
    /// else a sentence ("has changed", "is gone").
    public var change: String? {
        guard let (size, modified) = Self.measure(path) else { return "is gone" }
        if size == self.size, modified == self.modified { return nil }
        return Self.hash(path) == hash ? nil : "has changed"
    }

    /// Total size and latest change of a file, or of a directory's files
    /// (an entry that cannot be read, such as a dangling link, counts as
    /// absent: only the path itself can be gone).
    static func measure(_ path: String) -> (size: Int, modified: Int64)? {
        guard let status = Platform.status(ofPath: path) else { return nil }
        guard status.kind == .directory else { return (status.size, status.modified) }
        var size = 0
        var modified = status.modified
        for entry in entries(of: path) {
            guard let (entrySize, entryModified) = measure(entry) else { continue }
            size += entrySize
            modified = max(modified, entryModified)
        }
        return (size, modified)
    }

    /// The content hash of a file, or of a directory's readable files'
    /// names and contents in order.
    static func hash(_ path: String) -> UInt64? {
        guard let status = Platform.status(ofPath: path) else { return nil }
        if status.kind == .directory {
            var hash: UInt64 = 0
            for entry in entries(of: path) {
                guard let inner = self.hash(entry) else { continue }
                let name = Array(entry.utf8.dropFirst(path.utf8.count))
                hash = name.withUnsafeBytes { ContentHash.of($0, seed: hash ^ inner) }
            }
            return hash
        }
        if status.size == 0 { return ContentHash.of(UnsafeRawBufferPointer(start: nil, count: 0)) }
        guard let bytes = try? IndexBytes(mapping: path) else { return nil }
        return ContentHash.of(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count))
    }

    /// A directory's entries (not hidden), sorted, as paths.
    static func entries(of directory: String) -> [String] {
        let names = (Platform.entries(ofFolder: directory) ?? []).filter { !$0.hasPrefix(".") }
        return names.sorted().map { directory + "/" + $0 }
    }
}

extension PlaceIndex {
    /// The files the index was built from that have changed or gone since,
    /// each with how.
    public var staleSources: [(source: Source, change: String)] {
        sources.compactMap { source in source.change.map { (source, $0) } }
    }
}
