import MeridianCore
import MeridianIO

extension InputFormat {
    /// An IMDF venue: a zip or a folder with `manifest.json` at its top or
    /// one folder down, or a `manifest.json` itself.
    public static let imdf = InputFormat("imdf")
}

/// IMDF as an input format. A venue is decoded whole, as its features
/// refer to each other; its features are in layers by feature type
/// (`unit`, `opening`...), and in levels by ordinal (`--level`).
public struct IMDFFormat: FeatureFormat {
    public let format = InputFormat.imdf
    public let hasLevels = true

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        switch probe.content {
        case .folder:
            guard IMDFSource.isIMDF(folder: probe.path) else {
                throw DiagnosticError(
                    code: "io.open",
                    message:
                        "\(probe.path) is a folder, not a map file or an IMDF venue (no manifest.json at its top or one folder down)",
                    location: SourceLocation(file: probe.path))
            }
            return .certain
        case .zip(let entries):
            return IMDFSource.isIMDF(entryNames: entries) ? .certain : nil
        case .bytes:
            return probe.isRegularFile && probe.fileName == "manifest.json" ? .certain : nil
        case .location:
            return nil
        }
    }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        let features = try input.imdfArchive().features(onLevel: options.level, name: input.name)
        return FeatureArrayReader(features) { feature in
            feature.foreignMembers["feature_type"]?.stringValue ?? feature.properties["feature_type"]?.stringValue
        }
    }

    public func validate(_ input: Input, options: ValidationOptions) -> [Diagnostic]? {
        do throws(DiagnosticError) {
            var validatorOptions = IMDFValidator.Options()
            validatorOptions.maximumPerCode = options.maximumPerCode
            return IMDFValidator(options: validatorOptions).validate(try input.imdfArchive(tolerant: true))
        } catch {
            return [error.diagnostic]
        }
    }
}

extension Input {
    /// The member files of an IMDF input, as read (for repair).
    public func imdfArchiveSource() throws(DiagnosticError) -> IMDFSource {
        switch content {
        case .zip(let zip) where format == .imdf:
            return try IMDFSource(zip: zip)
        case .folder(let folder) where format == .imdf:
            return try IMDFSource(path: folder)
        case .stream where format == .imdf:
            // A manifest.json given by name: its folder.
            let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            return try IMDFSource(path: folder.isEmpty ? "/" : folder)
        default:
            throw DiagnosticError(
                code: "imdf.level.not-imdf", message: "\(name) is \(format.rawValue), not an IMDF archive",
                location: SourceLocation(file: name))
        }
    }

    /// The venue of an IMDF input, decoded. Unless `tolerant` (as the
    /// validator is), a member file that cannot be read is an error, not a
    /// venue with that file's features silently missing.
    public func imdfArchive(tolerant: Bool = false) throws(DiagnosticError) -> IMDFArchive {
        let archive = IMDFArchive(source: try imdfArchiveSource())
        if !tolerant, let problem = archive.unreadableFile { throw DiagnosticError(problem) }
        return archive
    }
}

extension IMDFArchive {
    /// Every feature, or those of the level with ordinal `level`; an
    /// unknown ordinal is an `imdf.level.unknown` error naming the known ones.
    public func features(onLevel level: Int?, name: String) throws(DiagnosticError) -> [Feature] {
        guard let level else { return features() }
        guard levelGroups.contains(where: { $0.ordinal == level }) else {
            let known = levelGroups.map { String($0.ordinal) }.joined(separator: ", ")
            throw DiagnosticError(
                code: "imdf.level.unknown", message: "no level has ordinal \(level) (ordinals: \(known))",
                location: SourceLocation(file: name))
        }
        return features(onOrdinal: level)
    }
}
