import Foundation
import Testing

@testable import MeridianGeoJSON

/// The validator's located tree keeps lists of alike positions packed and
/// everything else as a tree: either way every value must read back as
/// written, at the offset where it was written.
@Suite struct LocatedJSONTests {
    static let documents: [String] = [
        "[[0, 1], [2.5, -3e2], [4,5]]",
        "[[0, 1, 2], [3, 4, 5]]",
        "[[], []]",
        // Not alike: packing stops at the element that differs, at each place it can.
        "[[0, 1], [2, 3, 4], [5, 6]]",
        "[[0, 1], [2, \"x\"], [5, 6]]",
        "[[0, 1], [[2, 3]], [5, 6]]",
        "[[0, 1], 7, [5, 6]]",
        "[[0, 1], [2], [5, 6]]",
        "[[1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 1]]",
        "[[0, 1], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]",
        "[[0, " + String(repeating: " ", count: 70_000) + "1], [2, 3]]",
        "[[0, 1], [0." + String(repeating: "1", count: 70_000) + ", 3]]",
        "[[[0, 0], [1, 0], [1, 1], [0, 0]], [[0, 0], [1, 1]]]",
        #"{"a": [[0, 1]], "b": [{"c": [[1, 2]]}], "d": [true, null, "s"]}"#,
    ]

    @Test(arguments: documents)
    func valuesReadBackWhereTheyWereWritten(_ text: String) throws {
        let bytes = Array(text.utf8)
        let expected = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        try bytes.withUnsafeBufferPointer { buffer in
            let root = try LocatedJSON.parse(buffer, maximumDepth: 64)
            try Self.check(root, matches: expected, in: buffer)
        }
    }

    @Test func aListOfAlikePositionsIsPacked() throws {
        func storage(_ text: String) throws -> String {
            let bytes = Array(text.utf8)
            return try bytes.withUnsafeBufferPointer { buffer in
                switch try LocatedJSON.parse(buffer, maximumDepth: 64).elements?.storage {
                case .positions: "packed"
                case .values: "values"
                case .numbers, nil: "other"
                }
            }
        }
        #expect(try storage("[[0, 1], [2, 3]]") == "packed")
        #expect(try storage("[[0, 1], [2, 3, 4]]") == "values")
        #expect(try storage("[0, 1]") == "values")
        #expect(try storage("[[[0, 1]]]") == "values")
    }

    static func check(_ node: LocatedJSON, matches expected: Any, in bytes: UnsafeBufferPointer<UInt8>) throws {
        switch node.value {
        case .array(let elements):
            #expect(bytes[node.offset] == UInt8(ascii: "["))
            let array = try #require(expected as? [Any])
            #expect(elements.count == array.count)
            for (element, value) in zip(elements, array) {
                try check(element, matches: value, in: bytes)
            }
        case .object(let members):
            #expect(bytes[node.offset] == UInt8(ascii: "{"))
            let object = try #require(expected as? [String: Any])
            #expect(members.count == object.count)
            for member in members {
                #expect(bytes[member.keyOffset] == UInt8(ascii: "\""))
                try check(member.value, matches: try #require(object[member.key]), in: bytes)
            }
        case .number(let number, let end):
            let token = String(decoding: bytes[node.offset..<end], as: UTF8.self)
            // Foundation rounds numbers of many digits off by an ulp; Swift's reading is exact.
            #expect(Double(token) == number)
            #expect(expected is NSNumber)
        case .string(let string):
            #expect(expected as? String == string)
        case .bool(let bool):
            #expect((expected as? NSNumber)?.boolValue == bool)
        case .null:
            #expect(expected is NSNull)
        }
    }
}
