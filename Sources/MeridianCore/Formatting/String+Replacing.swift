extension String {
    /// The string with every `target` character replaced, without
    /// Foundation (used for JSON pointer escaping and annotation escaping).
    package func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
