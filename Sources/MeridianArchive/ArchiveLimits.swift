/// The limits a zip archive (a KMZ, a zipped IMDF venue, any later zipped
/// format) must stay within before Meridian reads it: the defences against
/// zip bombs and hostile archives, one set for every format.
///
/// ```swift
/// var limits = ArchiveLimits()
/// limits.maximumEntrySize = 64 << 20    // refuse entries over 64 MiB
/// ```
///
/// Every limit is checked on what actually happens, not only on what the
/// archive's headers claim: an entry is counted while it inflates, and
/// reading stops the moment it outgrows its declared size, the entry
/// limit, the archive's total or the compression ratio.
public struct ArchiveLimits: Sendable, Hashable {
    /// The most entries the central directory may list.
    public var maximumEntryCount: Int
    /// The most bytes one entry may inflate to (declared or actual).
    public var maximumEntrySize: UInt64
    /// The most bytes all entries read from one archive may inflate to.
    public var maximumTotalSize: UInt64
    /// The most bytes an entry may inflate to per compressed byte, checked
    /// once an entry passes 1 MiB: text compresses 5 to 30 times, zip bombs
    /// a thousand times and more.
    public var maximumCompressionRatio: Double

    public init(
        maximumEntryCount: Int = 10_000, maximumEntrySize: UInt64 = 512 << 20, maximumTotalSize: UInt64 = 2 << 30,
        maximumCompressionRatio: Double = 200
    ) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumEntrySize = maximumEntrySize
        self.maximumTotalSize = maximumTotalSize
        self.maximumCompressionRatio = maximumCompressionRatio
    }
}
