import MeridianArchive
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// The raw files of an IMDF archive, found in a `.zip`, a folder, or a zip
/// or folder whose files sit one folder deep: `manifest.json` and one
/// GeoJSON file per feature type.
///
/// ```swift
/// let source = try IMDFSource(path: "venue.zip")
/// source.manifest?.name                     // "manifest.json"
/// source.featureFiles.map(\.featureType)    // [.address, .amenity, ...]
/// source.diagnostics                        // layout deviations (warnings)
/// ```
///
/// Real archives deviate from the layout the specification asks for; each
/// deviation is accepted and reported as an `imdf.archive.layout` warning:
/// files one folder deep, `.json` instead of `.geojson`. Files that are no
/// feature type are reported as `imdf.archive.unknown-file` and skipped.
/// Zips are read through the zip guard (`ArchiveLimits`), and an archive
/// holds at most ``maximumSize`` bytes of IMDF files. Cost: reads every
/// recognised file into memory once.
public struct IMDFSource: Sendable {
    public enum Container: String, Sendable, Hashable {
        case folder, zip, memory
    }

    /// One file of the archive.
    public struct File: Sendable, Hashable {
        /// The path inside the archive (`unit.geojson`, `Export/unit.json`).
        public var name: String
        /// The feature type the file name names; nil for the manifest.
        public var featureType: IMDF.FeatureType?
        public var bytes: [UInt8]

        public init(name: String, featureType: IMDF.FeatureType?, bytes: [UInt8]) {
            self.name = name
            self.featureType = featureType
            self.bytes = bytes
        }
    }

    /// The path the archive was read from.
    public var path: String
    public var container: Container
    public var manifest: File?
    /// The feature files, in ``IMDF/FeatureType`` order.
    public var featureFiles: [File]
    /// What is unusual about the layout (warnings).
    public var diagnostics: [Diagnostic]

    /// The most bytes of member files an archive may hold: an IMDF venue is
    /// decoded whole (its features refer to each other), so this bounds the
    /// memory it takes. Real venues are a few megabytes; the largest known
    /// are tens.
    public static let maximumSize = 256 << 20

    /// Reads a folder or a zip archive (or the folder of a `manifest.json`).
    public init(path: String) throws(DiagnosticError) {
        switch Platform.kind(ofPath: path) {
        case nil:
            throw DiagnosticError(
                code: "io.open", message: "cannot open \(path): \(Platform.errorMessage())",
                location: SourceLocation(file: path))
        case .directory:
            try self.init(folder: path)
        default:
            if Self.isManifest(path) {
                let folder = path.dropLast("manifest.json".count)
                try self.init(folder: folder.isEmpty ? "." : String(folder.dropLast()))
            } else {
                try self.init(zip: try ZipArchive(path: path))
            }
        }
    }

    /// Reads the IMDF files of a zip opened through the zip guard.
    package init(zip: ZipArchive) throws(DiagnosticError) {
        let selected = Self.layout(zip.entries.map(\.path))
        let wanted = zip.entries.filter { selected.wanted.contains($0.path) }
        let declared = wanted.reduce(0) { $0 + $1.uncompressedSize }
        try Self.checkSize(Int(clamping: declared), path: zip.displayName)
        var contents: [String: [UInt8]] = [:]
        for entry in wanted {
            contents[entry.path] = try zip.contents(of: entry)
        }
        self.init(path: zip.displayName, container: .zip, layout: selected, contents: contents)
    }

    /// True when a zip's entries hold `manifest.json` at the root or one
    /// folder deep: the test that tells an IMDF zip from a KMZ.
    package static func isIMDF(entryNames: [String]) -> Bool {
        layout(entryNames).manifest != nil
    }

    private static func checkSize(_ size: Int, path: String) throws(DiagnosticError) {
        guard size <= maximumSize else {
            throw DiagnosticError(
                code: IMDFRule.archiveTooLarge.code,
                message:
                    "the archive's IMDF files hold \(size) bytes, more than the \(maximumSize) an archive may hold (it is decoded whole)",
                location: SourceLocation(file: path))
        }
    }

    /// An archive held in memory, file name -> bytes (for tests and for
    /// archives produced on the fly).
    public init(files: [String: [UInt8]], path: String = "memory") {
        self.init(path: path, container: .memory, layout: Self.layout(Array(files.keys)), contents: files)
    }

    private init(folder: String) throws(DiagnosticError) {
        var names: [String] = []
        guard let top = Platform.entries(ofFolder: folder) else {
            throw DiagnosticError(
                code: "io.open", message: "cannot list \(folder)", location: SourceLocation(file: folder))
        }
        for name in top where !name.hasPrefix(".") {
            let full = folder + "/" + name
            if Platform.kind(ofPath: full) == .directory {
                // One folder deep at most, as in zips.
                for inner in Platform.entries(ofFolder: full) ?? [] where !inner.hasPrefix(".") {
                    names.append(name + "/" + inner)
                }
            } else {
                names.append(name)
            }
        }
        let selected = Self.layout(names)
        try Self.checkSize(
            selected.wanted.reduce(0) { total, name in
                var status = stat()
                return total + (stat(folder + "/" + name, &status) == 0 ? Int(status.st_size) : 0)
            }, path: folder)
        var contents: [String: [UInt8]] = [:]
        for name in selected.wanted {
            // The sizes were checked above; a file that grew since is read whole all the same.
            contents[name] = try Platform.readWholeFile(folder + "/" + name, limit: Int.max) ?? []
        }
        self.init(path: folder, container: .folder, layout: selected, contents: contents)
    }

