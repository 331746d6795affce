import Testing

@testable import MeridianCore

@Suite struct JSONObjectTests {
    @Test func membersKeepInsertionOrder() {
        var object = JSONObject()
        object["z"] = 1
        object["a"] = "x"
        object["m"] = nil
        object["m"] = [1, 2.5, nil]
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["m"] == .array([.integer(1), .double(2.5), .null]))
    }

    @Test func repeatedKeyReplacesInPlaceAndLastWins() {
        let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .integer(3))
    }

    @Test func assigningNilRemoves() {
        var object = JSONObject([("a", 1), ("b", 2)])
        object["a"] = nil
        #expect(object.keys == ["b"] && object.count == 1)
    }

    @Test func integersAndDoublesStayDistinct() {
        #expect(JSONValue.integer(3) != JSONValue.double(3))
        #expect(JSONValue.integer(3).doubleValue == 3)
        #expect(JSONValue.double(3).typeName == "number")
    }

    /// A decoded file holds millions of property values and positions: a
    /// value is a string's 16 bytes and a tag (objects are boxed), a
    /// position three doubles; an object's values, an array or packed
    /// bytes, one word.
    @Test func valuesAndPositionsStayCompact() {
        #expect(MemoryLayout<JSONValue>.stride == 24)
        #expect(MemoryLayout<JSONObject>.stride == 24)
        #expect(MemoryLayout<Coordinate>.stride == 24)
        let nested: JSONValue = ["inner": ["a": 1]]
        #expect(nested["inner"]?["a"] == .integer(1))
    }
}

@Suite struct FeatureTests {
    @Test func identifierKeepsStringVersusNumber() {
        #expect(FeatureIdentifier.string("42") != FeatureIdentifier.integer(42))
        #expect(FeatureIdentifier.integer(42).description == "42")
        #expect(FeatureIdentifier.double(4.5).description == "4.5")
    }

    @Test func collectionBoundingBoxSpansEveryFeature() {
        let a = Feature(geometry: .point(Coordinate(latitude: 10, longitude: 20)))
        let b = Feature(
            geometry: .lineString([Coordinate(latitude: -5, longitude: 0), Coordinate(latitude: 1, longitude: 2)]))
        let empty = Feature()
        let collection = FeatureCollection(features: [a, empty, b])
        #expect(collection.boundingBox == BoundingBox(west: 0, south: -5, east: 20, north: 10))
        #expect(FeatureCollection().boundingBox == nil)
    }
}

@Suite struct DiagnosticTests {
    @Test func descriptionReadsLikeACompilerMessage() {
        let diagnostic = Diagnostic(
            severity: .error, code: "geojson.ring.unclosed", message: "ring is not closed",
            location: SourceLocation(file: "a.geojson", line: 3, column: 7, jsonPointer: "/features/0", featureID: "x"))
        #expect(
            diagnostic.description
                == "a.geojson:3:7: error: ring is not closed [geojson.ring.unclosed] (feature x, at /features/0)")
    }

    @Test func severitiesAreOrdered() {
        #expect(Diagnostic.Severity.info < .warning && Diagnostic.Severity.warning < .error)
    }
}
