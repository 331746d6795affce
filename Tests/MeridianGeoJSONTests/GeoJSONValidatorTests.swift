import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianGeoJSON

/// The GeoJSON validator: one test per rule on small inline documents, then
/// conformance with geojsonhint's own test data (in `Conformance` below).
@Suite struct GeoJSONValidatorTests {
    /// Validates `text` as a file named "test.geojson".
    static func validate(_ text: String, options: GeoJSONValidator.Options = .init()) -> [Diagnostic] {
        GeoJSONValidator(options: options).validate(Array(text.utf8), file: "test.geojson")
    }

    /// The one diagnostic of `text` with `code`; records an issue unless
    /// there is exactly one.
    static func only(
        _ code: String, in text: String, options: GeoJSONValidator.Options = .init(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Diagnostic? {
        let found = validate(text, options: options).filter { $0.code == code }
        #expect(found.count == 1, "expected one \(code), got \(found)", sourceLocation: sourceLocation)
        return found.first
    }

    static func codes(_ text: String, options: GeoJSONValidator.Options = .init()) -> [String] {
        validate(text, options: options).map(\.code)
    }

    // MARK: - Valid input

    @Test func validDocumentGivesNoDiagnostics() {
        let text = #"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": 1, "properties": {"name": "a"},
               "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]],
                                                                [[0.2, 0.2], [0.2, 0.8], [0.8, 0.8], [0.8, 0.2], [0.2, 0.2]]]}},
              {"type": "Feature", "properties": null, "geometry": null},
              {"type": "Feature", "properties": {}, "geometry": {"type": "GeometryCollection", "geometries": [
                {"type": "Point", "coordinates": [1, 2, 3]}, {"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]]]}]}}
            ], "bbox": [0, 0, 1, 2], "foreign": {"kept": true}}
            """#
        #expect(Self.validate(text).isEmpty)
    }

    // MARK: - JSON and the root

    @Test func syntaxErrorIsASingleLocatedError() throws {
        let diagnostics = Self.validate("{\n  \"type\": \"Point\",\n  \"coordinates\": [1, 2,]\n}")
        let error = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(error.severity == .error && error.code == "json.syntax.unexpected-character")
        #expect(error.location.line == 3 && error.location.column == 24)
        #expect(error.location.file == "test.geojson")
    }

    @Test func nestingBeyondTheDepthLimitIsAnError() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let text = #"{"type": "Point", "coordinates": \#(deep)}"#
        #expect(Self.codes(text) == ["json.depth.exceeded"])
        let options = GeoJSONValidator.Options(maximumDepth: 4)
        #expect(
            Self.codes(#"{"type": "MultiPolygon", "coordinates": [[[[0, 0]]]]}"#, options: options) == [
                "json.depth.exceeded"
            ])
    }

    @Test func rootMustBeAnObject() throws {
        for text in ["null", "[]", "\"Point\"", "42", "[{\"a\": 1, \"a\": 2}]"] {
            let diagnostic = try #require(Self.validate(text).first)
            #expect(diagnostic.code == "geojson.root.not-object" && diagnostic.severity == .error)
            #expect(diagnostic.location.line == 1 && diagnostic.location.jsonPointer == "")
        }
    }

    // MARK: - type

    @Test func missingTypeIsReported() {
        #expect(Self.codes("{}") == ["geojson.type.missing"])
    }

    @Test func typeMustBeAString() {
        #expect(Self.codes(#"{"type": {}}"#) == ["geojson.type.not-string"])
        #expect(Self.codes(#"{"type": null}"#) == ["geojson.type.not-string"])
    }

    @Test func unknownTypeIsReported() {
        let diagnostic = Self.only("geojson.type.unknown", in: #"{"type": "Circle", "radius": 3}"#)
        #expect(diagnostic?.message.contains("Circle") == true)
    }

    @Test func typeIsCaseSensitive() {
        let diagnostic = Self.only("geojson.type.case", in: #"{"type": "point", "coordinates": [0, 0]}"#)
        #expect(diagnostic?.message.contains("Expected Point but got point") == true)
    }

    @Test func objectWithUnknownTypeIsNotCheckedFurther() {
        // Its type decides which rules apply; only its repeated keys are still reported.
        let text = #"{"type": "featurecollection", "features": [{"type": "feature"}], "x": {"a": 1, "a": 2}}"#
        #expect(Self.codes(text) == ["geojson.type.case", "geojson.object.duplicate-key"])
    }

    @Test func featureCollectionMembersMustBeFeatures() {
        let text = #"""
            {"type": "FeatureCollection", "features": [
              {"type": "Point", "coordinates": [0, 0]},
              {"type": "Featre", "properties": {}, "geometry": {"type": "Point", "coordinates": "x"}}
            ]}
            """#
        #expect(
            Self.codes(text) == ["geojson.type.unexpected", "geojson.type.unknown", "geojson.coordinates.not-array"])
    }

    @Test func geometryMustBeAGeometryType() {
        let text =
            #"{"type": "Feature", "properties": {}, "geometry": {"type": "Feature", "properties": {}, "geometry": null}}"#
        let diagnostic = Self.only("geojson.type.unexpected", in: text)
        #expect(diagnostic?.location.jsonPointer == "/geometry")
    }

    // MARK: - Members

    @Test func requiredMembersAreReported() {
        #expect(Self.codes(#"{"type": "Feature"}"#) == ["geojson.member.missing", "geojson.member.missing"])
        #expect(Self.codes(#"{"type": "FeatureCollection"}"#) == ["geojson.member.missing"])
        #expect(Self.codes(#"{"type": "GeometryCollection"}"#) == ["geojson.member.missing"])
        #expect(Self.codes(#"{"type": "Point"}"#) == ["geojson.member.missing"])
    }

    @Test func membersMustHaveTheRightKind() {
        #expect(
            Self.codes(#"{"type": "Feature", "properties": [], "geometry": null}"#) == ["geojson.member.wrong-type"])
        #expect(
            Self.codes(#"{"type": "Feature", "properties": 1, "geometry": 2}"#) == [
                "geojson.member.wrong-type", "geojson.geometry.not-object",
            ])
        #expect(Self.codes(#"{"type": "FeatureCollection", "features": {}}"#) == ["geojson.member.wrong-type"])
        #expect(Self.codes(#"{"type": "GeometryCollection", "geometries": null}"#) == ["geojson.member.wrong-type"])
    }

    @Test func membersThatChangeSemanticsAreErrors() {
        let feature =
            #"{"type": "Feature", "properties": {}, "geometry": null, "features": [], "coordinates": [], "geometries": []}"#
        #expect(Self.codes(feature) == Array(repeating: "geojson.member.changes-semantics", count: 3))
        let collection = #"{"type": "FeatureCollection", "features": [], "properties": {}, "geometry": null}"#
        #expect(Self.codes(collection) == Array(repeating: "geojson.member.changes-semantics", count: 2))
        let polygon = #"{"type": "Polygon", "coordinates": [], "properties": {}}"#
        #expect(
            Self.validate(polygon).filter { $0.severity == .error }.map(\.code) == ["geojson.member.changes-semantics"])
    }

    @Test func duplicateKeyIsReportedWithItsLine() throws {
        let text = """
            {
              "type": "FeatureCollection",
              "features": [],
              "type": "FeatureCollection"
            }
            """
        let diagnostic = try #require(Self.only("geojson.object.duplicate-key", in: text))
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location.line == 4 && diagnostic.location.column == 3)
        #expect(diagnostic.location.jsonPointer == "/type")
        #expect(diagnostic.message.contains("\"type\""))
    }

    @Test func duplicateKeysInPropertiesAreReportedToo() throws {
        let text =
            #"{"type": "Feature", "id": "a", "properties": {"name": 1, "x": {"k": 1, "k": 2}, "name": 2}, "geometry": null}"#
        let diagnostics = Self.validate(text)
        #expect(diagnostics.map(\.code) == ["geojson.object.duplicate-key", "geojson.object.duplicate-key"])
        #expect(diagnostics.map(\.location.jsonPointer) == ["/properties/x/k", "/properties/name"])
        #expect(diagnostics.allSatisfy { $0.location.featureID == "a" })
    }

    @Test func featureIdMustBeStringOrNumber() {
        for id in ["{}", "[]", "true", "null"] {
            let text = #"{"type": "Feature", "id": \#(id), "properties": {}, "geometry": null}"#
            #expect(Self.codes(text) == ["geojson.id.invalid"], "id \(id)")
        }
        for id in ["\"a\"", "0", "-1.5e3"] {
            #expect(Self.codes(#"{"type": "Feature", "id": \#(id), "properties": {}, "geometry": null}"#).isEmpty)
        }
    }

    @Test func bboxMustBeAnArrayOfFourOrSixNumbers() {
        #expect(Self.codes(#"{"type": "Point", "coordinates": [0, 0], "bbox": "0,0,1,1"}"#) == ["geojson.bbox.invalid"])
        #expect(Self.codes(#"{"type": "Point", "coordinates": [0, 0], "bbox": [0, 0, 1]}"#) == ["geojson.bbox.invalid"])
        #expect(
            Self.codes(#"{"type": "Point", "coordinates": [0, 0], "bbox": [0, 0, "1", 1]}"#) == ["geojson.bbox.invalid"]
        )
        #expect(
            Self.codes(#"{"type": "Point", "coordinates": [0, 0], "bbox": [0, 0, 1, 1, 1]}"#) == [
                "geojson.bbox.invalid"
            ])
        #expect(Self.codes(#"{"type": "Point", "coordinates": [0, 0, 0], "bbox": [0, 0, 0, 1, 1, 1]}"#).isEmpty)
    }

    @Test func bboxSouthMustNotBeNorthOfNorth() {
        let diagnostic = Self.only(
            "geojson.bbox.invalid", in: #"{"type": "Point", "coordinates": [0, 0], "bbox": [0, 5, 1, 1]}"#)
        #expect(diagnostic?.location.jsonPointer == "/bbox")
        // West greater than east is a box across the antimeridian, and fine.
        #expect(Self.codes(#"{"type": "Point", "coordinates": [179, 0], "bbox": [178, -1, -178, 1]}"#).isEmpty)
    }

    @Test func crsIsObsolete() {
        let text =
            #"{"type": "Point", "coordinates": [0, 0], "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}}}"#
        #expect(Self.only("geojson.crs.obsolete", in: text)?.severity == .warning)
    }

    // MARK: - Collections

    @Test func everyFeatureMustBeAnObject() {
        let diagnostics = Self.validate(
            #"{"type": "FeatureCollection", "features": [null, 3, {"type": "Feature", "properties": {}, "geometry": null}]}"#
        )
        #expect(diagnostics.map(\.code) == ["geojson.feature.not-object", "geojson.feature.not-object"])
        #expect(diagnostics.map(\.location.jsonPointer) == ["/features/0", "/features/1"])
    }

    @Test func geometriesMustBeObjects() {
        let text = #"{"type": "GeometryCollection", "geometries": [false, {"type": "Point", "coordinates": [0, 0]}]}"#
        #expect(Self.only("geojson.geometry.not-object", in: text)?.location.jsonPointer == "/geometries/0")
    }

    @Test func singleGeometryCollectionIsAWarning() {
        let diagnostic = Self.only(
            "geojson.geometrycollection.single",
            in: #"{"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [0, 0]}]}"#)
        #expect(diagnostic?.severity == .warning && diagnostic?.location.jsonPointer == "/geometries")
    }

    @Test func nestedGeometryCollectionIsAWarning() {
        let text = #"""
            {"type": "GeometryCollection", "geometries": [
              {"type": "Point", "coordinates": [0, 0]},
              {"type": "GeometryCollection", "geometries": []}]}
            """#
        let diagnostic = Self.only("geojson.geometrycollection.nested", in: text)
        #expect(diagnostic?.severity == .warning && diagnostic?.location.line == 3)
        #expect(diagnostic?.location.jsonPointer == "/geometries/1")
    }

    // MARK: - Coordinates and positions

    @Test func coordinatesMustBeAnArray() {
        #expect(Self.codes(#"{"type": "LineString", "coordinates": "0 0, 1 1"}"#) == ["geojson.coordinates.not-array"])
        #expect(
            Self.codes(#"{"type": "MultiPoint", "coordinates": [[0, 0], null]}"#) == ["geojson.coordinates.not-array"])
    }

    @Test func tooShallowCoordinatesAreReportedOncePerArray() {
        // A polygon written as a list of positions: each "ring" is a position.
        let polygon = Self.validate(#"{"type": "Polygon", "coordinates": [[0, 0], [1, 0], [1, 1], [0, 0]]}"#)
        #expect(polygon.map(\.code) == Array(repeating: "geojson.coordinates.too-shallow", count: 4))
        #expect(polygon.map(\.location.jsonPointer) == (0..<4).map { "/coordinates/\($0)" })
        // A MultiPoint written as a single position: one problem, at the array.
        #expect(
            Self.only("geojson.coordinates.too-shallow", in: #"{"type": "MultiPoint", "coordinates": [0, 0]}"#)?
                .location.jsonPointer == "/coordinates")
        // A lone number among positions is reported at itself.
        #expect(
            Self.only(
                "geojson.coordinates.too-shallow", in: #"{"type": "LineString", "coordinates": [[0, 0], 5, [1, 1]]}"#)?
                .location.jsonPointer == "/coordinates/1")
    }

    @Test func tooDeepPositionIsReported() {
        let diagnostic = Self.only(
            "geojson.coordinates.too-deep", in: #"{"type": "MultiPoint", "coordinates": [[[0, 0], [1, 1]]]}"#)
        #expect(diagnostic?.location.jsonPointer == "/coordinates/0")
    }

    @Test func emptyCoordinatesAreInfo() {
        let diagnostics = Self.validate(#"{"type": "LineString", "coordinates": []}"#)
        #expect(diagnostics.map(\.code) == ["geojson.coordinates.empty"] && diagnostics.first?.severity == .info)
    }

    @Test func positionWithOneNumberIsTooShort() {
        #expect(
            Self.only("geojson.position.too-short", in: #"{"type": "Point", "coordinates": [2]}"#)?.severity == .error)
        #expect(Self.codes(#"{"type": "LineString", "coordinates": [[0, 0], []]}"#) == ["geojson.position.too-short"])
    }

    @Test func positionWithFourNumbersIsAWarning() {
        #expect(
            Self.only("geojson.position.too-long", in: #"{"type": "Point", "coordinates": [2, 4, 6, 8]}"#)?.severity
                == .warning)
    }

    @Test func positionElementsMustBeNumbers() throws {
        let text = """
            {"type": "Point",
             "coordinates": [1, "2"]}
            """
        let diagnostic = try #require(Self.only("geojson.position.not-number", in: text))
        #expect(diagnostic.location.line == 2 && diagnostic.location.column == 17)
        #expect(diagnostic.location.jsonPointer == "/coordinates")
        #expect(Self.codes(#"{"type": "Point", "coordinates": [1, null, 3]}"#) == ["geojson.position.not-number"])
    }

    @Test func outOfRangePositionIsAWarningOncePerGeometry() {
        let text = #"{"type": "LineString", "coordinates": [[0, 0], [200, 10], [10, 95]]}"#
        let diagnostic = Self.only("geojson.position.out-of-range", in: text)
        #expect(diagnostic?.severity == .warning && diagnostic?.location.jsonPointer == "/coordinates/1")
        #expect(diagnostic?.message.contains("1 more") == true)
    }

    // MARK: - Lines and rings

    @Test func lineWithOnePositionIsReported() {
        #expect(Self.codes(#"{"type": "LineString", "coordinates": [[0, 0]]}"#) == ["geojson.line.too-short"])
        let multi = #"{"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2]]]}"#
        #expect(Self.only("geojson.line.too-short", in: multi)?.location.jsonPointer == "/coordinates/1")
    }

    @Test func ringWithThreePositionsIsReported() {
        let text = #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}"#
        let diagnostic = Self.only("geojson.ring.too-short", in: text)
        #expect(diagnostic?.severity == .error && diagnostic?.location.jsonPointer == "/coordinates/0")
    }

    @Test func unclosedRingIsReported() {
        let text = #"{"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 1]]]]}"#
        let diagnostic = Self.only("geojson.ring.unclosed", in: text)
        #expect(diagnostic?.severity == .error && diagnostic?.location.jsonPointer == "/coordinates/0/0")
        // A different number of dimensions is not the same position either.
        #expect(
            Self.codes(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0, 5]]]}"#) == [
                "geojson.ring.unclosed"
            ])
        // 1.0 and 1 are the same number.
        #expect(Self.codes(#"{"type": "Polygon", "coordinates": [[[1.0, 0], [2, 0], [2, 1], [1, 0.0]]]}"#).isEmpty)
    }

    @Test func clockwiseExteriorIsAWarning() throws {
        let text = #"{"type": "Polygon", "coordinates": [[[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]]}"#
        let diagnostic = try #require(Self.only("geojson.ring.winding", in: text))
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location.jsonPointer == "" && diagnostic.message.contains("/coordinates/0"))
    }

    @Test func counterclockwiseHoleIsAWarning() {
        let text = #"""
            {"type": "MultiPolygon", "coordinates": [
              [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]],
              [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [1, 2], [2, 2], [2, 1], [1, 1]], [[2, 2], [3, 2], [3, 3], [2, 3], [2, 2]]]
            ]}
            """#
        let diagnostic = Self.only("geojson.ring.winding", in: text)
        #expect(diagnostic?.message.contains("1 of 4 rings") == true)
        #expect(diagnostic?.message.contains("hole at /coordinates/1/2") == true)
    }

    @Test func windingIsNotJudgedForBrokenRings() {
        let text = #"{"type": "Polygon", "coordinates": [[[0, 0], [0, 1], [1, 1], [1, 0]]]}"#
        #expect(Self.codes(text) == ["geojson.ring.unclosed"])
    }

    // MARK: - Precision

    @Test func excessivePrecisionIsAWarning() {
        let text = #"{"type": "Point", "coordinates": [100.0000001, 0.5]}"#
        let diagnostic = Self.only("geojson.precision.excessive", in: text)
        #expect(diagnostic?.severity == .warning && diagnostic?.message.contains("7 decimal places") == true)
        #expect(Self.codes(text, options: .init(precisionWarningDigits: 7)).isEmpty)
        #expect(Self.codes(text, options: .init(precisionWarningDigits: nil)).isEmpty)
    }

    @Test func precisionWarningsAreCappedWithASummary() {
        let positions = (0..<25).map { "[0.12345678, \($0)]" }.joined(separator: ", ")
        let text = #"{"type": "MultiPoint", "coordinates": [\#(positions)]}"#
        let diagnostics = Self.validate(text)
        #expect(diagnostics.filter { $0.code == "geojson.precision.excessive" }.count == 10)
        let summary = Self.only("geojson.precision.truncated", in: text)
        #expect(summary?.severity == .info && summary?.message.hasPrefix("15 more") == true)
        #expect(summary?.location.jsonPointer == "/coordinates/10")
        let unlimited = GeoJSONValidator.Options(precisionWarningLimit: nil)
        #expect(Self.codes(text, options: unlimited) == Array(repeating: "geojson.precision.excessive", count: 25))
    }

    @Test(arguments: [
        ("1", 0), ("-1.50", 1), ("0.0", 0), ("100.0000000001", 10), ("1.5e-7", 8), ("1500e-2", 0), ("1.25E+1", 1),
        ("-0.000001", 6),
    ])
    func decimalPlacesAreCountedAsAPrinterWouldWriteThem(_ token: String, _ places: Int) {
        let bytes = Array(token.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(GeoJSONValidationPass.decimalPlaces(buffer[...]) == places)
        }
    }

    // MARK: - Locations and order

    @Test func locationHasLineColumnPointerAndFeatureID() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": 7, "properties": {}, "geometry": null},
              {"type": "Feature", "id": 1e3, "properties": {},
               "geometry": {"type": "Polygon", "coordinates": [
                 [[0, 0], [1, 0], [1, 1], [0, 1]]]}}
            ]}
            """
        let diagnostic = try #require(Self.only("geojson.ring.unclosed", in: text))
        let location = diagnostic.location
        #expect(location.file == "test.geojson")
        #expect(location.line == 5 && location.column == 6)
        let lineFiveStart = text.split(separator: "\n").prefix(4).reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(location.byteOffset == lineFiveStart + 5)
        #expect(location.jsonPointer == "/features/1/geometry/coordinates/0")
        #expect(location.featureID == "1e3")
        #expect(diagnostic.description.hasPrefix("test.geojson:5:6: error: "))
    }

    @Test func pointerEscapesKeys() {
        let text = #"{"type": "Point", "coordinates": [0, 0], "a/b~c": {"k": 1, "k": 2}}"#
        #expect(Self.only("geojson.object.duplicate-key", in: text)?.location.jsonPointer == "/a~1b~0c/k")
    }

    @Test func everyProblemIsReportedInDocumentOrder() {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": {}, "properties": {},
               "geometry": {"type": "Point", "coordinates": [1, "2"]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0]]}},
              {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}}
            ], "crs": null}
            """
        let diagnostics = Self.validate(text)
        #expect(
            diagnostics.map(\.code) == [
                "geojson.crs.obsolete", "geojson.id.invalid", "geojson.position.not-number", "geojson.line.too-short",
                "geojson.member.missing", "geojson.ring.too-short",
            ])
        let offsets = diagnostics.compactMap(\.location.byteOffset)
        #expect(offsets == offsets.sorted())
    }

    @Test(arguments: [
        "", " ", "{", "[", "\u{FEFF}{}",
        "{\"type\": \"Feature\", \"geometry\": {\"type\": \"GeometryCollection\", \"geometries\": [[], {}, 1]}}",
        "{\"type\": \"MultiPolygon\", \"coordinates\": [1, [2, [3, [4, [5]]]], [[[[[]]]]], {}, null, \"x\"]}",
        "{\"type\": \"Polygon\", \"coordinates\": [[[]], [[1]], [[1, 2], [1]], [[null, 2], [3, 4], [5, 6], [null, 2]]]}",
        "{\"type\": \"FeatureCollection\", \"features\": [[{\"a\": 1, \"a\": 1}], \"Feature\", {\"type\": 5}, {\"id\": null}]}",
        "{\"type\": \"Point\", \"coordinates\": [1e-400, -0.0, 1e308], \"bbox\": [1, 2, 3, 4, 5, 6, 7]}",
    ])
    func hostileInputNeverCrashes(_ text: String) {
        let diagnostics = Self.validate(text)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.location.line != nil && $0.location.byteOffset != nil })
    }

    @Test func deeplyNestedGeometryCollectionsAreHandled() {
        var text = #"{"type": "Point", "coordinates": [0, 0]}"#
        for _ in 0..<200 { text = #"{"type": "GeometryCollection", "geometries": [\#(text)]}"# }
        let diagnostics = Self.validate(text)
        #expect(diagnostics.filter { $0.code == "geojson.geometrycollection.nested" }.count == 199)
        #expect(diagnostics.filter { $0.code == "geojson.geometrycollection.single" }.count == 200)
    }

    @Test func nonContiguousInputIsAccepted() {
        let bytes = Array(#"{"type": "Point", "coordinates": [0, 0]}"#.utf8)
        #expect(GeoJSONValidator().validate(bytes.lazy.map { $0 }).isEmpty)
    }
}

// MARK: - Conformance with geojsonhint

extension GeoJSONValidatorTests {
    /// geojsonhint's test data (`../shared/fixtures/geojson/geojsonhint`):
    /// the good files must give no error, and each bad file must have its
    /// problems on the lines geojsonhint's `.result` names, as many per
    /// line, except where a difference is deliberate and explained below.
    @Suite(.requiresFixtures)
    struct Conformance {
        static let goodFiles = Fixtures.files(in: "geojson/geojsonhint/good", extension: "geojson")
        static let badFiles = Fixtures.files(in: "geojson/geojsonhint/bad", extension: "geojson")

        /// What each good file gives with the default options, by code.
        /// None gives an error; 17 give nothing at all, and issue82 gives
        /// warnings only (and the info that summarises the precision ones).
        static let goodFileRemarks: [String: [String]] = [
            // Out of range (latitudes of -107...) and 14-digit coordinates.
            "issue82.geojson": ["geojson.precision.excessive", "geojson.position.out-of-range"]
                + Array(repeating: "geojson.precision.excessive", count: 9) + ["geojson.precision.truncated"]
        ]

        /// One problem geojsonhint reports, from a `.result` file.
        struct HintProblem: Decodable {
            var message: String
            var line: Int?
            var level: String?
        }

        /// A bad file where Meridian's lines differ from geojsonhint's on
        /// purpose: both are stated (as line: count), so a change on
        /// either side shows.
        struct Difference {
            var geojsonhint: [Int: Int]
            var meridian: [Int: Int]
            var reason: String
        }

        static let differences: [String: Difference] = [
            "bad-json": Difference(
                geojsonhint: [1: 1], meridian: [3: 1],
                reason: """
                    geojsonhint's line for a JSON parse error is not where the error is (its message says line 2); the \
                    missing comma is noticed at "coordinates", line 3 (checked in badJSONIsLocatedWhereTheCommaIsMissing)
                    """),
            "rootstring": Difference(
                geojsonhint: [0: 1], meridian: [1: 1],
                reason:
                    "geojsonhint uses line 0 for a root that is not an object; Meridian points at the value, on line 1"),
            "bad-duplicate-properties": Difference(
                geojsonhint: [1: 4], meridian: [1: 3, 3: 1],
                reason: "a repeated key is reported at the repetition (line 3), not at the object that holds it"),
            "false": Difference(
                geojsonhint: [1: 1, 3: 1], meridian: [3: 2],
                reason: "a non-object in `geometries` is reported at itself (line 3), not at the GeometryCollection"),
            "geometrycollection_nested": Difference(
                geojsonhint: [2: 1], meridian: [6: 1],
                reason: "a nested GeometryCollection is reported at itself (line 6), not at the `geometries` array"),
            "multipoint-nondimension": Difference(
                geojsonhint: [1: 2], meridian: [1: 1],
                reason:
                    "an array of numbers where positions belong is one position nested too shallowly: reported once, not per number"
            ),
            "point-labeled-as-a-multipolygon": Difference(
                geojsonhint: [6: 2], meridian: [6: 1],
                reason: "an array of numbers where polygons belong is reported once, not per number"),
        ]

        /// geojsonhint's own defaults: no precision warnings.
        static let geojsonhintOptions = GeoJSONValidator.Options(precisionWarningDigits: nil)

        static func lineCounts(_ lines: some Sequence<Int>) -> [Int: Int] {
            lines.reduce(into: [:]) { counts, line in counts[line, default: 0] += 1 }
        }

        @Test func allFixturesArePresent() {
            #expect(Self.goodFiles.count == 18)
            #expect(Self.badFiles.count == 44)
        }

        @Test(arguments: goodFiles)
        func goodFileHasNoErrors(_ url: URL) throws {
            let diagnostics = GeoJSONValidator().validate(try Fixtures.bytes(url), file: url.lastPathComponent)
            #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.description))")
            #expect(
                diagnostics.map(\.code) == Self.goodFileRemarks[url.lastPathComponent, default: []],
                "\(diagnostics.map(\.description))")
        }

        @Test(arguments: badFiles)
        func badFileProblemsAreOnGeojsonhintsLines(_ url: URL) throws {
            let name = url.deletingPathExtension().lastPathComponent
            let resultURL = url.deletingPathExtension().appendingPathExtension("result")
            let hints = try JSONDecoder().decode([HintProblem].self, from: Data(contentsOf: resultURL))
            let diagnostics = GeoJSONValidator(options: Self.geojsonhintOptions)
                .validate(try Fixtures.bytes(url), file: url.lastPathComponent)

            // An info counts only where geojsonhint has a "message" on that line.
            let messageLines = Set(hints.filter { $0.level == "message" }.compactMap(\.line))
            let counted = diagnostics.filter {
                $0.severity >= .warning || messageLines.contains($0.location.line ?? -1)
            }
            let actual = Self.lineCounts(counted.compactMap(\.location.line))
            let hinted = Self.lineCounts(hints.map { $0.line ?? 0 })

            if let difference = Self.differences[name] {
                #expect(hinted == difference.geojsonhint, "\(name): geojsonhint's result changed")
                #expect(actual == difference.meridian, "\(name): \(difference.reason)\n\(counted.map(\.description))")
            } else {
                #expect(actual == hinted, "\(name): \(counted.map(\.description))")
            }
        }

        @Test func badJSONIsLocatedWhereTheCommaIsMissing() throws {
            let url = Fixtures.url("geojson/geojsonhint/bad/bad-json.geojson")
            let diagnostics = GeoJSONValidator().validate(try Fixtures.bytes(url))
            #expect(diagnostics.count == 1)
            let error = try #require(diagnostics.first)
            #expect(error.severity == .error && error.code == "json.syntax.unexpected-character")
            #expect(error.location.line == 3 && error.location.column == 5)
        }

        @Test func excessivePrecisionIsReportedWhenAskedFor() throws {
            // geojsonhint's result for this file is empty because its
            // precision check is off by default; Meridian's is on.
            let url = Fixtures.url("geojson/geojsonhint/bad/excessive_precision_truncated.geojson")
            let diagnostics = GeoJSONValidator().validate(try Fixtures.bytes(url))
            #expect(diagnostics.map(\.code) == Array(repeating: "geojson.precision.excessive", count: 7))
            #expect(diagnostics.compactMap(\.location.line) == Array(2...8))
        }
    }
}
