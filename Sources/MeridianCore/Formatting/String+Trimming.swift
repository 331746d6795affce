extension StringProtocol {
    /// The text without leading and trailing whitespace (Unicode's, as
    /// `Character.isWhitespace` says), without Foundation.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
