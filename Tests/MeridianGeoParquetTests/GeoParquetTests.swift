import Foundation
import MeridianCore
import MeridianIO
import MeridianTestSupport
import Testing

@testable import MeridianGeoParquet

/// The reader and writer on their own: Thrift and the encodings against
/// the format's worked examples, a round trip of every geometry and value
/// type, row groups skipped by a box, and files that lie.
struct GeoParquetTests {
    static func c(_ x: Double, _ y: Double, _ z: Double? = nil) -> Coordinate {
        Coordinate(latitude: y, longitude: x, altitude: z)
    }

    static func write(_ features: [Feature], to path: String, options: GeoParquetWritingOptions = .init()) throws {
        let destination = try OutputDestination(path: path)
        let writer = try GeoParquetWriter(destination: destination, system: nil, options: options)
        for feature in features { try writer.write(feature, collection: FeatureCollection(), layer: nil) }
        try writer.complete(collection: FeatureCollection())
        try destination.commit()
    }

    static func read(_ path: String, within box: BoundingBox? = nil, columns: Set<String>? = nil) throws -> (
        features: [Feature], reader: GeoParquetReader
    ) {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let reader = try GeoParquetReader(
            descriptor: descriptor, prefix: [], seekable: true, name: path, within: box, columns: columns)
        var features: [Feature] = []
        while let feature = try reader.next() { features.append(feature) }
        return (features, reader)
    }

    // MARK: - The format's pieces

    @Test func thriftRoundTripsTheFooter() throws {
        var metadata = FileMetadata()
        metadata.schema = [
            SchemaElement(repetition: .required, name: "schema", childCount: 2),
            SchemaElement(type: .byteArray, repetition: .optional, name: "name", meaning: .string),
            SchemaElement(type: .int64, repetition: .optional, name: "count"),
        ]
        metadata.rowCount = 70_000
        metadata.keyValues = [("geo", "{}"), ("empty", nil)]
        var chunk = ColumnChunk()
        chunk.type = .int64
        chunk.path = ["count"]
        chunk.codec = .zstd
        chunk.valueCount = 70_000
        chunk.dataPageOffset = 1 << 40
        chunk.statistics = ParquetStatistics(
            minimum: [1, 0, 0, 0, 0, 0, 0, 0], maximum: [9, 0, 0, 0, 0, 0, 0, 0], nullCount: 3)
        var name = ColumnChunk()
        name.type = .byteArray
        name.path = ["name"]
        metadata.rowGroups = [RowGroup(columns: [name, chunk], rowCount: 70_000, totalSize: 12)]
        var writer = ThriftWriter()
        writer.structure { metadata.write(&$0) }
        let decoded = try writer.bytes.withUnsafeBytes { raw in
            var reader = ThriftReader(raw)
            return try FileMetadata(&reader)
        }
        #expect(decoded.schema.map(\.name) == ["schema", "name", "count"])
        #expect(decoded.schema[1].meaning == .string && decoded.schema[2].type == .int64)
        #expect(decoded.rowCount == 70_000)
        #expect(decoded.value(forKey: "geo") == "{}")
        let read = decoded.rowGroups[0].columns[1]
        #expect(read.codec == .zstd && read.dataPageOffset == 1 << 40 && read.path == ["count"])
        #expect(read.statistics?.nullCount == 3 && read.statistics?.maximum?.first == 9)
    }

