import MeridianCore
import MeridianIO
import MeridianSpatial

/// Converts any input Meridian reads to any ``OutputFormat`` of a
/// ``FormatRegistry``: the work behind `meridian convert`.
///
/// ```swift
/// let summary = try FeatureConverter.convert(
///     input: "big.geojson", output: "big.geojsonseq",
///     settings: ConversionSettings(format: .geojsonseq, writing: WritingOptions(precision: 6)))
/// print(summary.featureCount, summary.warnings)
/// ```
///
/// Features stream one at a time (an IMDF archive is decoded whole, as its
/// features refer to each other), decoded on a second thread while this one
/// encodes and writes (``FeaturePipeline``), so memory stays bounded by the
/// largest feature even for a FeatureCollection of gigabytes. The output
/// file appears only when the conversion succeeds.
public enum FeatureConverter {
    public struct Summary: Sendable {
        public var featureCount: Int
        /// How the input was laid out: "featureCollection", "ndjson", "kml", "imdf"...
        public var layout: String
        /// Problems the reader worked around (KML: malformed coordinates,
        /// unresolved styles).
        public var warnings: [Diagnostic]
        /// Records of a GeoJSON sequence or NDJSON that were skipped
        /// (`skippingBadRecords`), and why.
        public var skippedRecords = 0
        public var skipReasons: [Diagnostic] = []
        /// With `repair`: how many features changed, and each change as a
        /// `fix.*` note (see ``FeatureRepairer``).
        public var repairedFeatures = 0
        public var repairs: [Diagnostic] = []
        /// What the spatial operation (``ConversionSettings/operation``)
        /// reported, located at the features.
        public var operationDiagnostics: [Diagnostic] = []
    }

    /// Converts `input` to `output` ("-" for standard input or output) as
    /// `settings` say (``ConversionSettings``); `progress` is called with
    /// the bytes of the input consumed so far, when the input can say.
    public static func convert(
        input: String, output: String, settings: ConversionSettings = ConversionSettings(),
        progress: ((Int) -> Void)? = nil
    ) throws(DiagnosticError) -> Summary {
        try convert(input: Input(path: input), output: output, settings: settings, progress: progress)
    }

