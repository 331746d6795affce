import Foundation

/// Runs independent jobs on a few threads and hands their results back in
/// the order of the jobs, as soon as each one's turn comes: many files are
/// processed on both cores while the output stays deterministic.
///
/// ```swift
/// OrderedWorkers.run(count: paths.count, workers: 2) { index in
///     summarise(paths[index])
/// } emit: { index, summary in
///     print(summary)
/// }
/// ```
///
/// `emit` runs on the calling thread. Results finished ahead of their turn
/// wait in memory; jobs are taken in order, so at most a few are ahead.
enum OrderedWorkers {
    /// Two workers: the machine this tool was built for has two cores, and
    /// more would only contend for them.
    static let defaultWorkers = 2

    static func run<Result: Sendable>(
        count: Int, workers: Int = defaultWorkers, work: @escaping @Sendable (Int) -> Result,
        emit: (Int, Result) -> Void
    ) {
        guard count > 0 else { return }
        if count == 1 || workers <= 1 {
            for index in 0..<count { emit(index, work(index)) }
            return
        }
        let state = _SharedState<Result>()
        for _ in 0..<min(workers, count) {
            let thread = Thread {
                while let index = state.take(below: count) {
                    state.finish(index, work(index))
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for index in 0..<count {
            emit(index, state.wait(for: index))
        }
    }
}

/// The jobs' shared bookkeeping, behind one condition variable.
private final class _SharedState<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0
    private var results: [Int: Result] = [:]

    func take(below count: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: Result) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func wait(for index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = results.removeValue(forKey: index) { return result }
            condition.wait()
        }
    }
}
