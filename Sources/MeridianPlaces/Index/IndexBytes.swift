import MeridianCore
import MeridianLibC
import MeridianPlatform

/// The bytes of a place index, in memory or mapped from a file, and the
/// typed arrays (sections) read from them in place.
///
/// An index is built into memory and read in place, or mapped from a file
/// and read in place: one layout, so that opening a file copies nothing.
final class IndexBytes: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    private let release: () -> Void

    /// `count` bytes of zeros, aligned for every section's element type,
    /// filled by `fill`. Unless `populated` is false, the pages are made at
    /// once, in large pages where the system gives them; else each is made
    /// as `fill` first writes it (which can reuse memory `fill` frees).
    init(zeroed count: Int, populated: Bool = true, fill: (UnsafeMutableRawPointer) -> Void) {
        let length = max(count, 8)
        // Mapped in large pages where the system gives them, with its pages
        // made at once rather than one fault per page as the copy reaches them.
        if let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        {
            #if os(Linux)
                if populated {
                    _ = madvise(mapped, length, MADV_HUGEPAGE)
                    _ = madvise(mapped, length, MADV_POPULATE_WRITE)
                }
            #endif
            fill(mapped)
            base = UnsafeRawPointer(mapped)
            self.count = count
            release = { munmap(mapped, length) }
            return
        }
        let memory = calloc(length, 1)!
        fill(memory)
        base = UnsafeRawPointer(memory)
        self.count = count
        release = { free(memory) }
    }

    /// A copy of `bytes`, aligned for every section's element type.
    convenience init(copying bytes: [UInt8]) {
        self.init(zeroed: bytes.count) { memory in
            bytes.withUnsafeBytes { if !$0.isEmpty { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) } }
        }
    }

    /// The file at `path`, mapped read-only.
    init(mapping path: String) throws(DiagnosticError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                code: "io.read", message: "cannot open the place index \(path): \(String(cString: strerror(errno)))")
        }
        defer { _ = Platform.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw DiagnosticError(code: "io.read", message: "cannot read the place index \(path)")
        }
        let length = Int(status.st_size)
        guard length > 0 else {
            throw DiagnosticError(
                code: "places.index.truncated", message: "the place index \(path) is empty")
        }
        guard let file = MappedFile(descriptor: descriptor, count: length) else {
            throw DiagnosticError(
                code: "io.read", message: "cannot map the place index \(path): \(String(cString: strerror(errno)))")
        }
        base = UnsafeRawPointer(file.base)
        count = length
        // Held by the closure, the file is unmapped with these bytes.
        release = { _ = file }
    }

    deinit { release() }

    /// `count` elements of `T` at byte `offset` (which the format keeps
    /// aligned; checked by the caller).
    func array<T>(_ type: T.Type, at offset: Int, count: Int) -> UnsafeBufferPointer<T> {
        UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: T.self), count: count)
    }
}

/// Little-endian bytes being written.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }

    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }

    mutating func double(_ value: Double) { uint64(value.bitPattern) }

    /// An unsigned LEB128 number.
    mutating func varint(_ value: Int) {
        var rest = UInt64(max(value, 0))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7f) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            varint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// An optional string: 0 for none, else 1 and the string.
    mutating func optional(_ text: String?) {
        guard let text else { return byte(0) }
        byte(1)
        string(text)
    }

    /// Pads with zeros to a multiple of 8 bytes.
    mutating func align() {
        while bytes.count % 8 != 0 { bytes.append(0) }
    }
}

/// Little-endian bytes being read, every read checked against the end: a
/// damaged index reads as nil, never past its bytes.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint64() -> UInt64? {
        guard offset + 8 <= bytes.count else { return nil }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func double() -> Double? { uint64().map(Double.init(bitPattern:)) }

    mutating func varint() -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = byte() {
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value <= UInt64(Int32.max) ? Int(value) : nil }
            shift += 7
            if shift > 35 { return nil }
        }
        return nil
    }

    mutating func string() -> String? {
        guard let length = varint(), offset + length <= bytes.count else { return nil }
        defer { offset += length }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
    }

    mutating func optional() -> String?? {
        switch byte() {
        case 0: return .some(nil)
        case 1: return string().map { .some($0) }
        default: return nil
        }
    }
}

/// A 64-bit hash of bytes: four lanes of eight bytes at a time (multiply
/// and rotate), so that hashing a whole index runs at memory speed. The
/// content hash of an index's source files and of the index itself.
enum ContentHash {
    static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        @inline(__always) func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            (lane ^ (word &* 0xC2B2_AE3D_27D4_EB4F)).rotatedLeft(by: 31) &* prime &+ 0x1656_67B1_9E37_79F9
        }
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        var lanes = (seed ^ UInt64(bytes.count), seed &+ prime, seed.rotatedLeft(by: 17), ~seed)
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes.0 = mix(lanes.0, word(offset))
            lanes.1 = mix(lanes.1, word(offset + 8))
            lanes.2 = mix(lanes.2, word(offset + 16))
            lanes.3 = mix(lanes.3, word(offset + 24))
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        while offset + 8 <= bytes.count {
            hash = mix(hash, word(offset))
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* prime
            offset += 1
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
