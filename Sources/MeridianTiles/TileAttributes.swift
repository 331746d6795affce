import MeridianArchive
import MeridianCore
import MeridianJSON
import MeridianLibC
import MeridianPlatform

/// The ids and properties of a tile set's features, kept on disk while the
/// features are cut: each feature's id (8 bytes, all ones for none), the length of its
/// properties (4) and the properties as JSON text, appended to a temporary
/// file; in memory only where each feature's
/// record starts. Tiles read them back by layer and feature.
final class TileAttributes {
    /// Where each feature's record starts, by layer then feature.
    var offsets: [Offsets] = []

    /// A layer's record offsets in blocks of 4 096: an array that grows
    /// without copying what it holds (10 million features: 80 MB, not a
    /// moment of three times that while an array doubles).
    struct Offsets: Sendable {
        private var blocks: [[Int]] = []
        private(set) var count = 0

        mutating func append(_ offset: Int) {
            if count % 4096 == 0 {
                blocks.append([])
                blocks[blocks.count - 1].reserveCapacity(4096)
            }
            blocks[blocks.count - 1].append(offset)
            count += 1
        }

        subscript(index: Int) -> Int { blocks[index >> 12][index & 4095] }
    }
    private let file: TemporaryFile

    init() throws(DiagnosticError) {
        file = try TemporaryFile(purpose: "tile-attributes")
    }

    func append(layer: Int, id: UInt64?, properties: JSONObject) throws(DiagnosticError) {
        offsets[layer].append(file.size)
        var record: [UInt8] = []
        let text = JSONValue.object(properties).jsonBytes()
        withUnsafeBytes(of: (id ?? .max).littleEndian) { record.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(text.count).littleEndian) { record.append(contentsOf: $0) }
        record += text
        try file.append(record[...], displayName: "the tile set's properties")
    }

    /// The records, for reading on any thread.
    func reader() throws(DiagnosticError) -> Reader {
        try file.flush(displayName: "the tile set's properties")
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                code: "io.temporary", message: "cannot read back the tile set's properties: \(Platform.errorMessage())")
        }
        return Reader(handle: Reader.Handle(file: file, descriptor: descriptor), offsets: offsets)
    }

    /// Reads records with `pread`, not through a mapping: a tile's features
    /// lie all over the file, and each page a mapping touched would count
    /// as the process's memory (with its neighbours) until given back.
    struct Reader: Sendable {
        final class Handle: @unchecked Sendable {
            /// Kept so that the file outlives its readers.
            let file: TemporaryFile
            let descriptor: Int32
            init(file: TemporaryFile, descriptor: Int32) {
                self.file = file
                self.descriptor = descriptor
            }
            deinit { close(descriptor) }
        }
        let handle: Handle
        let offsets: [Offsets]

        func read(layer: Int, feature: Int) throws(DiagnosticError) -> (UInt64?, JSONObject) {
            let start = offsets[layer][feature]
            let cutShort = DiagnosticError(code: "io.temporary", message: "the tile set's properties were cut short")
            // Most records fit a first read of 512 bytes; a longer one is read again whole.
            var record = [UInt8](repeating: 0, count: 512)
            var got = record.withUnsafeMutableBytes { Platform.readFully(handle.descriptor, into: $0, at: Int64(start)) }
            guard got >= 12 else { throw cutShort }
            let id = record.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let count = Int(record.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self)) })
            if 12 + count > got {
                record = [UInt8](repeating: 0, count: 12 + count)
                got = record.withUnsafeMutableBytes { Platform.readFully(handle.descriptor, into: $0, at: Int64(start)) }
                guard got == 12 + count else { throw cutShort }
            }
            guard case .object(let properties) = try JSONValue(parsing: Array(record[12..<(12 + count)])) else {
                throw cutShort
            }
            return (id == .max ? nil : id, properties)
        }
    }
}
