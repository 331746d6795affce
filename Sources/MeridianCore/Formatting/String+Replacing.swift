extension String {
    /// The string with every occurrence of `target` (characters compared
    /// as Characters) replaced, left to right, without overlaps.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var start = startIndex
        while let found = self[start...].firstRange(ofText: target) {
            result += self[start..<found.lowerBound]
            result += replacement
            start = found.upperBound
        }
        return start == startIndex ? self : result + self[start...]
    }

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

// Text search without the standard library's _StringProcessing module:
// its `contains(_:)`, `firstRange(of:)` and `split(separator:)` for
// strings bring its regular-expression engine into the command line, 7 000
// symbols and 2 300 relocations the loader applies at every start.
extension StringProtocol {
    /// The first range of `other` (characters compared as Characters, so
    /// canonically equivalent text matches); an empty `other` is found at
    /// the start.
    @inlinable
    package func firstRange(ofText other: some StringProtocol) -> Range<Index>? {
        guard let first = other.first else { return startIndex..<startIndex }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            var mine = index(after: found)
            var theirs = other.index(after: other.startIndex)
            while theirs != other.endIndex, mine != endIndex, self[mine] == other[theirs] {
                formIndex(after: &mine)
                other.formIndex(after: &theirs)
            }
            if theirs == other.endIndex { return found..<mine }
            if mine == endIndex { return nil }
            start = index(after: found)
        }
        return nil
    }

    /// Whether `other` occurs in the text (as ``firstRange(ofText:)``).
    @inlinable
    package func containsText(_ other: some StringProtocol) -> Bool {
        firstRange(ofText: other) != nil
    }

    /// The parts between occurrences of `separator`, without the empty ones.
    @inlinable
    package func split(separatorText separator: some StringProtocol) -> [SubSequence] {
        var parts: [SubSequence] = []
        var start = startIndex
        while let found = self[start...].firstRange(ofText: separator), !found.isEmpty {
            if found.lowerBound > start { parts.append(self[start..<found.lowerBound]) }
            start = found.upperBound
        }
        if start < endIndex { parts.append(self[start...]) }
        return parts
    }
}
