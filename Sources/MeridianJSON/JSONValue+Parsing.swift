import MeridianCore

extension JSONValue {
    /// Parses one JSON text (RFC 8259) from UTF-8 bytes.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: Array(#"{"a": [1, 2.5, "x"]}"#.utf8))
    /// ```
    ///
    /// Strict: no byte order mark, no comments, no trailing commas, no
    /// NaN/Infinity, valid UTF-8 only, nesting up to
    /// ``JSONReadingOptions/maximumDepth``. Repeated keys are allowed (the
    /// last value wins). Throws `DiagnosticError` with the line, column,
    /// byte offset and JSON pointer of the problem.
    public init<Bytes: Collection<UInt8>>(parsing bytes: Bytes, options: JSONReadingOptions = JSONReadingOptions())
        throws(DiagnosticError)
    {
        let result: Result<JSONValue, DiagnosticError> = withContiguousBytes(bytes) { buffer in
            var reader = JSONReader(buffer, maximumDepth: options.maximumDepth)
            do throws(JSONReaderFailure) {
                let value = try reader.readValue()
                try reader.expectEnd()
                return .success(value)
            } catch {
                return .failure(DiagnosticError(error.diagnostic(in: buffer, file: options.fileName)))
            }
        }
        self = try result.get()
    }
}

/// Runs `body` over the bytes as one contiguous buffer, copying only when
/// the collection is not already contiguous.
package func withContiguousBytes<Bytes: Collection<UInt8>, R>(_ bytes: Bytes, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
    return Array(bytes).withUnsafeBufferPointer(body)
}
