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
    /// The namespaces whose elements are read by local name: KML's for a
    /// KML document, GPX's and TCX's for those.
    let primaryNamespaces: Set<String>
    /// The namespace URI of each foreign name that has one (for GPX
    /// extensions, which togeojson keys by namespace).
    private(set) var namespaceURIs: [Int32: String] = [:]

    /// Whether an element written without a prefix is read by its local
    /// name whatever its namespace (GPX: `<time xmlns="...gpx_modified">`
    /// is a `time`, as the DOM's getElementsByTagName sees it).
    let readsUnprefixedNames: Bool

    init(primaryNamespaces: Set<String> = XMLStreamReader.kmlNamespaces, readsUnprefixedNames: Bool = false) {
        self.primaryNamespaces = primaryNamespaces
        self.readsUnprefixedNames = readsUnprefixedNames
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

    func setNamespace(_ uri: String, of id: Int32) { namespaceURIs[id] = uri }
}
