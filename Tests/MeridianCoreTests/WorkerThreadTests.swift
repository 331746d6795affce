import MeridianCore
import Testing

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
