/// Where in the input a ``Diagnostic`` points: any of a file, a line and
/// column (1-based, columns counted in bytes), a byte offset, an RFC 6901
/// JSON pointer, a feature identifier, a property name, and the record of
/// a GeoJSON text sequence or newline-delimited GeoJSON.
public struct SourceLocation: Sendable, Hashable {
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The 0-based byte offset into the file.
    public var byteOffset: Int?
    /// An RFC 6901 pointer such as `/features/3/geometry`.
    public var jsonPointer: String?
    public var featureID: String?
    public var property: String?
    /// The 1-based number of the record, in a GeoJSON text sequence or
    /// newline-delimited GeoJSON (blank lines are not records).
    public var record: Int?

    public init(
        file: String? = nil, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil,
        jsonPointer: String? = nil, featureID: String? = nil, property: String? = nil, record: Int? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.jsonPointer = jsonPointer
        self.featureID = featureID
        self.property = property
        self.record = record
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `file:line:column`, leaving out what is unknown.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let line {
            parts.append(String(line))
            if let column { parts.append(String(column)) }
        }
        return parts.joined(separator: ":")
    }
}
