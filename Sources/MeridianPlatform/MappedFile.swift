/// A regular file mapped read-only: its bytes are the system's file cache
/// pages themselves, so reading it neither copies them nor makes (and
/// zeroes) a page of memory for each four kilobytes, which is most of the
/// time a conversion of a few megabytes takes.
///
/// Pages are mapped as they are first read (with their neighbours), and
/// given back once read past (``release(upTo:)``), so a file of any size
/// takes the memory of what is being read, not of the file.
///
/// A file truncated by another program while it is mapped raises SIGBUS at
/// the next read past its new end, as in every program that maps its
/// input; ``SignalCleanup/watchMappedFiles()`` turns that into an error
/// (unfinished outputs removed, a message, status 1).
import MeridianLibC

package final class MappedFile: @unchecked Sendable {
    package let base: UnsafePointer<UInt8>
    package let count: Int
    /// Bytes before this offset have been given back.
    package private(set) var released = 0
    /// Whether the bytes are a mapping of ours (else a caller's, borrowed).
    private let isMapping: Bool

    /// Maps the regular file open on `descriptor` (from its start, `count`
    /// bytes); nil when it cannot be mapped (an empty file, or a system
    /// that refuses), and the caller reads it instead.
    package init?(descriptor: Int32, count: Int) {
        guard count > 0, let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED
        else { return nil }
        base = UnsafePointer(mapped.assumingMemoryBound(to: UInt8.self))
        self.count = count
        isMapping = true
        SignalCleanup.watchMappedFiles()
    }

    /// The caller's bytes, read as a mapped file is (never given back): they
    /// must outlive this object and every reader of it. Nil when empty.
    package init?(borrowing bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return nil }
        base = start
        count = bytes.count
        isMapping = false
    }

    deinit { if isMapping { munmap(UnsafeMutableRawPointer(mutating: base), count) } }

    /// Gives back the whole pages before `offset`: they stay in the file
    /// cache, but no longer count as this process's memory. Reading them
    /// again maps them again.
    package func release(upTo offset: Int) {
        let end = min(offset, count) & ~(Self.pageSize - 1)
        guard isMapping, end - released >= 1 << 20 else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
        released = end
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
}
