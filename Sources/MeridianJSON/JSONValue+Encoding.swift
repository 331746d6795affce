import MeridianCore

extension JSONValue {
    /// The value as JSON text (UTF-8), ending with a newline; keys keep
    /// their order, numbers are written in shortest round-trip form.
    ///
    /// ```swift
    /// let text = String(decoding: value.jsonBytes(pretty: true), as: UTF8.self)
    /// ```
    public func jsonBytes(pretty: Bool = false) -> [UInt8] {
        var output = JSONOutput(indentWidth: pretty ? 2 : 0, capacity: 256)
        output.writeValue(self)
        output.write(byte: 0x0A)
        return output.bytes
    }

    /// The value as compact JSON text on one line, without a line end: a
    /// value stored as text in a column (CSV, a GeoPackage, a shapefile).
    public var compactJSONText: String {
        var output = JSONOutput(indentWidth: 0, capacity: 64)
        output.writeValue(self)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
