import MeridianCore

extension GeoJSONDocument {
    /// Decodes the GeoJSON file at `path` ("-" for standard input) without
    /// holding its text whole: it streams through ``GeoJSONFeatureReader``
    /// (a large collection decoded on every core, see
    /// ``GeoJSONFeatureReader/nextBatch(using:)``), so memory peaks at
    /// about the decoded model, where decoding bytes already in memory
    /// needs the text as well. A text sequence or NDJSON file becomes the
    /// collection of its records' features. Errors are located in the file
    /// as ``init(decoding:options:)`` locates them.
    ///
    /// ```swift
    /// let document = try GeoJSONDocument(contentsOfFile: "world.geojson")
    /// ```
    public init(contentsOfFile path: String, options: JSONReadingOptions = JSONReadingOptions())
        throws(DiagnosticError)
    {
        let reader = try GeoJSONFeatureReader(path: path, options: options)
        let decoder = FeatureBatchDecoder { $0 }
        var features: [Feature] = []
        while let batch = try reader.nextBatch(using: decoder) { features += batch }
        switch (reader.layout, features.first, features.first?.geometry) {
        case (.feature?, let feature?, _) where features.count == 1:
            self = .feature(feature)
        case (.geometry?, let feature?, let geometry?) where features.count == 1:
            self = .geometry(geometry, members: feature.geometryMembers)
        default:
            var collection = reader.collection
            collection.features = features
            self = .featureCollection(collection)
        }
    }
}