    @Test func thriftSkipsFieldsItDoesNotKnowAndRefusesLies() throws {
        // A struct with an unknown list field (id 20, three i32s) before field 4.
        let bytes: [UInt8] = [0x09, 0x28, 0x35, 0x02, 0x04, 0x06, 0x08, 0x08, 0x01, 0x61, 0x00]
        var name = ""
        try bytes.withUnsafeBytes { raw in
            var reader = ThriftReader(raw)
            try reader.structure { (r: inout ThriftReader, id, _) throws(ThriftReader.Failure) in
                guard id == 4 else { return false }
                name = try r.string()
                return true
            }
        }
        #expect(name == "a")
        // A string that says it is longer than what is left.
        let lying: [UInt8] = [0x48, 0xFF, 0x7F, 0x61]
        #expect(throws: ThriftReader.Failure.self) {
            try lying.withUnsafeBytes { raw in
                var reader = ThriftReader(raw)
                try reader.structure { (r: inout ThriftReader, _, _) throws(ThriftReader.Failure) in
                    _ = try r.string()
                    return true
                }
            }
        }
    }

    @Test func hybridDecodesRunsAndBitPackedGroups() throws {
        // The format's example: 0..7 bit-packed at width 3, after a run of eight 4s.
        let bytes: [UInt8] = [0x10, 0x04, 0x03, 0x88, 0xC6, 0xFA]
        let values = try bytes.withUnsafeBytes { raw in
            var decoder = ParquetDecoder(raw)
            return try decoder.hybrid(16, width: 3)
        }
        #expect(values == Array(repeating: 4, count: 8) + (0..<8).map(UInt64.init))
    }

    @Test func deltaBinaryPackedDecodesTheFormatsExample() throws {
        // 1, 2, 3, 4, 5: block 128, 4 miniblocks, 5 values, first 1, min delta 1, widths 0.
        let bytes: [UInt8] = [0x80, 0x01, 0x04, 0x05, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00]
        let values = try bytes.withUnsafeBytes { raw in
            var decoder = ParquetDecoder(raw)
            return try decoder.deltaBinaryPacked(5)
        }
        #expect(values == [1, 2, 3, 4, 5])
    }

    @Test func pagesCompressAndDecompressWithEveryCodec() throws {
        let page = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
        for codec in [ParquetCodec.uncompressed, .snappy, .gzip, .zstd] {
            let packed = try ParquetCompression.compress(codec, page)
            let unpacked = try packed.withUnsafeBytes {
                try ParquetCompression.decompress(codec, $0, count: page.count)
            }
            #expect(unpacked == page, "\(codec.name)")
        }
        // A page that says it holds more than it does, and one too large to allocate.
        let packed = try ParquetCompression.compress(.zstd, page)
        #expect(
            Self.failureCode {
                _ = try packed.withUnsafeBytes { try ParquetCompression.decompress(.zstd, $0, count: page.count + 1) }
            } == "parquet.page.invalid")
        #expect(
            Self.failureCode {
                _ = try packed.withUnsafeBytes { try ParquetCompression.decompress(.gzip, $0, count: 1 << 40) }
            } == "parquet.page.too-large")
    }

    // MARK: - Round trips

    @Test func everyGeometryAndValueTypeRoundTrips() throws {
        let square = [Self.c(0, 0), Self.c(1, 0), Self.c(1, 1), Self.c(0, 0)]
        let geometries: [Geometry?] = [
            .point(Self.c(1, 2)), .point(Self.c(1, 2, 30)), .lineString([Self.c(0, 0), Self.c(5, 5)]),
            .polygon([square]), .multiPoint([Self.c(1, 1), Self.c(2, 2)]),
            .multiLineString([[Self.c(0, 0), Self.c(1, 1)], [Self.c(2, 2), Self.c(3, 3)]]),
            .multiPolygon([[square], [square.map { Self.c($0.longitude + 5, $0.latitude) }]]),
            .geometryCollection([.point(Self.c(9, 9)), .lineString([Self.c(0, 0), Self.c(1, 0)])]), nil,
        ]
        let features = geometries.enumerated().map { index, geometry in
            var properties: [(String, JSONValue)] = [
                ("name", .string("feature \(index) é")), ("count", .integer(Int64(index) * 1_000_000_000_000)),
                ("ratio", index == 3 ? .integer(3) : .double(Double(index) / 4)), ("open", .bool(index % 2 == 0)),
                ("tags", .array([.string("a"), .integer(Int64(index))])),
                ("mixed", index == 2 ? .integer(2) : .string("x")),
            ]
            if index == 4 { properties.append(("rare", .string("only here"))) }
            if index == 5 { properties[0].1 = .null }
            var feature = Feature(geometry: geometry, properties: JSONObject(properties))
            feature.id = .integer(Int64(100 + index))
            return feature
        }
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("all.parquet").path
            try Self.write(features, to: path, options: GeoParquetWritingOptions(compression: .zstd, rowGroupSize: 4))
            let (read, reader) = try Self.read(path)
            #expect(reader.rowGroupCount == 3 && reader.geoMetadata?.version == "1.1.0")
            #expect(reader.geoMetadata?.columns["geometry"]?.geometryTypes.contains("Point Z") == true)
            #expect(read.count == features.count)
            for (ours, original) in zip(read, features) {
                #expect(ours.geometry == original.geometry)
                #expect(ours.properties["id"] == original.id?.jsonValue)
                #expect(ours.properties["name"] == original.properties["name"])
                #expect(ours.properties["count"] == original.properties["count"])
                #expect(ours.properties["ratio"]?.doubleValue == original.properties["ratio"]?.doubleValue)
                #expect(ours.properties["open"] == original.properties["open"])
                #expect(ours.properties["tags"] == original.properties["tags"])
                // A column of integers and text is text.
                let mixed = original.properties["mixed"]!
                #expect(ours.properties["mixed"] == .string(mixed.stringValue ?? "2"))
                #expect(ours.properties["rare"] == (original.properties["rare"] ?? .null))
            }
        }
    }

    @Test func declaredTypesHoldWhatTheyCanAndRefuseTheRest() throws {
        let values: [JSONValue] = [.integer(7), .double(2.5), .string("12"), .bool(true), .string("x")]
        let features = values.map { value in
            Feature(
                geometry: .point(Self.c(0, 0)),
                properties: JSONObject([("whole", value), ("number", value), ("text", value), ("flag", value)]))
        }
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("declared.parquet").path
            var options = GeoParquetWritingOptions()
            options.declaredTypes = ["whole": .int64, "number": .double, "text": .json, "flag": .boolean]
            let destination = try OutputDestination(path: path)
            let writer = try GeoParquetWriter(destination: destination, system: nil, options: options)
            for feature in features { try writer.write(feature, collection: FeatureCollection(), layer: nil) }
            try writer.complete(collection: FeatureCollection())
            try destination.commit()
            let read = try Self.read(path).features
            #expect(read.map { $0.properties["whole"] } == [.integer(7), .null, .integer(12), .null, .null])
            #expect(read.map { $0.properties["number"] } == [.double(7), .double(2.5), .double(12), .null, .null])
            #expect(
                read.map { $0.properties["text"] } == [
                    .integer(7), .double(2.5), .string("12"), .bool(true), .string("x"),
                ])
            #expect(read.map { $0.properties["flag"] } == [.null, .null, .null, .bool(true), .null])
            #expect(writer.warnings.map(\.code) == Array(repeating: "parquet.output.value-refused", count: 3))
            #expect(writer.warnings.first { $0.location.property == "whole" }?.location.record == 2)
        }
    }

    @Test func aBoxSkipsRowGroupsByTheirCoveringStatistics() throws {
        // Points along the equator, west to east, ten to a row group.
        let features = (0..<100).map { index in
            Feature(
                geometry: .point(Self.c(Double(index) - 50, 0)),
                properties: JSONObject([("n", .integer(Int64(index))), ("label", .string("p\(index)"))]))
        }
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("line.parquet").path
            try Self.write(features, to: path, options: GeoParquetWritingOptions(rowGroupSize: 10))
            let box = BoundingBox(west: -5.5, south: -1, east: 5.5, north: 1)
            let (read, reader) = try Self.read(path, within: box)
            #expect(reader.rowGroupCount == 10)
            #expect(reader.rowGroupsRead == 2)
            // Every feature in the box is among those read.
            let wanted = features.filter { $0.geometry!.meets(box) }.compactMap { $0.properties["n"] }
            #expect(wanted.count == 11)
            #expect(Set(wanted).isSubset(of: Set(read.compactMap { $0.properties["n"] })))
            // Only the columns asked for.
            let (some, _) = try Self.read(path, columns: ["label"])
            #expect(some.first?.properties.keys == ["label"])
        }
    }

    // MARK: - Files that lie

    /// A small file of ours, altered by `change`, read: its diagnostic code.
    static func codeOfReading(_ change: (inout [UInt8], FileMetadata) throws -> Void) throws -> String? {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("small.parquet").path
            let features = (0..<20).map { index in
                Feature(
                    geometry: .lineString([Self.c(0, 0), Self.c(Double(index), 1)]),
                    properties: JSONObject([("name", .string(index % 2 == 0 ? "even" : "odd"))]))
            }
            try Self.write(features, to: path, options: GeoParquetWritingOptions(compression: .none))
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let metadata = try bytes.withUnsafeBytes { try ParquetFile($0).metadata }
            try change(&bytes, metadata)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return diagnosticCode { _ = try Self.read(path) }
        }
    }

    /// The footer of `bytes` replaced by `metadata`.
    static func replaceFooter(_ bytes: inout [UInt8], with metadata: FileMetadata) {
        let length = bytes.withUnsafeBytes {
            Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt32.self)))
        }
        var writer = ThriftWriter()
        writer.structure { metadata.write(&$0) }
        bytes.removeSubrange((bytes.count - 8 - length)...)
        bytes += writer.bytes
        withUnsafeBytes(of: UInt32(writer.bytes.count).littleEndian) { bytes += $0 }
        bytes += ParquetFile.magic
    }

    @Test func filesThatLieAreLocatedErrors() throws {
        // A footer length past the file.
        #expect(try Self.codeOfReading { bytes, _ in bytes[bytes.count - 6] = 0x7F } == "parquet.footer.invalid")
        // Not Parquet at all, or cut short.
        #expect(try Self.codeOfReading { bytes, _ in bytes.removeLast(3) } == "parquet.footer.invalid")
        // A geo metadata that is not JSON, or names a column the schema lacks.
        #expect(
            try Self.codeOfReading { bytes, metadata in
                var changed = metadata
                changed.keyValues = [("geo", "{not json")]
                Self.replaceFooter(&bytes, with: changed)
            } == "parquet.geo.invalid")
        #expect(
            try Self.codeOfReading { bytes, metadata in
                var changed = metadata
                changed.keyValues = [
                    (
                        "geo",
                        #"{"version":"1.1.0","primary_column":"shape","columns":{"shape":{"encoding":"WKB","geometry_types":[]}}}"#
                    )
                ]
                Self.replaceFooter(&bytes, with: changed)
            } == "parquet.geo.invalid")
        // A column chunk whose pages lie outside the file.
        #expect(
            try Self.codeOfReading { bytes, metadata in
                var changed = metadata
                changed.rowGroups[0].columns[0].dataPageOffset = bytes.count * 2
                Self.replaceFooter(&bytes, with: changed)
            } == "parquet.column.invalid")
        // A codec Meridian does not read.
        #expect(
            try Self.codeOfReading { bytes, metadata in
                var changed = metadata
                changed.rowGroups[0].columns[0].codec = .brotli
                Self.replaceFooter(&bytes, with: changed)
            } == "parquet.codec.unsupported")
        // A page whose header says it is larger than its chunk.
        #expect(
            try Self.codeOfReading { bytes, metadata in
                let start = metadata.rowGroups[0].columns[0].dataPageOffset
                var header = ThriftWriter()
                header.structure {
                    PageHeader(
                        kind: .data, uncompressedSize: 1 << 30, compressedSize: 1 << 30, valueCount: 20,
                        encoding: .plain
                    )
                    .write(&$0)
                }
                bytes.replaceSubrange(start..<start + header.bytes.count, with: header.bytes)
            } == "parquet.page.invalid")
        // WKB whose point count lies.
        #expect(
            try Self.codeOfReading { bytes, metadata in
                let geometry = metadata.rowGroups[0].columns[1]
                // The first value: past the page header, the levels and the length.
                let start = try bytes.withUnsafeBytes { raw in
                    var reader = ThriftReader(raw, at: geometry.dataPageOffset)
                    _ = try PageHeader(&reader)
                    let levels = Int(
                        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: reader.position, as: UInt32.self)))
                    return reader.position + 4 + levels + 4
                }
                bytes.replaceSubrange(start + 5..<start + 9, with: [0xFF, 0xFF, 0xFF, 0x7F])
            } == "parquet.geometry.invalid")
    }

    @Test func aDictionaryIndexPastItsDictionaryIsAnError() throws {
        var values = ParquetValues.int64s([])
        #expect(
            Self.failureCode { try values.append(from: .int64s([1, 2]), indices: [0, 1, 2]) }
                == "parquet.dictionary.invalid")
    }
}

extension GeoParquetTests {
    /// The code of the ``ParquetFailure`` `body` throws.
    static func failureCode(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? ParquetFailure)?.code
        }
    }
}