    private init(path: String, container: Container, layout: Layout, contents: [String: [UInt8]]) {
        self.path = path
        self.container = container
        diagnostics = layout.diagnostics.map { diagnostic in
            var located = diagnostic
            located.location.file = Self.join(path, located.location.file ?? "")
            return located
        }
        manifest = layout.manifest.map { File(name: $0, featureType: nil, bytes: contents[$0] ?? []) }
        featureFiles = layout.features.map { File(name: $0.name, featureType: $0.type, bytes: contents[$0.name] ?? []) }
    }

    /// The path a diagnostic names for a file of this archive.
    public func displayPath(of name: String) -> String { Self.join(path, name) }

    static func join(_ base: String, _ name: String) -> String {
        base.isEmpty || base == "memory" ? name : (base.hasSuffix("/") ? base + name : base + "/" + name)
    }

    /// True when the path is a folder or zip holding `manifest.json` at its
    /// root or one folder deep, or a `manifest.json` itself.
    public static func isIMDF(path: String) -> Bool {
        switch Platform.kind(ofPath: path) {
        case .directory?:
            return isIMDF(folder: path)
        case .regular?:
            if Self.isManifest(path) { return true }
            guard let zip = try? ZipArchive(path: path) else { return false }
            return isIMDF(entryNames: zip.entries.map(\.path))
        default:
            return false
        }
    }

    /// Whether a `/`-separated path names a file called `manifest.json`.
    static func isManifest(_ path: String) -> Bool {
        path == "manifest.json" || path.hasSuffix("/manifest.json")
    }

    /// True when a folder holds `manifest.json` at its top or one folder down.
    public static func isIMDF(folder path: String) -> Bool {
        func exists(_ file: String) -> Bool { Platform.kind(ofPath: file) != nil }
        if exists(path + "/manifest.json") { return true }
        return (Platform.entries(ofFolder: path) ?? []).contains { exists(path + "/" + $0 + "/manifest.json") }
    }

    /// Which names to read, and what is unusual about them.
    struct Layout {
        var manifest: String?
        var features: [(name: String, type: IMDF.FeatureType)] = []
        var diagnostics: [Diagnostic] = []
        var wanted: Set<String> {
            Set(features.map(\.name) + (manifest.map { [$0] } ?? []))
        }
    }

    static func layout(_ names: [String]) -> Layout {
        var layout = Layout()
        func depth(_ name: String) -> Int { name.split(separator: "/").count - 1 }
        func warn(_ rule: IMDFRule, _ message: String, _ file: String) {
            layout.diagnostics.append(rule.diagnostic(message, at: SourceLocation(file: file)))
        }
        let manifests = names.filter { Self.isManifest($0) && depth($0) <= 1 }
            .sorted { (depth($0), $0) < (depth($1), $1) }
        var root = ""
        if let manifest = manifests.first {
            layout.manifest = manifest
            root = String(manifest.dropLast("manifest.json".count))
            if !root.isEmpty {
                warn(
                    .archiveLayout, "the archive's files sit one folder deep, in \(root); IMDF puts them at the root",
                    manifest)
            }
        } else if !names.contains(where: { depth($0) == 0 }), let first = names.first, depth(first) == 1 {
            // No manifest at all: look for feature files one folder deep.
            root = String(first.prefix { $0 != "/" }) + "/"
        }
        var chosen: [IMDF.FeatureType: String] = [:]
        for name in names.sorted() {
            if name == layout.manifest { continue }
            guard name.hasPrefix(root), !name.dropFirst(root.count).contains("/") else {
                warn(.archiveUnknownFile, "\(name) is outside the archive's folder and is ignored", name)
                continue
            }
            let file = String(name.dropFirst(root.count))
            let stem: Substring
            let isJSON: Bool
            if file.hasSuffix(".geojson") {
                stem = file.dropLast(".geojson".count)
                isJSON = false
            } else if file.hasSuffix(".json") {
                stem = file.dropLast(".json".count)
                isJSON = true
            } else {
                warn(.archiveUnknownFile, "\(file) is not an IMDF file and is ignored", name)
                continue
            }
            guard let type = IMDF.FeatureType(rawValue: String(stem)) else {
                warn(.archiveUnknownFile, "\(file) names no IMDF feature type and is ignored", name)
                continue
            }
            if let previous = chosen[type] {
                // Both unit.geojson and unit.json: the .geojson one wins.
                let (kept, dropped) = isJSON ? (previous, name) : (name, previous)
                chosen[type] = kept
                warn(.archiveLayout, "\(dropped) is ignored: \(kept) holds the \(type.rawValue) features", dropped)
                continue
            }
            if isJSON {
                warn(.archiveLayout, "\(file) should be named \(stem).geojson", name)
            }
            chosen[type] = name
        }
        layout.features = chosen.sorted { $0.key < $1.key }.map { ($0.value, $0.key) }
        return layout
    }
}
