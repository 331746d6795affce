import MeridianCore
import MeridianPlatform

/// Runs independent jobs on a few threads and hands their results back in
/// the order of the jobs, as soon as each one's turn comes: many files are
/// processed on every core while the output stays deterministic.
///
/// ```swift
/// OrderedWorkers.run(count: paths.count) { index in
///     summarise(paths[index])
/// } emit: { index, summary in
///     print(summary)
/// }
/// ```
///
/// `emit` runs on the calling thread. A few jobs run ahead of the one
/// being emitted, so results wait in memory for a few jobs at most.
enum OrderedWorkers {
    /// One worker per core, or `MERIDIAN_THREADS`.
    static var defaultWorkers: Int { OrderedWorkPool<Int, Int>.defaultThreads }

    static func run<Result: Sendable>(
        count: Int, workers: Int = defaultWorkers, work: @escaping @Sendable (Int) -> Result,
        emit: (Int, Result) -> Void
    ) {
        guard count > 0 else { return }
        if count == 1 || workers <= 1 {
            for index in 0..<count { emit(index, work(index)) }
            return
        }
        let pool = OrderedWorkPool(threads: min(workers, count), work: work)
        defer { pool.stop() }
        var submitted = 0
        for index in 0..<count {
            while submitted < count && submitted < index + 2 * workers {
                pool.submit(submitted)
                submitted += 1
            }
            if let result = pool.next() { emit(index, result) }
        }
    }
}
