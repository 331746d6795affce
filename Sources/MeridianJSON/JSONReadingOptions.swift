import MeridianCore

/// Limits and choices for reading JSON.
///
/// ```swift
/// var options = JSONReadingOptions()
/// options.maximumDepth = 64
/// let value = try JSONValue(parsing: bytes, options: options)
/// ```
public struct JSONReadingOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted; deeper input is
    /// rejected with a located error instead of exhausting the stack.
    public var maximumDepth: Int = InputLimits.maximumNesting

    /// The name used for the input in error locations.
    public var fileName: String?

    /// The most bytes a streaming reader holds at once: one feature of a
    /// FeatureCollection, one record of a sequence or NDJSON, or a document
    /// read whole. Past it reading stops with `geojson.feature.too-large`
    /// instead of exhausting memory on an endless value.
    public var maximumValueSize: Int = InputLimits.maximumValueBytes

    public init(
        maximumDepth: Int = InputLimits.maximumNesting, fileName: String? = nil, maximumValueSize: Int = InputLimits.maximumValueBytes
    ) {
        self.maximumDepth = maximumDepth
        self.fileName = fileName
        self.maximumValueSize = maximumValueSize
    }
}
