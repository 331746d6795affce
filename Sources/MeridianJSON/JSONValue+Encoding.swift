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
}
