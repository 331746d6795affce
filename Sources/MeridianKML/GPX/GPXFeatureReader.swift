import MeridianCore
import MeridianLibC
import MeridianPlatform
import MeridianValidity

/// Streams the features of a GPX 1.0/1.1 or TCX document through the same
/// libxml2 reader KML uses, as togeojson converts them (``GPXDecoder``
/// says how): waypoints, routes and tracks; TCX laps and courses.
///
/// ```swift
/// let reader = try GPXFeatureReader(bytes: Array(gpx.utf8), fileName: "run.gpx")
/// while let track = try reader.next() {
///     track.properties["coordinateProperties"]    // {"times": [...], "heart": [...]}
/// }
/// ```
///
/// Features come in document order (togeojson lists every track, then
/// every route, then every waypoint). Memory is bounded by the largest
/// `wpt`, `rte`, `trk` or `Lap`: each is read into a small tree, decoded,
/// and dropped. XML errors stop the read with their line and column
/// (`kml.xml.syntax`); entity declarations are refused (`kml.xml.entity`).
public final class GPXFeatureReader {
    /// What the document is.
    public enum Dialect: String, Sendable {
        case gpx, tcx
    }

    static let namespaces: Set<String> = [
        "http://www.topografix.com/GPX/1/0", "http://www.topografix.com/GPX/1/1",
        "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2",
    ]

    /// The file name used in diagnostics.
    public let sourceName: String?
    /// Known once the root element is read.
    public private(set) var dialect: Dialect?
    /// Points skipped and lines left out, as warnings (at most
    /// ``KMLFeatureReader/maximumDiagnosticsPerCode`` per code).
    public var diagnostics: [Diagnostic] { found.diagnostics }
    /// The line where the feature ``next()`` returned last starts.
    public private(set) var featureLine: Int?

    private let stream: XMLStreamReader
    private let names: KMLNameTable
    private let tree: KMLTree
    private var decoder: GPXDecoder?
    private var found = DiagnosticCollector(maximumPerCode: KMLFeatureReader.maximumDiagnosticsPerCode)
    private var ownedDescriptor: Int32?
    private var finished = false
    private let ids: (wpt: Int32, rte: Int32, trk: Int32, lap: Int32, courses: Int32)

    /// Streams from an open descriptor (not closed here); `prefix` holds
    /// bytes already read from it, `leadingNewlines` blank lines skipped
    /// before them.
    public convenience init(
        fileDescriptor: Int32, prefix: [UInt8] = [], leadingNewlines: Int = 0, fileName: String? = nil
    ) throws(DiagnosticError) {
        try prefix.withUnsafeBufferPointer { buffer throws(DiagnosticError) in
            try EntityGuard.check(buffer, fileName: fileName)
        }
        let names = KMLNameTable(primaryNamespaces: Self.namespaces, readsUnprefixedNames: true)
        let stream = try XMLStreamReader(
            descriptor: fileDescriptor, prefix: prefix, leadingNewlines: leadingNewlines, copyLimit: 0,
            fileName: fileName, names: names)
        self.init(stream: stream, names: names, sourceName: fileName)
    }

    /// Reads a GPX or TCX document held in memory.
    public convenience init(bytes: [UInt8], fileName: String? = nil) throws(DiagnosticError) {
        try bytes.withUnsafeBufferPointer { buffer throws(DiagnosticError) in
            try EntityGuard.check(buffer, fileName: fileName)
        }
        let names = KMLNameTable(primaryNamespaces: Self.namespaces, readsUnprefixedNames: true)
        try self.init(
            stream: XMLStreamReader(bytes: bytes, fileName: fileName, recovering: false, names: names), names: names,
            sourceName: fileName)
    }

    /// Opens a GPX or TCX file, or standard input for "-".
    public convenience init(path: String) throws(DiagnosticError) {
        if path == "-" {
            try self.init(
                fileDescriptor: 0, prefix: try KMLFeatureReader.readHead(0, fileName: "<stdin>"), fileName: "<stdin>")
            return
        }
        let descriptor = try Platform.openForReading(path)
        do throws(DiagnosticError) {
            try self.init(fileDescriptor: descriptor, prefix: [], fileName: path)
            ownedDescriptor = descriptor
        } catch {
            Platform.close(descriptor)
            throw error
        }
    }

