extension String {
    /// The string without leading and trailing XML whitespace (space, tab,
    /// carriage return, line feed).
    var trimmedKMLWhitespace: String {
        let utf8 = self.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = utf8.lastIndex(where: { !isSpace($0) })!
        if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return self }
        return String(self[first...last])
    }
}
