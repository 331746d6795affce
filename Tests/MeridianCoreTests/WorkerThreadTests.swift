import MeridianCore
import MeridianPlatform
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

@Suite struct WorkerThreadTests {
    @Test func poolsGiveResultsInOrderAndReuseTheirThreads() {
        let before = Platform.workerThreadsStarted
        for round in 0..<200 {
            let results = OrderedWorkPool.results(of: 0..<10, threads: 2) { job in job * job + round }
            #expect(results == (0..<10).map { $0 * $0 + round })
        }
        // Without reuse, 200 pools of two threads start 400. Other suites
        // running at the same time start a few of their own.
        #expect(Platform.workerThreadsStarted - before < 100)
    }

    /// Jobs that finish out of order (some on the caller's thread, which
    /// runs the job it waits for when no thread has taken it) come back in
    /// the order they were given, for any number of threads and jobs.
    @Test func resultsFinishedOutOfOrderComeBackInOrder() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<30 {
            let threads = 1 + round % 3
            let count = Int.random(in: 1...40, using: &generator)
            let pauses = (0..<count).map { _ in UInt32.random(in: 0...300, using: &generator) }
            let results = OrderedWorkPool.results(of: 0..<count, threads: threads) { job in
                usleep(pauses[job])
                return job * 7
            }
            #expect(results == (0..<count).map { $0 * 7 })
        }
    }

    @Test func everyBodyRunsWhenMoreAreGivenThanThreadsAreIdle() {
        final class Tally: @unchecked Sendable {
            let condition = Condition()
            var count = 0
        }
        let tally = Tally()
        for _ in 0..<50 {
            let started = Platform.runOnWorkerThread {
                tally.condition.lock()
                tally.count += 1
                tally.condition.broadcast()
                tally.condition.unlock()
            }
            #expect(started)
        }
        tally.condition.lock()
        while tally.count < 50 { tally.condition.wait() }
        tally.condition.unlock()
        #expect(tally.count == 50)
    }
}
