import MeridianArchive

/// Choices for reading KML and KMZ.
///
/// ```swift
/// var options = KMLReadingOptions()
/// options.recoversFromErrors = false    // fail on the first XML error
/// ```
public struct KMLReadingOptions: Sendable, Hashable {
    /// When the streaming parser stops on an XML error (a duplicated
    /// attribute, a stray `&`, a truncated file), re-read the document with
    /// libxml2's recovery mode, as Google Earth opens such files, and
    /// report the error as a `kml.xml.recovered` warning. The recovery pass
    /// holds the whole document in memory.
    public var recoversFromErrors: Bool
    /// Report elements that are not part of KML 2.2 or Google's extensions
    /// as `kml.element.unknown` warnings (the validator turns this on).
    public var reportsUnknownElements: Bool
    /// Limits on KMZ (zip) archives, shared with every zipped format.
    public var archiveLimits: ArchiveLimits
    /// The most bytes of a stream (standard input, a pipe) kept while
    /// reading, so that a broken document can be read again in recovery
    /// mode; past it, a broken stream is an error. Regular files are read
    /// again from disk instead, and keep nothing.
    public var recoveryCopyLimit: Int
    /// Features held back, at most, while waiting for a Style defined after
    /// the Placemark that uses it; past this they are written with the
    /// style unresolved (and a warning).
    public var maximumHeldFeatures: Int

    public init(
        recoversFromErrors: Bool = true, reportsUnknownElements: Bool = false,
        archiveLimits: ArchiveLimits = ArchiveLimits(), recoveryCopyLimit: Int = 64 << 20,
        maximumHeldFeatures: Int = 1_000
    ) {
        self.recoversFromErrors = recoversFromErrors
        self.reportsUnknownElements = reportsUnknownElements
        self.archiveLimits = archiveLimits
        self.recoveryCopyLimit = recoveryCopyLimit
        self.maximumHeldFeatures = maximumHeldFeatures
    }
}
