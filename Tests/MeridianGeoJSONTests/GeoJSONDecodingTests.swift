import Foundation
import MeridianCore
import Testing

@testable import MeridianGeoJSON

func decode(_ text: String) throws(DiagnosticError) -> GeoJSONDocument {
    try GeoJSONDocument(decoding: Array(text.utf8), options: JSONReadingOptions(fileName: "test.geojson"))
}

func decodingError(_ text: String) -> Diagnostic? {
    do {
        _ = try decode(text)
        return nil
    } catch {
        return error.diagnostic
    }
}

@Suite struct GeoJSONDecodingTests {
    @Test func allSevenGeometryTypesDecode() throws {
        let text = """
            {"type":"GeometryCollection","geometries":[
              {"type":"Point","coordinates":[1,2]},
              {"type":"MultiPoint","coordinates":[[1,2],[3,4]]},
              {"type":"LineString","coordinates":[[1,2],[3,4]]},
              {"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[[5,6],[7,8]]]},
              {"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]},
              {"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[]]},
              {"type":"GeometryCollection","geometries":[]}
            ]}
            """
        guard case .geometry(.geometryCollection(let geometries), _) = try decode(text) else {
            Issue.record("not a geometry collection")
            return
        }
        #expect(
            geometries.map(\.typeName) == [
                "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
            ])
        #expect(geometries[0] == .point(Coordinate(latitude: 2, longitude: 1)))
        #expect(
            geometries[5]
                == .multiPolygon([
                    [
                        [
                            .init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 1),
                            .init(latitude: 1, longitude: 1), .init(latitude: 0, longitude: 0),
                        ]
                    ], [],
                ]))
    }

    @Test func typeMayFollowCoordinates() throws {
        let document = try decode(#"{"coordinates":[[1,2],[3,4.5,6]],"type":"LineString"}"#)
        #expect(
            document
                == .geometry(
                    .lineString([
                        Coordinate(latitude: 2, longitude: 1), Coordinate(latitude: 4.5, longitude: 3, altitude: 6),
                    ]), members: JSONObject()))
    }

    @Test func idsKeepStringVersusNumber() throws {
        let collection = try decode(
            """
            {"type":"FeatureCollection","features":[
             {"type":"Feature","id":"7","geometry":null,"properties":{}},
             {"type":"Feature","id":7,"geometry":null,"properties":{}},
             {"type":"Feature","id":7.5,"geometry":null,"properties":null}]}
            """
        ).featureCollection
        #expect(collection.features.map(\.id) == [.string("7"), .integer(7), .double(7.5)])
        #expect(collection.features[2].propertiesAreNull)
    }

    @Test func propertiesKeepKeyOrderAndEveryValue() throws {
        let feature = try decode(
            #"{"type":"Feature","geometry":null,"properties":{"z":1,"a":[true,null,"x"],"m":{"k":1.50,"j":-0}}}"#
        ).featureCollection.features[0]
        #expect(feature.properties.keys == ["z", "a", "m"])
        #expect(feature.properties["a"] == [true, nil, "x"])
        #expect(feature.properties["m"]?["k"] == .double(1.5))
        #expect(feature.properties["m"]?["j"] == .double(-0.0))
        #expect(feature.properties["m"]?.objectValue?.keys == ["k", "j"])
    }

    @Test func foreignMembersAndBBoxAreKept() throws {
        let text =
            #"{"type":"FeatureCollection","name":"parks","bbox":[0,0,1,1],"features":[{"type":"Feature","title":"x","bbox":[0,0,1,1],"geometry":{"type":"Point","coordinates":[0,0],"bbox":[0,0,0,0]},"properties":{}}]}"#
        let collection = try decode(text).featureCollection
        #expect(collection.foreignMembers["name"] == "parks")
        #expect(collection.bbox == [0, 0, 1, 1])
        #expect(collection.features[0].foreignMembers["title"] == "x")
        #expect(collection.features[0].bbox == [0, 0, 1, 1])
        #expect(collection.features[0].geometryMembers["bbox"] != nil)
    }

    @Test func mapKitStyleDecoderGivesStringIdentifiersAndRawProperties() throws {
        let objects = try GeoJSONDecoder().decode(
            Array(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","id":42,"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]],[[0.2,0.2],[0.8,0.2],[0.8,0.8],[0.2,0.2]]]}]},"properties":{"b":1,"a":2}}]}"#
                    .utf8))
        let feature = try #require(objects.first as? GeoJSONFeature)
        #expect(feature.identifier == "42")
        #expect(feature.properties.map { String(decoding: $0, as: UTF8.self) } == #"{"b":1,"a":2}"#)
        #expect(feature.geometry.count == 2)
        #expect((feature.geometry[1] as? Polygon)?.interiorPolygons.count == 1)
        let shapes = try GeoJSONDecoder().decode(
            Array(#"{"type":"MultiLineString","coordinates":[[[1,2],[3,4]]]}"#.utf8))
        #expect(shapes.first is MultiPolyline)
    }
}

