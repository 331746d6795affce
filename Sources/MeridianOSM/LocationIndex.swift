import MeridianLibC
import MeridianPlatform

/// Where every node is, by id: what turns a way's node ids into a line.
///
/// Ids and positions are kept in two arrays, appended block by block as
/// a file gives them; a sorted file (as every extract and planet is)
/// needs no sort, anything else is sorted once when the nodes are done
/// (``freeze()``), and a node given twice keeps its last position. A
/// lookup is a binary search narrowed by where the previous lookup ended
/// (a way's nodes are mostly close in id), so the index costs 16 bytes
/// per node and nothing else.
///
/// Past ``mappedThreshold`` nodes, the arrays live in a private temporary
/// file mapped into memory instead of the heap, so that a country's
/// nodes (hundreds of millions) are paged by the system rather than held.
final class LocationIndex: @unchecked Sendable {
    private var ids = GrowableBuffer()
    private var locations = GrowableBuffer()
    private var isSorted = true
    private(set) var isFrozen = false
    /// Every ``stride``-th id, kept small enough to stay in the processor's
    /// cache: a lookup bisects it first, then one run of the ids.
    private var directory: [Int64] = []
    private static let stride = 128

    /// Nodes from which the arrays are file-backed.
    static let mappedThreshold = 64 << 20

    var count: Int { ids.count }

    func append(ids newIDs: [Int64], locations newLocations: [Int64]) {
        precondition(!isFrozen, "the location index is frozen")
        guard let first = newIDs.first else { return }
        if let last = ids.last, first <= last { isSorted = false }
        if isSorted {
            var previous = first
            for id in newIDs.dropFirst() {
                if id <= previous {
                    isSorted = false
                    break
                }
                previous = id
            }
        }
        ids.append(newIDs)
        locations.append(newLocations)
    }

    /// Ends appending: sorts the index if the file was not sorted.
    func freeze() {
        guard !isFrozen else { return }
        isFrozen = true
        defer {
            directory = Swift.stride(from: 0, to: ids.count, by: Self.stride).map { ids.base[$0] }
        }
        guard !isSorted else { return }
        let count = ids.count
        var order = Array(0..<count)
        let idPointer = ids.base
        // Stable, so that of a node given twice the last position wins.
        order.sort { idPointer[$0] < idPointer[$1] || (idPointer[$0] == idPointer[$1] && $0 < $1) }
        var sortedIDs = GrowableBuffer()
        var sortedLocations = GrowableBuffer()
        var index = 0
        while index < count {
            var last = index
            while last + 1 < count, idPointer[order[last + 1]] == idPointer[order[index]] { last += 1 }
            sortedIDs.append([idPointer[order[last]]])
            sortedLocations.append([locations.base[order[last]]])
            index = last + 1
        }
        ids = sortedIDs
        locations = sortedLocations
        isSorted = true
    }

    /// The position of node `id`, or nil when the file does not have it.
    func location(of id: Int64, hint: inout Int) -> OSMLocation? {
        let count = ids.count
        guard count > 0 else { return nil }
        let base = ids.base
        var low = 0
        var high = count
        if isFrozen, directory.count > 1 {
            // The run of the directory entry at or before the id.
            var first = 0
            var last = directory.count
            while first < last {
                let middle = (first + last) >> 1
                if directory[middle] <= id { first = middle + 1 } else { last = middle }
            }
            guard first > 0 else { return nil }
            low = (first - 1) * Self.stride
            high = min(count, low + Self.stride)
        }
        // Try next to the last hit first: a way's nodes often follow each other.
        if hint >= 0, hint < count {
            let guess = hint
            if base[guess] == id { return OSMLocation(packed: locations.base[guess]) }
            if guess + 1 < count, base[guess + 1] == id {
                hint = guess + 1
                return OSMLocation(packed: locations.base[guess + 1])
            }
        }
        while low < high {
            let middle = (low + high) >> 1
            if base[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < count, base[low] == id else { return nil }
        hint = low
        return OSMLocation(packed: locations.base[low])
    }
}

/// An array of Int64 that grows in the heap, then past
/// ``LocationIndex/mappedThreshold`` values in a mapped temporary file.
struct GrowableBuffer {
    private(set) var base: UnsafeMutablePointer<Int64> = UnsafeMutablePointer(bitPattern: 8)!
    private(set) var count = 0
    private var capacity = 0
    private var storage: Storage?

    private final class Storage {
        let pointer: UnsafeMutablePointer<Int64>
        let capacity: Int
        let isMapped: Bool
        init(capacity: Int) {
            self.capacity = capacity
            let bytes = capacity * MemoryLayout<Int64>.stride
            if capacity >= LocationIndex.mappedThreshold, let mapped = Storage.mapTemporaryFile(bytes: bytes) {
                pointer = mapped.assumingMemoryBound(to: Int64.self)
                isMapped = true
            } else {
                pointer = .allocate(capacity: capacity)
                isMapped = false
            }
        }
        /// A private temporary file of `bytes`, removed at once and mapped
        /// shared, so the system writes its pages out instead of swapping.
        static func mapTemporaryFile(bytes: Int) -> UnsafeMutableRawPointer? {
            var template = Array("\(Platform.temporaryDirectory)/meridian-osm-XXXXXX".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            guard ftruncate(descriptor, off_t(bytes)) == 0,
                let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED
            else { return nil }
            return mapped
        }
        deinit {
            if isMapped {
                munmap(pointer, capacity * MemoryLayout<Int64>.stride)
            } else {
                pointer.deallocate()
            }
        }
    }

    var last: Int64? { count > 0 ? base[count - 1] : nil }

    mutating func append(_ values: [Int64]) {
        if count + values.count > capacity {
            let newCapacity = max(1 << 16, max(count + values.count, capacity * 2))
            let grown = Storage(capacity: newCapacity)
            if count > 0 { grown.pointer.update(from: base, count: count) }
            storage = grown
            base = grown.pointer
            capacity = newCapacity
        }
        values.withUnsafeBufferPointer { (base + count).update(from: $0.baseAddress!, count: $0.count) }
        count += values.count
    }
}
