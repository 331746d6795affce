import Foundation
import MeridianTestSupport
import Testing

#if os(Linux)
    /// GEOS, SQLite, libxml2, zlib, librsvg and cairo are opened when a command first needs
    /// them, not at every start: glibc's loader, asked to list what it
    /// initialises (`LD_DEBUG=libs`), names none of them for `--version` or a
    /// plain conversion, and names each for the command that uses it.
    @Suite struct StartupTests {
        /// The shared libraries the loader initialised while `arguments` ran.
        static func librariesLoaded(_ arguments: [String]) throws -> [String] {
            let result = try CLI.run(arguments, environment: ["LD_DEBUG": "libs"])
            return result.stderr.split(separator: "\n").compactMap { line in
                guard let range = line.range(of: "calling init: ") else { return nil }
                return String(line[range.upperBound...].split(separator: "/").last ?? "")
            }
        }

        static let lazy = ["libgeos_c", "libgeos.", "libsqlite3", "libxml2", "libicuuc", "libz.", "librsvg", "libcairo"]

        @Test(arguments: [["--version"], ["convert", Samples.path("cambridge-landmarks.geojson"), "-o", "/dev/null"]])
        func startingAndAPlainConversionLoadNoneOfThem(arguments: [String]) throws {
            let loaded = try Self.librariesLoaded(arguments)
            #expect(loaded.contains { $0.hasPrefix("libc.so") })
            for name in Self.lazy { #expect(!loaded.contains { $0.hasPrefix(name) }, "\(name) loaded") }
        }

        /// The standard library's regular-expression modules and Dispatch
        /// stay out of the tool (each brought thousands of symbols and
        /// relocations, and Dispatch a set-up at every start): string
        /// searches go through MeridianCore's `firstRange(ofText:)`,
        /// `containsText`, `split(separatorText:)` and `replacingAll`, and
        /// work on every core through `OrderedWorkPool`.
        @Test(.requires(tool: "nm")) func theToolLinksNoRegexEngineAndNoDispatch() throws {
            let symbols = try Tool.run("nm", [CLI.executable.path]).output
            // Module names as they appear in mangled Swift symbols, and
            // libdispatch's C functions.
            for module in ["17_StringProcessing", "12_RegexParser", "8Dispatch", "dispatch_"] {
                let linked = symbols.contains(module)
                #expect(!linked, "\(module) is linked into meridian")
            }
        }

        @Test func eachIsOpenedByTheCommandThatNeedsIt() throws {
            try withTemporaryFolder { folder in
                let gpkg = folder.appendingPathComponent("out.gpkg").path
                let writing = try Self.librariesLoaded([
                    "convert", Samples.path("cambridge-landmarks.geojson"), "-o", gpkg,
                ])
                #expect(writing.contains { $0.hasPrefix("libsqlite3") })
                let validating = try Self.librariesLoaded(["validate", Samples.path("meridian-arcade.zip")])
                #expect(validating.contains { $0.hasPrefix("libgeos_c") })
                #expect(validating.contains { $0.hasPrefix("libz.") })
                let kml = folder.appendingPathComponent("out.kml").path
                _ = try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "-o", kml])
                let reading = try Self.librariesLoaded(["convert", kml, "-o", "/dev/null"])
                #expect(reading.contains { $0.hasPrefix("libxml2") })
            }
        }
    }
#endif
