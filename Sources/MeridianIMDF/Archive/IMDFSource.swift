import Foundation
import MeridianCore

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
/// Zips are read through `SafeArchive`'s limits. Cost: reads every
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

    /// Reads a folder or a zip archive (or the folder of a `manifest.json`).
    public init(path: String) throws(DiagnosticError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DiagnosticError(
                code: "io.input.missing", message: "\(path) does not exist", location: SourceLocation(file: path))
        }
        if isDirectory.boolValue {
            try self.init(folder: path)
        } else if (path as NSString).lastPathComponent == "manifest.json" {
            try self.init(folder: (path as NSString).deletingLastPathComponent)
        } else {
            let zip = try SafeArchive(path: path)
            let selected = Self.layout(zip.entries.map(\.path))
            var contents: [String: [UInt8]] = [:]
            for entry in zip.entries where selected.wanted.contains(entry.path) {
                contents[entry.path] = try zip.contents(of: entry)
            }
            self.init(path: path, container: .zip, layout: selected, contents: contents)
        }
    }

    /// An archive held in memory, file name -> bytes (for tests and for
    /// archives produced on the fly).
    public init(files: [String: [UInt8]], path: String = "memory") {
        self.init(path: path, container: .memory, layout: Self.layout(Array(files.keys)), contents: files)
    }

    private init(folder: String) throws(DiagnosticError) {
        let manager = FileManager.default
        var names: [String] = []
        let top: [String]
        do { top = try manager.contentsOfDirectory(atPath: folder) } catch {
            throw DiagnosticError(
                code: "io.input.unreadable", message: "cannot list \(folder)", location: SourceLocation(file: folder))
        }
        for name in top where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let full = folder + "/" + name
            manager.fileExists(atPath: full, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                // One folder deep at most, as in zips.
                for inner in (try? manager.contentsOfDirectory(atPath: full)) ?? [] where !inner.hasPrefix(".") {
                    names.append(name + "/" + inner)
                }
            } else {
                names.append(name)
            }
        }
        let selected = Self.layout(names)
        var contents: [String: [UInt8]] = [:]
        for name in selected.wanted {
            guard let data = manager.contents(atPath: folder + "/" + name) else {
                throw DiagnosticError(
                    code: "io.input.unreadable", message: "cannot read \(folder)/\(name)",
                    location: SourceLocation(file: folder + "/" + name))
            }
            contents[name] = Array(data)
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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if isDirectory.boolValue {
            let manager = FileManager.default
            if manager.fileExists(atPath: path + "/manifest.json") { return true }
            let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
            return names.contains { manager.fileExists(atPath: path + "/" + $0 + "/manifest.json") }
        }
        if (path as NSString).lastPathComponent == "manifest.json" { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        let magic = handle.readData(ofLength: 4)
        try? handle.close()
        guard magic.elementsEqual([0x50, 0x4B, 0x03, 0x04]) else { return false }
        guard let zip = try? SafeArchive(path: path) else { return false }
        return layout(zip.entries.map(\.path)).manifest != nil
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
        let manifests = names.filter { ($0 as NSString).lastPathComponent == "manifest.json" && depth($0) <= 1 }
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
