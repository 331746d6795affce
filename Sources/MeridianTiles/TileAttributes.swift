import MeridianArchive
import MeridianCore
import MeridianJSON
import MeridianLibC
import MeridianPlatform

/// The ids and properties of a tile set's features, kept on disk while the
/// features are cut: each feature's id (8 bytes), the length of its
/// properties (4) and the properties as JSON text, appended to a temporary
/// file; in memory only where each feature's
/// record starts. Tiles read them back, mapped, by layer and feature.
final class TileAttributes {
    /// Where each feature's record starts, by layer then feature.
    var offsets: [[Int]] = []
    private let file: TemporaryFile

    init() throws(DiagnosticError) {
        file = try TemporaryFile(purpose: "tile-attributes")
    }

    func append(layer: Int, id: UInt64, properties: JSONObject) throws(DiagnosticError) {
        offsets[layer].append(file.size)
        var record: [UInt8] = []
        let text = JSONValue.object(properties).jsonBytes()
        withUnsafeBytes(of: id.littleEndian) { record.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(text.count).littleEndian) { record.append(contentsOf: $0) }
        record += text
        try file.append(record[...], displayName: "the tile set's properties")
    }

    /// The records, mapped, for reading on any thread.
    func reader() throws(DiagnosticError) -> Reader {
        try file.flush(displayName: "the tile set's properties")
        let size = file.size
        var mapped: MappedFile?
        if size > 0 {
            let descriptor = open(file.path, O_RDONLY)
            defer { if descriptor >= 0 { close(descriptor) } }
            mapped = descriptor >= 0 ? MappedFile(descriptor: descriptor, count: size) : nil
            guard mapped != nil else {
                throw DiagnosticError(
                    code: "io.temporary", message: "cannot read back the tile set's properties: \(Platform.errorMessage())")
            }
        }
        return Reader(file: file, mapped: mapped, size: size, offsets: offsets)
    }

    struct Reader: @unchecked Sendable {
        /// Kept so that the file outlives its mapping's readers.
        let file: TemporaryFile
        let mapped: MappedFile?
        let size: Int
        let offsets: [[Int]]

        func read(layer: Int, feature: Int) throws(DiagnosticError) -> (UInt64, JSONObject) {
            let start = offsets[layer][feature]
            guard let mapped, start + 12 <= size else {
                throw DiagnosticError(code: "io.temporary", message: "the tile set's properties were cut short")
            }
            let id = UInt64(littleEndian: UnsafeRawPointer(mapped.base + start).loadUnaligned(as: UInt64.self))
            let count = Int(UInt32(littleEndian: UnsafeRawPointer(mapped.base + start + 8).loadUnaligned(as: UInt32.self)))
            guard start + 12 + count <= size,
                case .object(let properties) = try JSONValue(
                    parsing: Array(UnsafeBufferPointer(start: mapped.base + start + 12, count: count)))
            else {
                throw DiagnosticError(code: "io.temporary", message: "the tile set's properties were cut short")
            }
            return (id, properties)
        }
    }
}
