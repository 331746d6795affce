import MeridianCore
import MeridianLibC
import MeridianPlatform

/// A prepared network on disk (`meridian route DATA --prepare FILE`): the
/// graph and its contraction hierarchy for one transport type, so that a
/// server or a later command routes without reading the data or
/// contracting it again. Little-endian: the magic `MRNET1\0\0`, then
/// sections of counted arrays, each padded to 8 bytes. Every count is
/// checked against the file's length and every index against what it
/// points into before any is used, so a damaged or hostile file is an
/// error (`route.prepared.invalid`), never a crash.
extension ContractionHierarchy {
    static let magic: [UInt8] = Array("MRNET1".utf8) + [0, 0]

    /// Whether the file at `path` starts as a prepared network does.
    public static func isPrepared(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = Platform.close(descriptor) }
        var head = [UInt8](repeating: 0, count: 8)
        let got = head.withUnsafeMutableBytes { Platform.readFully(descriptor, into: $0, at: 0) }
        return got == 8 && head == magic
    }

    /// The prepared network's bytes.
    public func fileBytes() -> [UInt8] {
        var out = SectionWriter()
        out.bytes = Self.magic
        out.array([UInt8(transportType.index), graph.modesPresent])
        out.array(graph.positions.flatMap { [$0.latitude, $0.longitude] })
        out.array(graph.levels)
        out.array(graph.edgeStart)
        out.array(graph.edgeTarget)
        out.array(graph.edgeLength)
        out.array(graph.edgeDelay)
        out.array(graph.edgeWay)
        out.array(graph.edgeModes)
        out.array(graph.ways.map(\.speed))
        out.array(graph.ways.map { UInt8(RoutingGraph.Way.Kind.allCases.firstIndex(of: $0.kind)!) })
        var text: [UInt8] = []
        var ends: [Int64] = []
        for way in graph.ways {
            // A name and a feature id each, a name's absence as a lone 0xFF.
            text += way.name.map { Array($0.utf8) } ?? [0xFF]
            ends.append(Int64(text.count))
            text += Array(way.featureID.utf8)
            ends.append(Int64(text.count))
        }
        out.array(text)
        out.array(ends)
        for sizes in graph.componentSizes { out.array(sizes) }
        out.array(graph.joinableSize)
        out.array(arcTarget)
        out.array(arcSource)
        out.array(arcCost)
        out.array(arcFirst)
        out.array(arcSecond)
        out.array(upStart)
        out.array(upArcs)
        out.array(downStart)
        out.array(downArcs)
        return out.bytes
    }

    /// Reads a prepared network from `path` (mapped, each section copied
    /// out once and checked).
    public init(contentsOf path: String) throws(DiagnosticError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                code: "io.open", message: "cannot open \(path): \(Platform.errorMessage())",
                location: SourceLocation(file: path))
        }
        defer { _ = Platform.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0,
            let mapped = MappedFile(descriptor: descriptor, count: Int(status.st_size))
        else {
            throw DiagnosticError(
                code: "route.prepared.invalid", message: "\(path) is empty or cannot be mapped",
                location: SourceLocation(file: path))
        }
        let bytes = UnsafeRawBufferPointer(start: mapped.base, count: mapped.count)
        try self.init(bytes: bytes, name: path)
        withExtendedLifetime(mapped) {}
    }

    /// Reads a prepared network from its bytes; `name` says where in errors.
    public init(bytes: UnsafeRawBufferPointer, name: String) throws(DiagnosticError) {
        var input = SectionReader(bytes: bytes, name: name)
        guard bytes.count >= 8, Array(bytes[0..<8]) == Self.magic else {
            throw input.invalid("it is not a prepared network (meridian route --prepare writes them)")
        }
        input.at = 8
        let head: [UInt8] = try input.array()
        guard head.count == 2, Int(head[0]) < TransportType.allCases.count else { throw input.invalid("its header is damaged") }
        let type = TransportType.allCases[Int(head[0])]
        var graph = RoutingGraph(features: [Feature]())
        let coordinates: [Double] = try input.array()
        guard coordinates.count % 2 == 0, coordinates.allSatisfy(\.isFinite) else { throw input.invalid("its positions are damaged") }
        let n = coordinates.count / 2
        graph.positions = (0..<n).map { Coordinate(latitude: coordinates[2 * $0], longitude: coordinates[2 * $0 + 1]) }
        graph.levels = try input.array()
        graph.edgeStart = try input.array()
        graph.edgeTarget = try input.array()
        graph.edgeLength = try input.array()
        graph.edgeDelay = try input.array()
        graph.edgeWay = try input.array()
        graph.edgeModes = try input.array()
        let speeds: [Double] = try input.array()
        let kinds: [UInt8] = try input.array()
        let text: [UInt8] = try input.array()
        let ends: [Int64] = try input.array()
        let e = graph.edgeTarget.count
        guard graph.levels.isEmpty || graph.levels.count == n,
            Self.isIndex(graph.edgeStart, count: n, of: e),
            graph.edgeLength.count == e, graph.edgeDelay.count == e, graph.edgeWay.count == e, graph.edgeModes.count == e,
            graph.edgeTarget.allSatisfy({ $0 >= 0 && Int($0) < n }),
            graph.edgeLength.allSatisfy({ $0.isFinite && $0 >= 0 }), graph.edgeDelay.allSatisfy({ $0.isFinite && $0 >= 0 }),
            speeds.count == kinds.count, ends.count == 2 * speeds.count,
            graph.edgeWay.allSatisfy({ $0 >= 0 && Int($0) < speeds.count }),
            speeds.allSatisfy({ $0.isFinite && $0 > 0 }), kinds.allSatisfy({ Int($0) < RoutingGraph.Way.Kind.allCases.count }),
            zip([0] + ends, ends).allSatisfy({ $0 <= $1 }), (ends.last ?? 0) <= Int64(text.count)
        else { throw input.invalid("its network is damaged") }
        var ways: [RoutingGraph.Way] = []
        for index in speeds.indices {
            let nameBytes = text[Int(index == 0 ? 0 : ends[2 * index - 1])..<Int(ends[2 * index])]
            let idBytes = text[Int(ends[2 * index])..<Int(ends[2 * index + 1])]
            ways.append(
                RoutingGraph.Way(
                    name: Array(nameBytes) == [0xFF] ? nil : String(decoding: nameBytes, as: UTF8.self), speed: speeds[index],
                    featureID: String(decoding: idBytes, as: UTF8.self), kind: RoutingGraph.Way.Kind.allCases[Int(kinds[index])]))
        }
        graph.ways = ways
        graph.componentSizes = []
        for _ in TransportType.allCases {
            let sizes: [Int32] = try input.array()
            guard sizes.count == n, sizes.allSatisfy({ $0 >= 1 && Int($0) <= n }) else { throw input.invalid("its components are damaged") }
            graph.componentSizes.append(sizes)
        }
        graph.joinableSize = try input.array()
        guard graph.joinableSize.count == TransportType.allCases.count else { throw input.invalid("its components are damaged") }
        graph.modesPresent = head[1]
        graph.grid = NodeGrid(graph.positions)
        self.graph = graph
        transportType = type
        arcTarget = try input.array()
        arcSource = try input.array()
        arcCost = try input.array()
        arcFirst = try input.array()
        arcSecond = try input.array()
        upStart = try input.array()
        upArcs = try input.array()
        downStart = try input.array()
        downArcs = try input.array()
        let a = arcTarget.count
        // A shortcut stands for arcs made before it, so unpacking ends.
        guard arcSource.count == a, arcCost.count == a, arcFirst.count == a, arcSecond.count == a,
            arcTarget.allSatisfy({ $0 >= 0 && Int($0) < n }), arcSource.allSatisfy({ $0 >= 0 && Int($0) < n }),
            arcCost.allSatisfy({ $0.isFinite && $0 >= 0 }),
            arcFirst.indices.allSatisfy({ arc in
                arcFirst[arc] < 0
                    ? arcFirst[arc] == -1 && arcSecond[arc] >= 0 && Int(arcSecond[arc]) < e
                    : Int(arcFirst[arc]) < arc && arcSecond[arc] >= 0 && Int(arcSecond[arc]) < arc
            }),
            Self.isIndex(upStart, count: n, of: upArcs.count), Self.isIndex(downStart, count: n, of: downArcs.count),
            upArcs.allSatisfy({ $0 >= 0 && Int($0) < a }), downArcs.allSatisfy({ $0 >= 0 && Int($0) < a }),
            input.at == bytes.count
        else { throw input.invalid("its hierarchy is damaged") }
    }

    /// Whether `start` is a CSR index: n + 1 offsets from 0, never falling, to `total`.
    static func isIndex(_ start: [Int32], count n: Int, of total: Int) -> Bool {
        start.count == n + 1 && start.first == 0 && Int(start.last!) == total && zip(start, start.dropFirst()).allSatisfy { $0 <= $1 }
    }
}

