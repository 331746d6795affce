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
package final class ElementRun<Element>: @unchecked Sendable {
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

extension Array {
    /// The elements of `runs`, in order, moved out of them (they are left
    /// empty).
    package init(concatenating runs: [ElementRun<Element>]) {
        let total = runs.reduce(0) { $0 + $1.count }
        self.init(unsafeUninitializedCapacity: total) { buffer, initialized in
            guard let start = buffer.baseAddress else { return }
            for run in runs {
                let moved = run.count
                run.move(to: start + initialized)
                initialized += moved
            }
        }
    }
}
