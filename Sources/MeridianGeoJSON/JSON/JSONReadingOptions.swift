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
    public var maximumDepth: Int = 512

    /// The name used for the input in error locations.
    public var fileName: String?

    public init(maximumDepth: Int = 512, fileName: String? = nil) {
        self.maximumDepth = maximumDepth
        self.fileName = fileName
    }
}
