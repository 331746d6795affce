/// Background threads that run submitted jobs and hand the results back in
/// the order the jobs were submitted: the way a large input is decoded on
/// every core while its features still come out in file order.
///
/// ```swift
/// let pool = OrderedWorkPool<[UInt8], Int>(threads: 2) { bytes in bytes.count }
/// pool.submit(first)
/// pool.submit(second)
/// pool.next()   // first's result, waiting for it if need be
/// pool.stop()
/// ```
///
/// When the job whose result ``next()`` waits for has not been taken by a
/// thread, the caller runs it itself instead of sleeping: on a small input
/// the threads may not have a core yet (a new thread can wait a
/// millisecond or more for one, measured on a shared two-core virtual
/// machine). Later jobs it leaves to the threads, so that the caller is
/// free to hand out work and write results. The caller bounds how many
/// jobs are in flight (``pending``);
/// results finished ahead of their turn wait in memory. The threads run
/// until ``stop()``. Built on POSIX threads, so that the modules below
/// the command line do not load Foundation.
import MeridianLibC

package final class OrderedWorkPool<Job: Sendable, Result: Sendable>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var jobAvailable = pthread_cond_t()
    private var resultAvailable = pthread_cond_t()
    /// Jobs not yet taken by a thread, with their numbers, oldest first.
    private var jobs: [(Int, Job)] = []
    private var jobsRead = 0
    /// The results of jobs from number `returned` on, in order, nil while
    /// a job runs; the first `resultsRead` places are spent. (An array,
    /// not a dictionary by job number: the dictionary's storage for a
    /// generic result is made at run time, which checks Int's Hashable
    /// conformance by scanning every conformance record, 0.1 million
    /// instructions at the first use in each process.)
    private var results: [Result?] = []
    private var resultsRead = 0
    private var submitted = 0
    private var returned = 0
    private var stopping = false
    private let work: @Sendable (Job) -> Result

    /// The number of threads to decode on when none is asked for: the
    /// environment's `MERIDIAN_THREADS` when it is a whole number from 1 to
    /// 256 (1 keeps all the work on the calling thread), else one per core.
    package static var defaultThreads: Int {
        if let text = getenv("MERIDIAN_THREADS").map({ String(cString: $0) }), let count = Int(text),
            (1...256).contains(count)
        {
            return count
        }
        return Platform.onlineProcessors
    }

    private let threads: Int
    private var started = false

    /// A pool of `threads` threads (at least one), each with an 8 MiB
    /// stack for the recursive descent of deeply nested input (the main
    /// thread, which helps in ``next()``, has 8 MiB too unless `ulimit -s`
    /// says otherwise); they start with the first job, so a pool never
    /// used costs nothing.
    package init(threads: Int, work: @escaping @Sendable (Job) -> Result) {
        self.work = work
        self.threads = max(1, threads)
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&jobAvailable, nil)
        pthread_cond_init(&resultAvailable, nil)
    }

    /// Jobs submitted whose results ``next()`` has not yet returned.
    package var pending: Int { submitted - returned }

    /// Queues a job for the next free thread.
    package func submit(_ job: Job) {
        if !started {
            started = true
            // A thread the system refuses leaves its share to the others
            // and the caller.
            for _ in 0..<threads {
                let pool = self
                _ = Platform.runOnWorkerThread({ pool.serve() })
            }
        }
        pthread_mutex_lock(&mutex)
        jobs.append((submitted, job))
        submitted += 1
        pthread_cond_signal(&jobAvailable)
        pthread_mutex_unlock(&mutex)
    }

    /// The result of the oldest job not yet returned, run on the caller's
    /// thread if no thread has taken it, else waited for; nil when nothing
    /// is pending.
    package func next() -> Result? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        guard returned < submitted else { return nil }
        while resultsRead == results.count || results[resultsRead] == nil {
            guard jobsRead < jobs.count, jobs[jobsRead].0 == returned else {
                pthread_cond_wait(&resultAvailable, &mutex)
                continue
            }
            let (index, job) = takeJob()
            pthread_mutex_unlock(&mutex)
            let result = work(job)
            pthread_mutex_lock(&mutex)
            store(result, of: index)
        }
        let result = results[resultsRead].take()
        resultsRead += 1
        if resultsRead == results.count || resultsRead >= 16 {
            results.removeFirst(resultsRead)
            resultsRead = 0
        }
        returned += 1
        return result
    }

    /// The results of `work` on each of `jobs`, in their order, worked
    /// out on `threads` threads (on the caller's alone when that is 1).
    package static func results(
        of jobs: some Sequence<Job>, threads: Int, work: @escaping @Sendable (Job) -> Result
    ) -> [Result] {
        guard threads > 1 else { return jobs.map(work) }
        let pool = OrderedWorkPool(threads: threads, work: work)
        defer { pool.stop() }
        for job in jobs { pool.submit(job) }
        var results: [Result] = []
        while let result = pool.next() { results.append(result) }
        return results
    }

    /// Stops the threads once they finish the job in hand; jobs not
    /// started are dropped.
    package func stop() {
        pthread_mutex_lock(&mutex)
        stopping = true
        pthread_cond_broadcast(&jobAvailable)
        pthread_mutex_unlock(&mutex)
    }

    /// The oldest job not taken (the lock held); the jobs taken are
    /// dropped from time to time, so that none is kept once run.
    private func takeJob() -> (Int, Job) {
        let taken = jobs[jobsRead]
        jobsRead += 1
        if jobsRead == jobs.count || jobsRead >= 16 {
            jobs.removeFirst(jobsRead)
            jobsRead = 0
        }
        return taken
    }

    /// Keeps the result of job number `index` (the lock held).
    private func store(_ result: Result, of index: Int) {
        let place = resultsRead + index - returned
        while results.count <= place { results.append(nil) }
        results[place] = result
    }

    private func serve() {
        pthread_mutex_lock(&mutex)
        while true {
            while jobsRead == jobs.count && !stopping { pthread_cond_wait(&jobAvailable, &mutex) }
            if stopping { break }
            let (index, job) = takeJob()
            pthread_mutex_unlock(&mutex)
            let result = work(job)
            pthread_mutex_lock(&mutex)
            store(result, of: index)
            pthread_cond_broadcast(&resultAvailable)
        }
        pthread_mutex_unlock(&mutex)
    }
}

