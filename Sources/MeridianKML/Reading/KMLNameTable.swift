/// The element names of one document, interned to small integers: the
/// ``KMLTag`` names first (id = raw value), then every other name in the
/// order met. KML names are their local names; an element of a foreign
/// namespace is `{foreign}` + its qualified name, so it never matches a
/// KML name. Shared by every ``XMLStreamReader`` of a ``KMLFeatureReader``
/// (a recovery restart keeps the ids).
///
/// Cost: one dictionary lookup per distinct (name, namespace) pair of a
/// document; nodes then carry only the id.
final class KMLNameTable {
    private(set) var names: [String] = []
    /// Whether each name is a KML 2.2 / gx: element (for `kml.element.unknown`).
    private(set) var isKnown: [Bool] = []
    private var ids: [String: Int32] = [:]

    init() {
        for tag in KMLTag.allCases {
            let id = intern(String(describing: tag))
            assert(id == tag.rawValue)
        }
    }

    func intern(_ name: String) -> Int32 {
        if let id = ids[name] { return id }
        let id = Int32(names.count)
        names.append(name)
        isKnown.append(KMLElementNames.known.contains(name))
        ids[name] = id
        return id
    }

    func name(_ id: Int32) -> String { names[Int(id)] }
}
