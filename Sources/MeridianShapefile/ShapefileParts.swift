import MeridianArchive
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// The bytes of one file of a shapefile set: a regular file mapped, or a
/// zip entry held. Read-only, alive as long as this object.
final class ShapefileBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    private let mapped: MappedFile?
    private let owned: UnsafeMutableBufferPointer<UInt8>?

    /// Maps the file at `path`; nil when it does not exist.
    init?(path: String, name: String) throws(DiagnosticError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw DiagnosticError(
                code: "io.open", message: "cannot open \(name): \(Platform.errorMessage())",
                location: SourceLocation(file: name))
        }
        defer { _ = Platform.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Platform.kind(of: status.st_mode) == .regular else {
            throw DiagnosticError(
                code: "io.open", message: "\(name) is not a regular file", location: SourceLocation(file: name))
        }
        mapped = MappedFile(descriptor: descriptor, count: Int(status.st_size))
        owned = nil
        bytes =
            mapped.map { UnsafeBufferPointer(start: $0.base, count: $0.count) }
            ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Holds a copy of `contents` (a zip entry).
    init(_ contents: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, contents.count))
        _ = copy.initialize(from: contents)
        owned = copy
        mapped = nil
        bytes = UnsafeBufferPointer(start: copy.baseAddress, count: contents.count)
    }

    deinit { owned?.deallocate() }

    /// Gives back the pages before `offset` (a mapped file read in order).
    func release(upTo offset: Int) { mapped?.release(upTo: offset) }
}

/// One shapefile of a set: the `.shp` and the files beside it with the same
/// stem (`.shx`, `.dbf`, `.prj`, `.cpg`), any letter case.
struct ShapefileParts {
    /// The layer's name: the stem of the `.shp`.
    var name: String
    /// The `.shp`'s name in diagnostics.
    var file: String
    /// The `.dbf`'s name in diagnostics.
    var dbfFile: String
    var shp: ShapefileBytes
    var shx: ShapefileBytes?
    var dbf: ShapefileBytes?
    var prj: [UInt8]?
    var cpg: [UInt8]?

    /// The extensions of a set, in the case found.
    static let extensions = ["shp", "shx", "dbf", "prj", "cpg"]

    /// The sets of a folder (its `.shp` files, in name order), one `.shp`
    /// path, or a zip (its `.shp` entries, in the archive's order).
    static func find(path: String, name: String, zip: ZipArchive?) throws(DiagnosticError) -> [ShapefileParts] {
        if let zip { return try find(in: zip, name: name) }
        if Platform.kind(ofPath: path) == .directory {
            let files = (Platform.entries(ofFolder: path) ?? []).sorted()
            let shapes = files.filter { $0.lowercased().hasSuffix(".shp") }
            guard !shapes.isEmpty else {
                throw DiagnosticError(
                    code: "shp.file.missing", message: "\(name) holds no .shp file",
                    location: SourceLocation(file: name))
            }
            return try shapes.map { shape throws(DiagnosticError) in
                try open(stem: String(shape.dropLast(4)), in: path + "/", siblings: files, name: name + "/")
            }
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let siblings = Platform.entries(ofFolder: folder.isEmpty ? "." : folder) ?? [file]
        let shownFolder = slash.map { _ in String(name[...(name.lastIndex(of: "/") ?? name.startIndex)]) } ?? ""
        let stem = file.lowercased().hasSuffix(".shp") ? String(file.dropLast(4)) : file
        return [try open(stem: stem, in: folder, siblings: siblings, name: shownFolder, shp: file)]
    }

    /// The set named `stem` among `siblings` of `folder`.
    private static func open(
        stem: String, in folder: String, siblings: [String], name shownFolder: String, shp: String? = nil
    ) throws(DiagnosticError) -> ShapefileParts {
        func sibling(_ ext: String) -> String? {
            if ext == "shp", let shp { return shp }
            return siblings.first {
                $0.count == stem.count + 4 && $0.hasPrefix(stem) && $0.lowercased().hasSuffix("." + ext)
            }
                ?? siblings.first { $0.lowercased() == (stem + "." + ext).lowercased() }
        }
        let shpName = sibling("shp") ?? stem + ".shp"
        guard let shp = try ShapefileBytes(path: folder + shpName, name: shownFolder + shpName) else {
            throw DiagnosticError(
                code: "shp.file.missing", message: "\(shownFolder + shpName) does not exist",
                location: SourceLocation(file: shownFolder + shpName))
        }
        func bytes(_ ext: String) throws(DiagnosticError) -> ShapefileBytes? {
            guard let file = sibling(ext) else { return nil }
            return try ShapefileBytes(path: folder + file, name: shownFolder + file)
        }
        func small(_ ext: String) throws(DiagnosticError) -> [UInt8]? {
            guard let file = sibling(ext) else { return nil }
            return try Platform.readWholeFile(folder + file, limit: 1 << 20)
        }
        return ShapefileParts(
            name: String(stem.split(separator: "/").last ?? Substring(stem)), file: shownFolder + shpName,
            dbfFile: shownFolder + (sibling("dbf") ?? stem + ".dbf"), shp: shp, shx: try bytes("shx"),
            dbf: try bytes("dbf"), prj: try small("prj"), cpg: try small("cpg"))
    }

    /// The sets of a zip: every `.shp` entry and its siblings in the same folder.
    private static func find(in zip: ZipArchive, name: String) throws(DiagnosticError) -> [ShapefileParts] {
        let shapes = zip.entries.filter { $0.path.lowercased().hasSuffix(".shp") && !$0.path.hasPrefix("__MACOSX/") }
        guard !shapes.isEmpty else {
            throw DiagnosticError(
                code: "shp.file.missing", message: "\(name) holds no .shp entry", location: SourceLocation(file: name))
        }
        return try shapes.map { shape throws(DiagnosticError) in
            let stem = String(shape.path.dropLast(4))
            func entry(_ ext: String) -> ZipArchive.Entry? {
                zip.entries.first {
                    $0.path.count == stem.count + 4 && $0.path.lowercased() == (stem + "." + ext).lowercased()
                }
            }
            func contents(_ ext: String) throws(DiagnosticError) -> [UInt8]? {
                guard let found = entry(ext) else { return nil }
                return try zip.contents(of: found)
            }
            return ShapefileParts(
                name: String(stem.split(separator: "/").last ?? Substring(stem)), file: "\(name)/\(shape.path)",
                dbfFile: "\(name)/\(stem).dbf", shp: ShapefileBytes(try zip.contents(of: shape)),
                shx: try contents("shx").map(ShapefileBytes.init), dbf: try contents("dbf").map(ShapefileBytes.init),
                prj: try contents("prj"), cpg: try contents("cpg"))
        }
    }
}