/// Counted arrays, each padded to 8 bytes.
struct SectionWriter {
    var bytes: [UInt8] = []

    mutating func array<T: BitwiseCopyable>(_ values: [T]) {
        withUnsafeBytes(of: UInt64(values.count).littleEndian) { bytes.append(contentsOf: $0) }
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        while bytes.count % 8 != 0 { bytes.append(0) }
    }
}

/// Reads ``SectionWriter``'s arrays, each count checked against the bytes left.
struct SectionReader {
    let bytes: UnsafeRawBufferPointer
    let name: String
    var at = 0

    func invalid(_ reason: String) -> DiagnosticError {
        DiagnosticError(
            code: "route.prepared.invalid", message: "\(name) cannot be read as a prepared network: \(reason)",
            location: SourceLocation(file: name, byteOffset: at))
    }

    mutating func array<T: BitwiseCopyable>() throws(DiagnosticError) -> [T] {
        guard at + 8 <= bytes.count else { throw invalid("it ends early") }
        let count = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        let size = MemoryLayout<T>.stride
        guard count <= UInt64(bytes.count - at - 8) / UInt64(size) else { throw invalid("a count runs past its end") }
        at += 8
        let values = [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + Int(count) * size)]))
            initialized = Int(count)
        }
        at += Int(count) * size
        at = min(bytes.count, (at + 7) / 8 * 8)
        return values
    }
}
