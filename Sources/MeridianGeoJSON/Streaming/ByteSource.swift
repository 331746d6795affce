import MeridianCore
import MeridianJSON
import MeridianLibC
import MeridianPlatform

/// A window over a file read in chunks: the bytes not yet consumed, with
/// enough bookkeeping (lines and columns discarded so far) to locate an
/// error anywhere in the file. Memory is bounded by the largest value the
/// caller asks to see at once, not by the file.
///
/// A regular file (opened by path, or a descriptor of one whose first bytes
/// are the `prefix` given) is mapped (``MappedFile``) and the window moves
/// over the mapping; anything else (a pipe, a terminal) is read into
/// memory of the source's own.
final class ByteSource {
    private let descriptor: Int32
    private let closesDescriptor: Bool
    /// The bytes held, from the first not yet discarded: valid until the
    /// next ``fill()``.
    private(set) var buffer = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The file, mapped, when it is a regular file that could be; `buffer`
    /// is then a window of it.
    let mapping: MappedFile?
    /// Otherwise the memory the bytes are read into, and its size.
    private var storage: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    /// Index in `buffer` of the first unconsumed byte.
    var position = 0
    private(set) var reachedEnd = false
    /// Lines wholly before `buffer[0]`, and the column `buffer[0]` is at.
    private(set) var linesDiscarded = 0
    private(set) var columnOfBufferStart = 1
    private(set) var bytesDiscarded = 0
    /// The last answer of ``bases(at:)``: an index in `buffer`, the lines
    /// in `buffer` before it and its column.
    private var basesCache = (index: 0, lines: 0, column: 1)
    let chunkSize: Int

    /// The most unconsumed bytes held at once; see
    /// ``JSONReadingOptions/maximumValueSize``.
    let maximumHeld: Int
    /// The name errors give the input.
    let fileName: String?

    /// `prefix` holds bytes already read from the descriptor (a caller that
    /// sniffed the format of a pipe cannot put them back); `skippedLines`
    /// blank lines, `skippedBytes` bytes, came before it and were dropped.
    init(
        descriptor: Int32, closesDescriptor: Bool, chunkSize: Int = 1 << 20, prefix: [UInt8] = [],
        skippedLines: Int = 0, skippedBytes: Int = 0, maximumHeld: Int = InputLimits.maximumValueBytes, fileName: String? = nil
    ) {
        self.descriptor = descriptor
        self.closesDescriptor = closesDescriptor
        self.chunkSize = chunkSize
        self.mapping = Self.map(descriptor, prefix: prefix, skippedBytes: skippedBytes)
        self.linesDiscarded = skippedLines
        self.bytesDiscarded = skippedBytes
        self.maximumHeld = maximumHeld
        self.fileName = fileName
        if let mapping {
            buffer = UnsafeBufferPointer(start: mapping.base + skippedBytes, count: prefix.count)
            reachedEnd = skippedBytes + prefix.count == mapping.count
        } else if !prefix.isEmpty {
            reserve(prefix.count)
            prefix.withUnsafeBufferPointer { storage!.update(from: $0.baseAddress!, count: $0.count) }
            buffer = UnsafeBufferPointer(start: storage, count: prefix.count)
        }
    }

    /// Bytes in memory (``MappedFile/init(borrowing:)``), read as a mapped
    /// file is.
    init(borrowing bytes: MappedFile, maximumHeld: Int, fileName: String?) {
        descriptor = -1
        closesDescriptor = false
        chunkSize = 1 << 20
        mapping = bytes
        self.maximumHeld = maximumHeld
        self.fileName = fileName
        buffer = UnsafeBufferPointer(start: bytes.base, count: 0)
    }

    /// The regular file open on `descriptor`, mapped, when what was read
    /// of it so far is `skippedBytes` bytes and then `prefix`; nil for
    /// anything else (a pipe, a terminal, an empty file), which is read.
    private static func map(_ descriptor: Int32, prefix: [UInt8], skippedBytes: Int) -> MappedFile? {
        var status = stat()
        let read = skippedBytes + prefix.count
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            lseek(descriptor, 0, SEEK_CUR) == off_t(read),
            let mapping = MappedFile(descriptor: descriptor, count: Int(status.st_size)), mapping.count >= read,
            prefix.isEmpty
                || prefix.withUnsafeBufferPointer({
                    memcmp(mapping.base + skippedBytes, $0.baseAddress!, prefix.count) == 0
                })
        else { return nil }
        return mapping
    }

    /// Whether the bytes come from a regular file: all of them are there to
    /// be read at once, where a pipe or a terminal may deliver them slowly.
    private(set) lazy var isRegularFile = mapping != nil || Platform.kind(ofDescriptor: descriptor) == .regular

    /// Makes room in the buffer for what is left of a regular file, up to
    /// `limit` bytes (and one more, for the read that finds its end), so
    /// that reading it whole grows the buffer once rather than by doubling.
    func reserveRemainder(upTo limit: Int) {
        guard mapping == nil, isRegularFile else { return }
        var status = stat()
        let offset = lseek(descriptor, 0, SEEK_CUR)
        guard offset >= 0, fstat(descriptor, &status) == 0 else { return }
        let remaining = min(max(Int(status.st_size) - Int(offset), 0), limit)
        reserve(remaining + max(chunkSize, 1))
    }

