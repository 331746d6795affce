import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianJSON

/// nst/JSONTestSuite: `y_` files must parse, `n_` files must be rejected
/// with a located error, `i_` files may go either way but never crash.
@Suite(.requiresFixtures)
struct JSONTestSuiteTests {
    static let files = Fixtures.files(in: "json/JSONTestSuite", extension: "json")

    @Test func suiteIsComplete() {
        #expect(Self.files.filter { $0.lastPathComponent.hasPrefix("y_") }.count == 95)
        #expect(Self.files.filter { $0.lastPathComponent.hasPrefix("n_") }.count == 188)
        #expect(Self.files.filter { $0.lastPathComponent.hasPrefix("i_") }.count == 35)
    }

    @Test(arguments: files.filter { $0.lastPathComponent.hasPrefix("y_") })
    func acceptedFileParses(_ url: URL) throws {
        let bytes = try Fixtures.bytes(url)
        #expect(throws: Never.self) { try JSONValue(parsing: bytes) }
    }

    @Test(arguments: files.filter { $0.lastPathComponent.hasPrefix("n_") })
    func rejectedFileFailsWithALocation(_ url: URL) throws {
        let bytes = try Fixtures.bytes(url)
        do {
            let value = try JSONValue(parsing: bytes, options: JSONReadingOptions(fileName: url.lastPathComponent))
            Issue.record("accepted \(url.lastPathComponent) as \(value)")
        } catch {
            let location = error.diagnostic.location
            #expect(location.line != nil && location.column != nil && location.byteOffset != nil)
            #expect(location.file == url.lastPathComponent)
            #expect(error.diagnostic.code.hasPrefix("json."))
        }
    }

    @Test(arguments: files.filter { $0.lastPathComponent.hasPrefix("i_") })
    func implementationDefinedFileNeverCrashes(_ url: URL) throws {
        let bytes = try Fixtures.bytes(url)
        _ = try? JSONValue(parsing: bytes)
    }
}
