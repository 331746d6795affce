/// Elements made on one thread and moved, not copied, into an array on
/// another: the way the runs a pool makes on every core become one array.
///
/// ```swift
/// let runs = OrderedWorkPool.results(of: jobs, threads: 2) { job in
///     let run = ElementRun<Item>(capacity: job.count)
///     for feature in job { if let item = make(feature) { run.append(item) } }
///     return run
/// }
/// let items = [Item](concatenating: runs)
/// ```
///
/// Copying an array of structs into another retains every reference each
/// element holds, and freeing the first releases them all again: for the
/// 95 000 items of a large render, 40 ms on the one thread that joins
/// them, with the other core idle. Moving is a copy of the bytes.
/// A run still holding elements when it is let go destroys them.
package final class ElementRun<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    package private(set) var count = 0

    /// An empty run with room for `capacity` elements (it grows past it).
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    package func append(_ element: consuming Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements to `destination`, leaving the run empty.
    fileprivate func move(to destination: UnsafeMutablePointer<Element>) {
        destination.moveInitialize(from: base, count: count)
        count = 0
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// A run is handed whole from the thread that fills it to the one that
/// empties it, never used by two at once.
extension ElementRun: @unchecked Sendable where Element: Sendable {}

extension Array {
    /// The elements of `runs`, in order, moved out of them (they are left
    /// empty): on `threads` threads when there are many (each moving whole
    /// runs, so the new array's pages are touched on every core).
    package init(concatenating runs: [ElementRun<Element>], threads: Int = 1) where Element: Sendable {
        var offsets: [Int] = []
        offsets.reserveCapacity(runs.count)
        let total = runs.reduce(0) { total, run in
            offsets.append(total)
            return total + run.count
        }
        self.init(unsafeUninitializedCapacity: total) { buffer, initialized in
            guard let start = buffer.baseAddress else { return }
            if threads > 1, runs.count > 1, total >= 4_096 {
                let destination = UnsafeSendablePointer(pointer: start)
                let offsets = offsets
                _ = OrderedWorkPool<Int, Void>.results(of: runs.indices, threads: threads) { index in
                    runs[index].move(to: destination.pointer + offsets[index])
                }
            } else {
                for (run, offset) in zip(runs, offsets) { run.move(to: start + offset) }
            }
            initialized = total
        }
    }
}

/// The start of an array being filled by several threads, each its own
/// elements.
private struct UnsafeSendablePointer<Pointee>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Pointee>
}
