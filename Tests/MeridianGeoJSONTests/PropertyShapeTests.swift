import Foundation
import MeridianCore
import Testing

@testable import MeridianGeoJSON

/// Properties whose keys repeat those of the feature before take that
/// feature's key strings (`KeyShape`); whatever the keys do, every feature's
/// properties are what reading them alone gives.
@Suite struct PropertyShapeTests {
    static let properties = [
        #"{"a":1,"b":"x","c":[1,{"d":2}]}"#,
        #"{"a":2,"b":"y","c":[3,{"d":4}]}"#,
        #"{"a":3,"b":"z"}"#,
        #"{"a":4,"b":"w","c":5,"e":6}"#,
        #"{"b":7,"a":8}"#,
        #"{"b":9,"a":10,"b":11}"#,
        #"{"\u0062":12,"a":13}"#,
        #"{"b":14,"a":15}"#,
        #"{}"#,
        #"null"#,
        #"{"b":16,"a":17}"#,
    ]

    static var collection: String {
        let features = properties.map { #"{"type":"Feature","properties":\#($0),"geometry":null}"# }
        return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    }

    /// The members of one properties text read on its own.
    static func alone(_ text: String) throws -> (keys: [String], values: [JSONValue]) {
        guard case .object(let object) = try JSONValue(parsing: Array(text.utf8)) else { return ([], []) }
        return (object.keys, object.values)
    }

    static func check(_ features: [Feature]) throws {
        try #require(features.count == properties.count)
        for (feature, text) in zip(features, properties) {
            let expected = try alone(text)
            #expect(feature.properties.keys == expected.keys, "\(text)")
            #expect(feature.properties.values == expected.values, "\(text)")
            #expect(feature.properties[expected.keys.first ?? "a"] == expected.values.first, "\(text)")
        }
    }

    @Test func aDocumentReadsEveryFeaturesPropertiesAsItsOwn() throws {
        try Self.check(try GeoJSONDocument(decoding: Array(Self.collection.utf8)).featureCollection.features)
    }

    @Test func aStreamReadsEveryFeaturesPropertiesAsItsOwn() throws {
        let path = NSTemporaryDirectory() + "meridian-shape-\(UUID().uuidString).geojson"
        try Data(Self.collection.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try GeoJSONFeatureReader(path: path)
        var features: [Feature] = []
        while let feature = try reader.next() { features.append(feature) }
        try Self.check(features)
    }

    /// Properties that follow a shape are packed into bytes; they read and
    /// write as the same values in an array do, whatever the values are.
    @Test func packedPropertiesReadAndWriteAsAnArrayOfThem() throws {
        let values = [
            #""plain""#, #""esc\"aped \u00e9\n\ud83c\udf0d""#, #""Zürich""#,
            "\"" + String(repeating: "x", count: 300) + "\"", "0", "-0", "127", "-129", "40000", "3000000000",
            "12345678901234567890", "0.5", "-12.25", "1e5", "1.5E-3", "true", "false", "null", "[]", "{}",
            #"[1,"two",[null],{"three":3.5}]"#, #"{"name":{"en":"Hall"},"floors":[1,2]}"#,
        ]
        let object = "{" + values.enumerated().map { #""k\#($0)":\#($1)"# }.joined(separator: ",") + "}"
        let features = (0..<3).map { _ in #"{"type":"Feature","properties":\#(object),"geometry":null}"# }
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        let read = try GeoJSONDocument(decoding: Array(text.utf8)).featureCollection
        let alone = try Self.alone(object)
        // The first teaches the shape; the others follow it and are packed.
        #expect(read.features[0].properties.packedValues == nil)
        for feature in read.features.dropFirst() {
            #expect(feature.properties.packedValues != nil)
            #expect(feature.properties.keys == alone.keys && feature.properties.values == alone.values)
            #expect(feature.properties == read.features[0].properties)
        }
        var unpacked = read
        for index in unpacked.features.indices {
            unpacked.features[index].properties = JSONObject(zip(alone.keys, alone.values))
            #expect(unpacked.features[index].properties.packedValues == nil)
        }
        for options in [GeoJSONWriter.Options(), GeoJSONWriter.Options(pretty: true)] {
            let writer = GeoJSONWriter(options: options)
            #expect(writer.encode(read) == writer.encode(unpacked))
        }
    }

    @Test func followingObjectsShareTheShapesKeys() throws {
        let shape = KeyShape()
        for text in [#"{"name":"x","rank":1}"#, #"{"name":"y","rank":2}"#, #"{"name":"z"}"#] {
            let bytes = Array(text.utf8)
            _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONReaderFailure) in
                var reader = JSONReader(buffer)
                return try reader.readValue(following: shape)
            }
        }
        // The first object taught the shape; the other two followed it.
        #expect(shape.hits == 2)
        #expect(shape.keys == ["name", "rank"])
    }

    /// Objects of many members that follow a shape share its key index;
    /// looking keys up, and changing one object, behave as for an object
    /// of its own.
    @Test func manyMembersShareOneIndexAndStayTheirOwn() throws {
        let keys = (0..<40).map { "key\($0)" }
        let features = (0..<3).map { n in
            let members = keys.enumerated().map { #""\#($1)":\#($0 + 100 * n)"# }.joined(separator: ",")
            return #"{"type":"Feature","properties":{\#(members)},"geometry":null}"#
        }
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        var read = try GeoJSONDocument(decoding: Array(text.utf8)).featureCollection.features
        for (n, feature) in read.enumerated() {
            #expect(feature.properties["key39"] == .integer(Int64(39 + 100 * n)))
            #expect(feature.properties["key0"] == .integer(Int64(100 * n)))
            #expect(feature.properties["missing"] == nil)
        }
        read[2].properties["key5"] = nil
        read[2].properties["added"] = "x"
        read[2].properties["key39"] = "changed"
        #expect(read[2].properties["key5"] == nil && read[2].properties["added"] == "x")
        #expect(read[2].properties["key39"] == "changed" && read[2].properties["key6"] == .integer(206))
        #expect(read[2].properties.count == 40)
        #expect(read[1].properties["key5"] == .integer(105) && read[1].properties["added"] == nil)
        #expect(read[1].properties["key39"] == .integer(139) && read[1].properties.count == 40)
    }
}
