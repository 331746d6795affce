import MeridianCore

extension KMLWriter {
    /// The first pass over the features: which styles are shared, under which
    /// ids, and which ExtendedData properties are typed in the Schema.
    struct Plan {
        /// Style id -> properties, in order of first use.
        var styles: [(String, JSONObject)] = []
        var styleIndex: [JSONObject: String] = [:]
        var idIndex: [String: JSONObject] = [:]
        /// Property name -> the KML type of its values (int, double, bool or string).
        var fieldTypes: [String: String] = [:]
        /// Property names in order of first use.
        var fieldOrder: [String] = []
        var generated = 0

        mutating func study(_ feature: Feature) {
            let style = Self.styleProperties(feature)
            if !style.isEmpty { _ = styleID(for: feature, style: style, register: true) }
            recordFieldTypes(of: feature)
        }
    }
}