    /// Room for `more` bytes after those held, in memory of our own.
    private func reserve(_ more: Int) {
        let needed = buffer.count + more
        guard capacity < needed else { return }
        // Grow geometrically: growing by just what is asked each time would
        // copy the whole buffer on every read of a large value.
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let storage {
            grown.update(from: storage, count: buffer.count)
            storage.deallocate()
        }
        storage = grown
        capacity = newCapacity
        buffer = UnsafeBufferPointer(start: grown, count: buffer.count)
    }

    /// Bytes consumed so far (discarded or passed over in the buffer).
    var bytesConsumed: Int { bytesDiscarded + position }

    /// Opens a file for reading; throws a located I/O diagnostic.
    convenience init(path: String, chunkSize: Int = 1 << 20, maximumHeld: Int = InputLimits.maximumValueBytes) throws(DiagnosticError) {
        let descriptor = try Platform.openForReading(path)
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw DiagnosticError(
                code: "io.open", message: "\(path) is a folder, not a file", location: SourceLocation(file: path))
        }
        self.init(
            descriptor: descriptor, closesDescriptor: true, chunkSize: chunkSize, maximumHeld: maximumHeld,
            fileName: path)
    }

    deinit {
        if closesDescriptor { close(descriptor) }
        storage?.deallocate()
    }

    /// Reads another chunk; false at the end of the file.
    func fill() throws(DiagnosticError) -> Bool {
        guard !reachedEnd else { return false }
        compact()
        let oldCount = buffer.count
        if oldCount - position >= maximumHeld {
            let bases = bases(at: position)
            throw DiagnosticError(
                code: "geojson.feature.too-large",
                message:
                    "a single value (a feature, a record or a whole document) runs past \(maximumHeld) bytes, the most read into memory at once",
                location: SourceLocation(
                    file: fileName, line: bases.lines + 1, column: bases.column, byteOffset: bases.bytes))
        }
        if let mapping {
            // The window reaches as far as a value may: one that runs past
            // it is too large, as when reading.
            let newEnd = min(mapping.count, bytesDiscarded + position + maximumHeld)
            buffer = UnsafeBufferPointer(start: mapping.base + bytesDiscarded, count: newEnd - bytesDiscarded)
            if newEnd == mapping.count { reachedEnd = true }
            return newEnd > bytesDiscarded + oldCount
        }
        reserve(chunkSize)
        let free = UnsafeMutableRawPointer(storage! + oldCount)
        let readCount: Int
        if isRegularFile {
            // No more than what is left of the file (and one byte, to see its end).
            var status = stat()
            let offset = lseek(descriptor, 0, SEEK_CUR)
            let left = offset >= 0 && fstat(descriptor, &status) == 0 ? Int(status.st_size) - Int(offset) : chunkSize
            readCount = Platform.readFully(
                descriptor, into: UnsafeMutableRawBufferPointer(start: free, count: max(1, min(chunkSize, left + 1))))
        } else {
            readCount = Platform.read(descriptor, free, chunkSize)
        }
        guard readCount >= 0 else {
            throw DiagnosticError(
                code: "io.read", message: "cannot read \(fileName ?? "the input"): \(Platform.errorMessage())",
                location: SourceLocation(file: fileName))
        }
        if readCount == 0 { reachedEnd = true }
        if readCount > 0 { buffer = UnsafeBufferPointer(start: storage, count: oldCount + readCount) }
        return readCount > 0
    }

    /// Over a mapped file, drops the bytes consumed once they are a
    /// megabyte or more (counting their lines first), giving their pages
    /// back: what keeps memory bounded while a large file is read, since a
    /// window over a mapped file seldom needs filling. Indices into
    /// `buffer` move, as with ``fill()``: call it where none is held (the
    /// readers do before each feature or record).
    func releaseConsumed() {
        guard mapping != nil, position >= 1 << 20 else { return }
        compact()
    }

    /// Drops consumed bytes once they are most of the buffer (over a mapped
    /// file, a megabyte of them), keeping the line and column count of
    /// what was dropped; a mapped file's pages are given back after their
    /// lines are counted, so that counting does not map them again.
    private func compact() {
        guard position > 0, position >= (mapping == nil ? buffer.count / 2 : min(buffer.count / 2, 1 << 20)) else {
            return
        }
        let (lines, column) = Self.countLines(in: buffer, upTo: position)
        if lines > 0 {
            linesDiscarded += lines
            columnOfBufferStart = column
        } else {
            columnOfBufferStart += position
        }
        bytesDiscarded += position
        if let mapping {
            mapping.release(upTo: bytesDiscarded)
            buffer = UnsafeBufferPointer(start: mapping.base + bytesDiscarded, count: buffer.count - position)
        } else {
            let kept = buffer.count - position
            memmove(storage!, storage! + position, kept)
            buffer = UnsafeBufferPointer(start: storage, count: kept)
        }
        position = 0
        basesCache = (0, 0, columnOfBufferStart)
    }

    /// The newlines in `bytes[start..<end]` and the 1-based column of
    /// `end` counted from the last one (memchr finds them).
    static func countLines(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, upTo end: Int)
        -> (lines: Int, column: Int)
    {
        guard let base = bytes.baseAddress else { return (0, 1) }
        var lines = 0
        var lastNewline = -1
        var offset = start
        while offset < end, let found = memchr(base + offset, 0x0A, end - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            lines += 1
            lastNewline = index
            offset = index + 1
        }
        return (lines, end - lastNewline)
    }

    /// The next byte that is not JSON whitespace, filling as needed; nil at
    /// the end of the input. Does not consume it.
    func peekNonWhitespace(alsoSkipping extra: UInt8? = nil) throws(DiagnosticError) -> UInt8? {
        while true {
            while position < buffer.count {
                let byte = buffer[position]
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == extra {
                    position += 1
                } else {
                    return byte
                }
            }
            if try !fill() { return nil }
        }
    }

    /// The index just past the JSON value that starts at `position`, found
    /// by a structural scan (brackets and strings), filling as needed; the
    /// end of the input when it ends first; nil when the value runs past
    /// `limit` bytes.
    func endOfValue(within limit: Int = .max) throws(DiagnosticError) -> Int? {
        var index = position
        var depth = 0
        var inString = false
        var escaped = false
        while true {
            // No further than the limit allows: a window over a mapped file
            // may reach far beyond it.
            let scanned =
                limit >= buffer.count - position
                ? buffer : UnsafeBufferPointer(rebasing: buffer[..<(position + limit + 1)])
            let found: Int? = { (pointer: UnsafeBufferPointer<UInt8>) -> Int? in
                guard let base = pointer.baseAddress else { return nil }
                let count = pointer.count
                var i = index
                defer { index = i }
                while i < count {
                    if inString {
                        if escaped {
                            escaped = false
                            i += 1
                            continue
                        }
                        // Skip ordinary string bytes in a tight loop.
                        while i < count, base[i] != 0x22, base[i] != 0x5C { i += 1 }
                        guard i < count else { break }
                        if base[i] == 0x5C {
                            escaped = true
                        } else {
                            inString = false
                            if depth == 0 {
                                i += 1
                                return i
                            }
                        }
                        i += 1
                        continue
                    }
                    let byte = base[i]
                    i += 1
                    switch byte {
                    case 0x22: inString = true
                    case 0x7B, 0x5B: depth += 1
                    case 0x7D, 0x5D:
                        if depth == 0 {
                            i -= 1
                            return i
                        }
                        depth -= 1
                        if depth == 0 { return i }
                    case 0x2C, 0x20, 0x0A, 0x0D, 0x09:
                        if depth == 0 {
                            i -= 1
                            return i
                        }
                    default: break
                    }
                }
                return nil
            }(scanned)
            if let found { return found - position > limit ? nil : found }
            if index - position > limit { return nil }
            let offset = index - position
            if try !fill() { return buffer.count }
            index = position + offset
        }
    }

    /// How far to read a root value that is not an object, which is refused
    /// whatever follows: an array or a string to its end (the parser names
    /// what it is), anything else only its first 64 bytes, so the rest of
    /// the input (endless zeros, say) is never read.
    func endOfRefusedRoot() throws(DiagnosticError) -> Int {
        guard position < buffer.count else { return buffer.count }
        let first = buffer[position]
        if first == 0x5B || first == 0x22 { return try endOfValue() ?? buffer.count }
        return min(buffer.count, position + 64)
    }

    /// The index of the next `delimiter` at or after `position` (memchr
    /// finds it), filling as needed; the end of the input when there is none.
    func next(_ delimiter: UInt8) throws(DiagnosticError) -> Int {
        var index = position
        while true {
            if index < buffer.count, let base = buffer.baseAddress,
                let found = memchr(base + index, Int32(delimiter), buffer.count - index)
            {
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            index = max(index, buffer.count)
            let offset = index - position
            if try !fill() { return buffer.count }
            index = position + offset
        }
    }

    /// Line and column bases for a slice starting at `start` in `buffer`:
    /// the line count before it and the column of its first byte.
    func bases(at start: Int) -> (lines: Int, column: Int, bytes: Int) {
        // Counted on from the last answer when it lies before `start`, so
        // asking once per record stays linear in the file.
        var cache = basesCache.index <= start ? basesCache : (index: 0, lines: 0, column: columnOfBufferStart)
        let (lines, column) = Self.countLines(in: buffer, from: cache.index, upTo: start)
        if lines > 0 {
            cache.lines += lines
            cache.column = column
        } else {
            cache.column += start - cache.index
        }
        cache.index = start
        basesCache = cache
        return (linesDiscarded + cache.lines, cache.column, bytesDiscarded + start)
    }
}