    private init(stream: XMLStreamReader, names: KMLNameTable, sourceName: String?) {
        self.stream = stream
        self.names = names
        self.tree = KMLTree(names: names)
        self.sourceName = sourceName
        ids = (
            names.intern("wpt"), names.intern("rte"), names.intern("trk"), names.intern("Lap"), names.intern("Courses")
        )
    }

    deinit {
        if let ownedDescriptor { Platform.close(ownedDescriptor) }
    }

    /// The next feature, or nil at the end of the document.
    public func next() throws(DiagnosticError) -> Feature? {
        while !finished {
            guard try stream.read() else {
                finished = true
                break
            }
            switch stream.nodeType {
            case .element:
                if let feature = try element() { return feature }
            case .entityReference:
                throw XMLStreamReader.entityRefused(sourceName: sourceName, line: stream.line)
            default:
                break
            }
        }
        if dialect == nil {
            throw DiagnosticError(
                code: "kml.document.not-kml", message: "the document has no <gpx> or <TrainingCenterDatabase> element",
                location: SourceLocation(file: sourceName, line: stream.line))
        }
        return nil
    }

    /// Every remaining feature.
    public func readAll() throws(DiagnosticError) -> [Feature] {
        var features: [Feature] = []
        while let feature = try next() { features.append(feature) }
        return features
    }

    private func element() throws(DiagnosticError) -> Feature? {
        guard let dialect else {
            try readRoot()
            return nil
        }
        let id = stream.nameID
        let wanted: Bool =
            switch dialect {
            case .gpx: stream.depth == 1 && (id == ids.wpt || id == ids.rte || id == ids.trk)
            case .tcx: id == ids.lap || id == ids.courses
            }
        guard wanted, let decoder else { return nil }
        let line = stream.line
        let element = try tree.read(from: stream, sourceName: sourceName)
        var problems: [Diagnostic] = []
        let feature: Feature? =
            switch id {
            case ids.wpt: decoder.waypoint(element, problems: &problems)
            case ids.rte: decoder.route(element, problems: &problems)
            case ids.trk: decoder.track(element, problems: &problems)
            default: decoder.lap(element, problems: &problems)
            }
        found.append(contentsOf: problems)
        featureLine = line
        return feature
    }

    private func readRoot() throws(DiagnosticError) {
        let local = stream.qualifiedName.split(separator: ":").last.map(String.init) ?? ""
        switch local {
        case "gpx": dialect = .gpx
        case "TrainingCenterDatabase": dialect = .tcx
        default:
            throw DiagnosticError(
                code: "kml.document.not-kml",
                message: "the root element is <\(stream.qualifiedName)>, not <gpx> or <TrainingCenterDatabase>",
                location: SourceLocation(file: sourceName, line: stream.line))
        }
        decoder = GPXDecoder(
            names: names, sourceName: sourceName,
            declaredNamespaces: dialect == .gpx ? stream.namespaceDeclarations() : [])
    }
}

/// Checks a GPX or TCX document: XML errors (with their line, as errors),
/// points without numeric coordinates and lines too short to keep (as
/// warnings), and OGC validity of every line (`geometry.*`, at the line of
/// its element). Never throws: a document that cannot be read gives one
/// error diagnostic.
public enum GPXValidator {
    public static func validate(
        geometry: ValidityLevel = .errors, _ open: () throws(DiagnosticError) -> GPXFeatureReader
    ) -> [Diagnostic] {
        let reader: GPXFeatureReader
        do {
            reader = try open()
        } catch {
            return [error.diagnostic]
        }
        var failure: [Diagnostic] = []
        var validity = ValidityCollector(level: geometry, maximumPerCode: KMLFeatureReader.maximumDiagnosticsPerCode)
        do {
            while let feature = try reader.next() {
                validity.check(feature.geometry, at: SourceLocation(file: reader.sourceName, line: reader.featureLine))
            }
        } catch {
            failure.append(error.diagnostic)
        }
        // A point off the globe is skipped when reading, but is an error of the file.
        let found = reader.diagnostics.map { diagnostic in
            var found = diagnostic
            if found.code == "gpx.point.out-of-range" { found.severity = .error }
            return found
        }
        return found + validity.diagnostics + failure
    }
}