    /// Converts an opened input (see above).
    public static func convert(
        input: Input, output: String, settings: ConversionSettings = ConversionSettings(),
        progress: ((Int) -> Void)? = nil
    ) throws(DiagnosticError) -> Summary {
        let threads = settings.threads
        let shaping = settings.shaping
        var reading = settings.reading
        reading.layer = reading.layer ?? shaping?.layer
        reading.boundingBox = reading.boundingBox ?? shaping?.bbox
        // Only the selected columns are read, unless --where may look at others.
        if let shaping, shaping.filter == nil, let select = shaping.select {
            reading.selectedProperties = reading.selectedProperties ?? Set(select)
        }
        let format = settings.format ?? OutputFormat(matching: input)
        if let target = reading.coordinateSystem, !settings.formats.writesAnyCoordinateSystem(format) {
            throw DiagnosticError(
                code: "crs.output.unsupported",
                message:
                    "\(format.rawValue) is always WGS 84 longitude/latitude: it cannot be written in \(target) (leave out --t-srs)",
                location: SourceLocation(file: output))
        }
        // Repair, operations and shaping work in longitude and latitude: features are
        // carried to the system asked for after them, just before writing.
        let isReshaped = settings.repair != nil || settings.operation != nil || shaping.map { !$0.isEmpty } == true
        let target = reading.coordinateSystem.map { FeatureReprojector(target: $0, file: input.name) }
        let outputSystem = isReshaped ? target : nil
        if isReshaped { reading.coordinateSystem = nil }
        // The system, as a format that records it writes it down.
        var writing = settings.writing
        if let toTarget = try target?.transformation(declared: nil) {
            writing.coordinateSystem = FeatureReprojector.written(toTarget)
        }
        let source = try FeatureSource(input: input, options: reading)
        let sink = try FeatureSink(path: output, format: format, options: writing, formats: settings.formats)
        let repairer = settings.repair.map { FeatureRepairer(file: source.input.name, options: $0) }
        var index = 0
        var layout: String?  // known once the first feature is read
        let shaper = shaping.flatMap {
            $0.isEmpty ? nil : FeatureShaper(options: $0, inputName: source.input.name)
        }
        // Shared borders need every neighbour: the layer is held, then simplified as one.
        let topology = shaping.flatMap { options in
            options.keepsSharedBorders
                ? options.simplify.map { TopologySimplifier(tolerance: $0, method: options.simplifyMethod) } : nil
        }
        var layer: [Feature] = []
        var layerNames: [String?] = []
        var layerCollection = FeatureCollection()
        do throws(DiagnosticError) {
            if repairer == nil, shaper == nil, settings.operation == nil, let encode = sink.batchEncoder {
                // Decoded and encoded on every core, written here in order.
                let decoder = FeatureBatchDecoder(threads: threads) { features in (encode(features), features.count)
                }
                while let batch = try source.nextBatch(using: decoder) {
                    try sink.write(encoded: batch.0, count: batch.1, collection: source.collection)
                    if let bytes = source.bytesConsumed { progress?(bytes) }
                }
                try sink.finish(collection: source.collection)
                return summary(source, sink: sink, shaper: nil, repairer: nil, operation: nil)
            }
            // Carried to the system asked for after repair and shaping.
            let carry = try outputSystem?.transformation(declared: nil)
            var written = 0
            func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
                guard let outputSystem, let carry else {
                    return try sink.write(feature, collection: collection, layer: layer)
                }
                var features = [feature]
                if let failure = outputSystem.transform(&features, with: carry) {
                    throw outputSystem.error(failure, first: written)
                }
                written += 1
                try sink.write(features[0], collection: outputSystem.collection(collection), layer: layer)
            }
            // --limit: enough written, reading stops.
            let isFull = { shaper?.isFull == true }
            func shapeAndWrite(
                _ feature: Feature, collection: FeatureCollection, layer layerName: String?
            ) throws(DiagnosticError) {
                guard let shaper else { return try write(feature, collection: collection, layer: layerName) }
                for shaped in shaper.shape(feature, layer: layerName) {
                    if topology != nil {
                        layer.append(shaped)
                        layerNames.append(layerName)
                        layerCollection = collection
                    } else {
                        try write(shaped, collection: collection, layer: layerName)
                    }
                }
            }
            let operation = settings.operation
            let collection = try FeaturePipeline.run(source, threads: threads, progress: progress, until: isFull) {
                feature, collection, layerName, sourceLayout throws(DiagnosticError) in
                var feature = feature
                layout = layout ?? sourceLayout
                repairer?.repair(&feature, index: index, layout: layout!)
                index += 1
                guard let operation else { return try shapeAndWrite(feature, collection: collection, layer: layerName) }
                let at = index - 1
                let results = operation.apply(
                    feature, at: SourceLocation(feature: feature, index: at, layout: layout!, file: source.input.name))
                for result in results {
                    try shapeAndWrite(result, collection: collection, layer: layerName)
                }
            }
            for result in operation?.finish() ?? [] {
                try shapeAndWrite(result, collection: collection, layer: nil)
            }
            if let topology {
                for (feature, name) in zip(topology.simplify(layer), layerNames) {
                    try write(feature, collection: layerCollection, layer: name)
                }
            }
            try sink.finish(collection: outputSystem?.collection(collection) ?? collection)
        } catch {
            sink.discard()
            throw error
        }
        return summary(source, sink: sink, shaper: shaper, repairer: repairer, operation: settings.operation)
    }

    private static func summary(
        _ source: FeatureSource, sink: FeatureSink, shaper: FeatureShaper?, repairer: FeatureRepairer?,
        operation: (any FeatureOperation)?
    ) -> Summary {
        let skipped = source.skippedRecords
        var warnings = source.warnings + sink.warnings
        if let shaper, let wanted = shaper.options.layer, !shaper.sawLayer {
            warnings.append(
                Diagnostic(
                    severity: .warning, code: "convert.layer.unknown",
                    message:
                        "no feature is in the layer \"\(wanted)\"; the layers are \(shaper.layersSeen.map { "\"\($0)\"" }.joined(separator: ", "))",
                    location: SourceLocation(file: source.input.name)))
        }
        return Summary(
            featureCount: sink.featureCount, layout: source.layout, warnings: warnings,
            skippedRecords: skipped.count, skipReasons: skipped.reasons,
            repairedFeatures: repairer?.changedFeatures ?? 0, repairs: repairer?.changes ?? [],
            operationDiagnostics: operation?.diagnostics ?? [])
    }
}