@Suite struct GeoJSONBadInputTests {
    @Test func truncatedFileIsLocated() throws {
        let diagnostic = try #require(
            decodingError("{\"type\":\"Feature\",\n\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,"))
        #expect(diagnostic.code == "json.syntax.unexpected-end")
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.location.jsonPointer == "/geometry/coordinates/1")
    }

    @Test func byteOrderMarkIsRejected() throws {
        let diagnostic = try #require(decodingError("\u{FEFF}{\"type\":\"Point\",\"coordinates\":[1,2]}"))
        #expect(diagnostic.message.contains("byte order mark"))
        #expect(diagnostic.location.line == 1 && diagnostic.location.column == 1)
    }

    @Test func invalidUTF8IsRejectedWhereItIs() throws {
        var bytes = Array(#"{"type":"Feature","geometry":null,"properties":{"name":"ab"}}"#.utf8)
        let offset = try #require(bytes.firstRange(of: Array("ab".utf8))).upperBound
        bytes.insert(0xFF, at: offset - 1)
        do {
            _ = try GeoJSONDocument(decoding: bytes)
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.diagnostic.code == "json.string.invalid-utf8")
            #expect(error.diagnostic.location.byteOffset == offset - 1)
            #expect(error.diagnostic.location.jsonPointer == "/properties/name")
        }
    }

    @Test func hundredThousandNestedArraysHitTheDepthLimit() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONValue(parsing: Array(text.utf8))
            Issue.record("accepted 100 000 levels")
        } catch {
            #expect(error.diagnostic.code == "json.depth.exceeded")
            #expect(error.diagnostic.location.byteOffset == 512)
        }
    }

    @Test func depthLimitIsConfigurable() throws {
        let text = Array("[[[[1]]]]".utf8)
        #expect(throws: DiagnosticError.self) {
            try JSONValue(parsing: text, options: JSONReadingOptions(maximumDepth: 3))
        }
        #expect(throws: Never.self) { try JSONValue(parsing: text, options: JSONReadingOptions(maximumDepth: 4)) }
    }

    @Test func hugeNumberIsOutOfRange() throws {
        let diagnostic = try #require(decodingError(#"{"type":"Point","coordinates":[1e999999,2]}"#))
        #expect(diagnostic.code == "json.number.out-of-range")
        #expect(diagnostic.location.column == 32)
    }

    @Test(arguments: ["NaN", "Infinity", "-Infinity", "nan"])
    func nonFiniteTokensAreRejected(token: String) throws {
        let diagnostic = try #require(decodingError(#"{"type":"Point","coordinates":[\#(token),2]}"#))
        // The offending byte: the letter after an optional minus sign.
        #expect(diagnostic.location.column == (token.hasPrefix("-") ? 33 : 32))
    }

    @Test func wrongMemberTypesAreNamed() throws {
        #expect(decodingError(#"{"type":"Point","coordinates":"1,2"}"#)?.code == "geojson.coordinates.not-array")
        #expect(decodingError(#"{"type":{},"coordinates":[1,2]}"#)?.code == "geojson.type.not-string")
        #expect(
            decodingError(#"{"type":"Feature","geometry":null,"properties":[1]}"#)?.code
                == "geojson.member.wrong-type")
        #expect(
            decodingError(#"{"type":"Feature","id":true,"geometry":null,"properties":{}}"#)?.code
                == "geojson.id.invalid")
        #expect(decodingError(#"{"type":"Point","coordinates":[1]}"#)?.code == "geojson.position.too-short")
        #expect(
            decodingError(#"{"type":"Polygon","coordinates":[[1,2],[3,4]]}"#)?.code == "geojson.coordinates.too-shallow"
        )
        #expect(decodingError(#"{"type":"Circle","coordinates":[1,2]}"#)?.code == "geojson.type.unknown")
    }

    /// One code per problem, whichever layer finds it: the code the
    /// decoder stops with is among those the validator lists for the same
    /// document.
    @Test(arguments: [
        #"[1, 2]"#,
        #"{"type":"FeatureCollection"}"#,
        #"{"type":"FeatureCollection","features":{}}"#,
        #"{"type":"FeatureCollection","features":[42]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Point","coordinates":[1,2]}]}"#,
        #"{"type":"Feature","properties":7,"geometry":null}"#,
        #"{"type":"Feature","properties":{},"geometry":7}"#,
        #"{"type":"Feature","properties":{},"geometry":{"type":"Feature"}}"#,
        #"{"type":"GeometryCollection"}"#,
        #"{"type":"Point"}"#,
        #"{"type":"Point","coordinates":[1,2],"bbox":7}"#,
        #"{"type":"Point","coordinates":[1,2],"bbox":[0,"a",1,1]}"#,
        #"{"type":"Point","coordinates":[1]}"#,
        #"{"type":"Circle","coordinates":[1,2]}"#,
    ])
    func decoderAndValidatorShareCodes(_ text: String) throws {
        let decoded = try #require(decodingError(text))
        let validated = GeoJSONValidator().validate(Array(text.utf8)).map(\.code)
        #expect(validated.contains(decoded.code), "decoder: \(decoded.code), validator: \(validated)")
    }

    @Test func featuresThatAreNotObjectsAreLocated() throws {
        let diagnostic = try #require(
            decodingError(
                "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"geometry\":null,\"properties\":{}},\n 42]}"
            ))
        #expect(diagnostic.code == "geojson.feature.not-object")
        #expect(diagnostic.location.line == 3 && diagnostic.location.column == 2)
        #expect(diagnostic.location.jsonPointer == "/features/1")
    }
}

@Suite struct RepeatedKeyTests {
    @Test func repeatedKeyInALargeObjectIsFoundAndTheLastValueWins() throws {
        // Past 16 members the reader switches from a scan to a hash index.
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let value = try JSONValue(parsing: Array(#"{\#(members),"k7":"last","k\u0033\u0039":"escaped"}"#.utf8))
        let object = try #require(value.objectValue)
        #expect(object.count == 40)
        #expect(object["k7"] == "last")
        #expect(object["k39"] == "escaped")
        #expect(object.keys[7] == "k7")
    }
}
