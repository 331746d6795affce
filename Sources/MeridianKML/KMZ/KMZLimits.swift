/// The limits a KMZ (zip) archive must stay within before Meridian reads
/// it: defences against zip bombs and hostile archives.
///
/// ```swift
/// var limits = KMZLimits()
/// limits.maximumEntrySize = 64 << 20    // refuse KML entries over 64 MiB
/// ```
public struct KMZLimits: Sendable, Hashable {
    /// The most entries an archive may list.
    public var maximumEntryCount: Int
    /// The largest uncompressed size of the KML entry, declared or actual.
    public var maximumEntrySize: UInt64
    /// The largest ratio of uncompressed to compressed size of the KML
    /// entry. Text KML compresses 5-30x; zip bombs go past 1000x.
    public var maximumCompressionRatio: Double

    public init(
        maximumEntryCount: Int = 10_000, maximumEntrySize: UInt64 = 512 << 20, maximumCompressionRatio: Double = 200
    ) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumEntrySize = maximumEntrySize
        self.maximumCompressionRatio = maximumCompressionRatio
    }
}
