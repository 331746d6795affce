import MeridianCore

/// Repeated keys. RFC 8259 says names within an object SHOULD be unique,
/// and readers disagree about which value wins (most keep the last, some
/// the first, some fail), so a repeated key makes a document mean
/// different things to different programs. It is a warning rather than an
/// error because the JSON is still valid and Meridian, like `JSON.parse`,
/// keeps the last value.
///
/// Every object of the document is checked, properties and foreign members
/// included (geojsonhint checks GeoJSON objects only): GeoJSON objects as
/// the walk reaches them, everything else by a plain recursive walk of the
/// members the walk does not enter.
extension GeoJSONValidationPass {
    /// Reports each repetition of a key in `node` itself, at the repeated
    /// key, with the pointer of that member.
    mutating func checkDuplicateKeys(of node: LocatedJSON) {
        guard let members = node.members, members.count > 1 else { return }
        var seen: Set<String> = []
        seen.reserveCapacity(members.count)
        for member in members where !seen.insert(member.key).inserted {
            path.append(.key(member.key))
            report(
                .warning, "geojson.object.duplicate-key",
                "An object contained duplicate members, making parsing ambiguous: \"\(member.key)\" (the last value is used)",
                offset: member.keyOffset, pointer: currentPointer, featureID: featureID)
            path.removeLast()
        }
    }

    /// Checks every object inside the members of `node`, except the value
    /// of the member named `walked` that the GeoJSON walk checks itself
    /// (the last one, when the key is repeated: that is the one read).
    mutating func checkDuplicateKeysInMembers(of node: LocatedJSON, except walked: String?) {
        guard let members = node.members else { return }
        let walkedIndex = walked.flatMap { name in members.lastIndex(where: { $0.key == name }) }
        for (index, member) in members.enumerated() where index != walkedIndex {
            path.append(.key(member.key))
            checkDuplicateKeysDeep(member.value)
            path.removeLast()
        }
    }

    /// Checks `node` and everything inside it. Recursion is bounded by the
    /// reader's depth limit.
    mutating func checkDuplicateKeysDeep(_ node: LocatedJSON) {
        switch node.value {
        case .object(let members):
            checkDuplicateKeys(of: node)
            for member in members {
                path.append(.key(member.key))
                checkDuplicateKeysDeep(member.value)
                path.removeLast()
            }
        case .array(let elements) where elements.mayHoldObjects:
            for (index, element) in elements.enumerated() where element.isObject || element.isArray {
                path.append(.index(index))
                checkDuplicateKeysDeep(element)
                path.removeLast()
            }
        default:
            break
        }
    }
}