extension Platform {
    /// The processors online, read once: glibc reads
    /// /sys/devices/system/cpu/online at every call.
    package static let onlineProcessors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Runs `body` on one of the process's worker threads: one that an
    /// earlier body left idle, else a new one (8 MiB of stack). A worker
    /// never exits; once `body` returns it waits for the next. So a command
    /// or a program that works on every core several times starts its
    /// threads once (about 50 µs a pair here), and no thread gives its stack
    /// back while others run (which interrupts their cores to flush their
    /// address translations). False when the system refuses a new thread.
    package static func runOnWorkerThread(_ body: @escaping () -> Void) -> Bool {
        WorkerThreads.shared.run(body)
    }

    /// How many worker threads the process has started.
    package static var workerThreadsStarted: Int { WorkerThreads.shared.started }

    /// Starts a detached thread with an 8 MiB stack running `body`; false
    /// when the system refuses one.
    package static func startThread(_ body: @escaping () -> Void) -> Bool {
        final class Body {
            let run: () -> Void
            init(_ run: @escaping () -> Void) { self.run = run }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let started = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
        return true
    }
}

/// The threads behind ``Platform/runOnWorkerThread(_:)``.
private final class WorkerThreads: @unchecked Sendable {
    static let shared = WorkerThreads()
    private var mutex = pthread_mutex_t()
    private var bodyAvailable = pthread_cond_t()
    /// Bodies handed over and not yet taken, oldest first.
    private var waiting: [() -> Void] = []
    /// Threads waiting for a body.
    private var idle = 0
    private var startedCount = 0

    var started: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return startedCount
    }

    private init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&bodyAvailable, nil)
    }

    func run(_ body: @escaping () -> Void) -> Bool {
        pthread_mutex_lock(&mutex)
        if idle > waiting.count {
            waiting.append(body)
            pthread_cond_signal(&bodyAvailable)
            pthread_mutex_unlock(&mutex)
            return true
        }
        startedCount += 1
        pthread_mutex_unlock(&mutex)
        return Platform.startThread { [self] in
            body()
            serve()
        }
    }

    private func serve() -> Never {
        pthread_mutex_lock(&mutex)
        while true {
            idle += 1
            while waiting.isEmpty { pthread_cond_wait(&bodyAvailable, &mutex) }
            idle -= 1
            let body = waiting.removeFirst()
            pthread_mutex_unlock(&mutex)
            body()
            pthread_mutex_lock(&mutex)
        }
    }
}
