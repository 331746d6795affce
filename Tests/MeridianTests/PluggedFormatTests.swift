import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// The test of the house's design: a format defined here, and nowhere in
/// Sources, is registered and then works through what `convert`, `info`,
/// `validate` and `split` run, with no line of `Meridian/IO` knowing it.
///
/// The format: a first line `LINES`, then a feature a line, `name: x y, x
/// y, ...` (one position a point, more a line string).
@Suite struct PluggedFormatTests {
    static let lines = InputFormat("lines")
    static let linesOutput = OutputFormat("lines")

    struct LinesFormat: FeatureFormat {
        var format: InputFormat { PluggedFormatTests.lines }

        func recognise(_ probe: InputProbe) -> InputProbe.Match? {
            probe.isBytes && probe.meaningfulBytes.starts(with: Array("LINES\n".utf8)) ? .certain : nil
        }

        func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
            guard let stream = input.stream else {
                throw DiagnosticError(code: "lines.open", message: "\(input.name) is not a stream")
            }
            let rest = FileHandle(fileDescriptor: stream.descriptor, closeOnDealloc: false).readDataToEndOfFile()
            let text = String(decoding: stream.prefix + Array(rest), as: UTF8.self)
            var features: [Feature] = []
            for (number, line) in text.split(separator: "\n").dropFirst().enumerated() {
                guard let colon = line.firstIndex(of: ":") else {
                    throw DiagnosticError(
                        code: "lines.syntax", message: "a line needs a name and a colon",
                        location: SourceLocation(file: input.name, line: number + 2))
                }
                let positions = line[line.index(after: colon)...].split(separator: ",").map { pair in
                    let numbers = pair.split(separator: " ").compactMap { Double($0) }
                    return Coordinate(latitude: numbers[1], longitude: numbers[0])
                }
                var feature = Feature()
                feature.properties["name"] = .string(String(line[..<colon]))
                feature.geometry = positions.count == 1 ? .point(positions[0]) : .lineString(positions)
                features.append(feature)
            }
            return FeatureArrayReader(features)
        }
    }

    /// The standard formats, and the toy one.
    static var formats: FormatRegistry {
        var formats = FormatRegistry.standard
        formats.register(LinesFormat())
        formats.register(output: LinesOutputFormat())
        return formats
    }

    struct LinesOutputFormat: FeatureOutputFormat {
        var format: OutputFormat { PluggedFormatTests.linesOutput }
        var extensions: [String] { [".lines"] }

        func writer(to destination: OutputDestination, options: WritingOptions) -> any FeatureWriter {
            HeldFeaturesWriter { features throws(DiagnosticError) in
                var text = "LINES\n"
                for feature in features {
                    let positions: [Coordinate]
                    switch feature.geometry {
                    case .point(let position)?: positions = [position]
                    case .lineString(let line)?: positions = line
                    default: continue
                    }
                    let name = feature.properties["name"]?.stringValue ?? ""
                    text +=
                        name + ":" + positions.map { "\($0.longitude) \($0.latitude)" }.joined(separator: ",") + "\n"
                }
                try destination.write(Array(text.utf8))
            }
        }
    }

    static let sample =
        "LINES\nstation: 0.1376 52.1944\nride: 0.1376 52.1944,0.1218 52.2043,0.1165 52.2047\nstub: 1 1,1 1\n"

    func input(_ text: String, in folder: URL, formats: FormatRegistry = Self.formats) throws -> Input {
        let path = folder.appendingPathComponent("route.txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try Input(path: path, formats: formats)
    }

    @Test func aRegisteredFormatIsRecognisedByItsContent() throws {
        try withTemporaryFolder { folder in
            let plugged = try input(Self.sample, in: folder)
            #expect(plugged.format == Self.lines)
            // Without it, the same bytes are read as the fallback, GeoJSON.
            let standard = try input(Self.sample, in: folder, formats: .standard)
            #expect(standard.format == .geojson)
        }
    }

    @Test func convertReadsAndWritesIt() throws {
        try withTemporaryFolder { folder in
            let geojson = folder.appendingPathComponent("route.geojson").path
            let summary = try FeatureConverter.convert(
                input: input(Self.sample, in: folder), output: geojson,
                settings: ConversionSettings(formats: Self.formats))
            #expect(summary.featureCount == 3)
            #expect(summary.layout == "lines")
            let back = try FeatureSource(input: Input(path: geojson)).readAll()
            #expect(back.map { $0.properties["name"]?.stringValue } == ["station", "ride", "stub"])
            #expect(
                back[1].geometry
                    == .lineString([
                        Coordinate(latitude: 52.1944, longitude: 0.1376),
                        Coordinate(latitude: 52.2043, longitude: 0.1218),
                        Coordinate(latitude: 52.2047, longitude: 0.1165),
                    ]))

            // And to it, chosen by the output's extension.
            let lines = folder.appendingPathComponent("again.lines").path
            var shaping = ShapingOptions()
            shaping.limit = 2
            let settings = ConversionSettings(
                format: Self.formats.outputFormat(forPath: lines), shaping: shaping, formats: Self.formats)
            #expect(
                try FeatureConverter.convert(input: Input(path: geojson), output: lines, settings: settings)
                    .featureCount == 2)
            #expect(
                try String(contentsOfFile: lines, encoding: .utf8)
                    == "LINES\nstation:0.1376 52.1944\nride:0.1376 52.1944,0.1218 52.2043,0.1165 52.2047\n")
        }
    }

    @Test func infoSummarisesIt() throws {
        try withTemporaryFolder { folder in
            guard case .features(let summary) = try InputSummary(input: input(Self.sample, in: folder)) else {
                Issue.record("a lines file is no venue")
                return
            }
            #expect(summary.featureCount == 3)
            #expect(summary.layout == "lines")
            #expect(summary.positionCount == 6)
        }
    }

    @Test func validateReadsEveryFeatureAndChecksItsGeometry() throws {
        try withTemporaryFolder { folder in
            let result = InputValidator().validate(try input(Self.sample, in: folder))
            // The stub's two equal positions make no line (OGC validity, through GEOS).
            #expect(result.diagnostics.map(\.code).allSatisfy { $0.hasPrefix("geometry.") })
            #expect(result.diagnostics.count == 1)
            #expect(result.diagnostics.first?.location.record == 3)

            let broken = InputValidator().validate(try input("LINES\nno colon here\n", in: folder))
            #expect(broken.diagnostics.map(\.code) == ["lines.syntax"])
        }
    }

    @Test func splitShardsIt() throws {
        try withTemporaryFolder { folder in
            let shards = folder.appendingPathComponent("shards").path
            let summary = try FeatureSplitter.split(
                input: input(Self.sample, in: folder), into: shards, by: .maximumFeatures(2))
            #expect(summary.shards == ["part-00000.geojsonseq", "part-00001.geojsonseq"])
            #expect(summary.featureCount == 3)
        }
    }

    @Test func aLevelIsRefusedForAFormatWithoutLevels() throws {
        try withTemporaryFolder { folder in
            let input = try input(Self.sample, in: folder)
            #expect(
                diagnosticCode { _ = try FeatureSource(input: input, options: ReadingOptions(level: 0)) }
                    == "imdf.level.not-imdf")
        }
    }
}
