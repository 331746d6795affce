import MeridianCore
import MeridianJSON
import MeridianIO

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
        try self.init(reading: GeoJSONFeatureReader(path: path, options: options), using: FeatureBatchDecoder { $0 })
    }

    /// Everything `reader` has left, its features decoded by `decoder`. On
    /// an error, the runs still in flight are waited for, so that no thread
    /// reads the input once this returns
    /// (``decodeOnEveryCore(_:options:threads:)`` lends it the caller's
    /// bytes).
    init(reading reader: GeoJSONFeatureReader, using decoder: FeatureBatchDecoder<[Feature]>)
        throws(DiagnosticError)
    {
        var features: [Feature] = []
        do {
            while let batch = try reader.nextBatch(using: decoder) {
                if let total = reader.source.mapping?.count {
                    features.makeRoom(for: batch.count, read: reader.source.bytesConsumed, of: total)
                }
                features += batch
            }
        } catch {
            if decoder.engine != nil { while decoder.pool.next() != nil {} }
            throw error
        }
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
