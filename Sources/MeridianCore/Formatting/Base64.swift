extension String {
    /// `bytes` in base64 (RFC 4648, with padding): how binary values read
    /// from a table (FlatGeobuf's, Parquet's) are kept as JSON text.
    public init(base64Encoding bytes: UnsafeRawBufferPointer) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<Swift.min(index + 3, bytes.count)]
            var group: UInt32 = 0
            for (shift, byte) in zip([16, 8, 0], chunk) { group |= UInt32(byte) << UInt32(shift) }
            for position in 0..<4 {
                text.append(
                    position <= chunk.count
                        ? alphabet[Int((group >> UInt32(18 - 6 * position)) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        self = String(decoding: text, as: UTF8.self)
    }
}
