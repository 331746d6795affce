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

    /// The string with each Unicode scalar for which `replacement` gives a
    /// string replaced by it (an empty string drops the scalar); the others
    /// are kept. The one loop behind the XML, HTML and JSON escapers.
    package func escapingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(unicodeScalars.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
