import MeridianCore
import MeridianTestSupport
import Testing

@testable import Meridian

/// `--where` and the other shaping options, feature by feature.
@Suite struct FeatureExpressionTests {
    static let city: Feature = {
        var feature = Feature(geometry: .point(Coordinate(latitude: 37.77, longitude: -122.42)))
        feature.id = .string("sf")
        let properties: JSONValue = [
            "name": "San Francisco", "population": 808_437, "area": 121.4, "capital": false,
            "address": ["state": "CA"], "nickname": .null, "with space": "yes",
        ]
        feature.properties = properties.objectValue!
        return feature
    }()

    @Test(arguments: [
        ("population > 800000", true),
        ("population >= 808437 and population <= 808437", true),
        ("population < 1e6 and area > 100.5", true),
        ("name = 'San Francisco'", true),
        ("name != 'Oakland'", true),
        ("name startswith 'San' and name endswith 'cisco' and name contains 'Fran'", true),
        ("name in ('Oakland', 'San Francisco')", true),
        ("name not in ('Oakland', 'San Francisco')", false),
        ("nickname is null and missing is null and name is not null", true),
        ("not (population > 1)", false),
        ("capital = false or capital", true),
        ("address.state = 'CA'", true),
        ("\"with space\" = 'yes'", true),
        ("$id = 'sf' and $geometry = 'Point'", true),
        ("missing = 1", false),
        ("not missing = 1", true),
        ("name > 5", false),
        ("name != 5", true),
        ("population = 808437.0", true),
        ("NAME = 'San Francisco'", false),
        ("name = 'San Francisco' AND population > 0 Or false", true),
        ("Population > 0", false),  // names are case-sensitive, keywords not
        ("area > -1", true),
        ("name = 'it''s'", false),
    ])
    func evaluates(_ expression: String, _ expected: Bool) throws {
        #expect(try FeatureExpression(expression).matches(Self.city) == expected, "\(expression)")
    }

    @Test(arguments: [
        ("population >", 13, "expected a value"),
        ("name = 'open", 8, "never closed"),
        ("(a = 1", 7, "expected ')'"),
        ("a = 1 b", 7, "unexpected 'b'"),
        ("a in 1", 6, "expected '('"),
        ("a is 1", 6, "expected null"),
        ("a # 1", 3, "unexpected character"),
        ("", 1, "empty"),
        ("and", 1, "keyword 'and'"),
    ])
    func errorsNameTheColumn(_ expression: String, _ column: Int, _ words: String) {
        let result = Result { () throws(DiagnosticError) in try FeatureExpression(expression) }
        guard case .failure(let error) = result else {
            Issue.record("\(expression) parsed")
            return
        }
        #expect(error.diagnostic.code == "expression.syntax")
        #expect(error.diagnostic.location.column == column, "\(expression): \(error.diagnostic.message)")
        #expect(error.diagnostic.message.contains(words), "\(error.diagnostic.message)")
    }
}

/// Nesting a parser would follow by recursion (3 000 parentheses, 30 000
/// `not`s, a chain of 30 000 `or`s) is refused with a located error, not a
/// crashed stack; what real filters nest passes.
@Suite struct ExpressionNestingTests {
    static let limit = InputLimits.maximumHandWrittenNesting

    @Test(arguments: [
        String(repeating: "(", count: 3_000) + "a = 1" + String(repeating: ")", count: 3_000),
        String(repeating: "not ", count: 30_000) + "a = 1",
        Array(repeating: "a = 1", count: 30_000).joined(separator: " or "),
        Array(repeating: "a = 1", count: 30_000).joined(separator: " and "),
    ])
    func deepNestingIsRefused(_ expression: String) {
        let result = Result { () throws(DiagnosticError) in try FeatureExpression(expression) }
        guard case .failure(let error) = result else {
            Issue.record("\(expression.prefix(20))... parsed")
            return
        }
        #expect(error.diagnostic.code == "expression.syntax")
        #expect(error.diagnostic.message.contains("nests more than \(Self.limit) deep"))
    }

    @Test func nestingWithinTheLimitIsRead() throws {
        let deep =
            String(repeating: "(", count: Self.limit - 1) + "kind = 'park'"
            + String(repeating: ")", count: Self.limit - 1)
        var park = Feature()
        park.properties["kind"] = .string("park")
        #expect(try FeatureExpression(deep).matches(park))
        #expect(try FeatureExpression("not not (kind = 'park' or kind = 'garden') and not kind = 'x'").matches(park))
        #expect(try !FeatureExpression("not kind = 'park'").matches(park))
    }
}

@Suite struct FeatureShaperTests {
    static let square: [[Coordinate]] = [
        [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 10),
            Coordinate(latitude: 10, longitude: 10), Coordinate(latitude: 10, longitude: 0),
            Coordinate(latitude: 0, longitude: 0),
        ]
    ]

    @Test func selectDropRenameKeepOrder() {
        let properties: JSONValue = ["a": 1, "b": 2, "c": 3]
        let feature = Feature(properties: properties.objectValue!)
        var options = ShapingOptions()
        options.select = ["c", "a"]
        options.rename = [("a", "alpha")]
        #expect(FeatureShaper(options: options).shape(feature).first?.properties.members.map(\.0) == ["c", "alpha"])
        options = ShapingOptions()
        options.drop = ["b"]
        #expect(FeatureShaper(options: options).shape(feature).first?.properties.members.map(\.0) == ["a", "c"])
    }

    @Test func bboxKeepsWhatMeetsItAndClipCuts() throws {
        var options = ShapingOptions()
        options.bbox = BoundingBox(west: 5, south: 5, east: 20, north: 20)
        let inside = Feature(geometry: .polygon(Self.square))
        let away = Feature(geometry: .point(Coordinate(latitude: 50, longitude: 50)))
        #expect(FeatureShaper(options: options).shape(away).isEmpty)
        #expect(FeatureShaper(options: options).shape(inside).first?.geometry == .polygon(Self.square))
        options.clip = true
        let clipped = try #require(FeatureShaper(options: options).shape(inside).first?.geometry)
        let box = try #require(clipped.boundingBox)
        #expect(box.west == 5 && box.south == 5 && box.east == 10 && box.north == 10)
    }

    @Test func explodePointOnSurfaceAndLimit() throws {
        var options = ShapingOptions()
        options.explode = true
        options.pointOnSurface = true
        options.limit = 3
        let shaper = FeatureShaper(options: options)
        let multi = Feature(geometry: .multiPolygon([Self.square, Self.square]))
        let first = shaper.shape(multi)
        #expect(first.count == 2)
        guard case .point(let point)? = first[0].geometry else {
            Issue.record("not a point")
            return
        }
        #expect(point.latitude > 0 && point.latitude < 10 && point.longitude > 0 && point.longitude < 10)
        #expect(shaper.shape(multi).count == 1 && shaper.isFull)
        #expect(shaper.shape(multi).isEmpty)
    }
}
