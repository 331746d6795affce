import MeridianPlatform
import Testing

@testable import MeridianCore

@Suite struct ElementRunTests {
    /// Counts the instances alive, to see that moving neither copies nor
    /// loses an element, and that a run let go destroys what it holds.
    /// (Used on the test's thread only.)
    final class Counter: @unchecked Sendable { var alive = 0 }
    final class Tracked: @unchecked Sendable {
        let value: Int
        let counter: Counter
        init(_ value: Int, _ counter: Counter) {
            self.value = value
            self.counter = counter
            counter.alive += 1
        }
        deinit { counter.alive -= 1 }
    }

    @Test func runsAreJoinedInOrderAndLeftEmpty() {
        let runs = (0..<4).map { run in
            let elements = ElementRun<String>(capacity: 2)
            // Past its capacity: the run grows.
            for index in 0..<(run * 3) { elements.append("\(run)-\(index)") }
            return elements
        }
        let joined = [String](concatenating: runs)
        #expect(joined == (0..<4).flatMap { run in (0..<(run * 3)).map { "\(run)-\($0)" } })
        #expect(runs.allSatisfy { $0.count == 0 })
        #expect([String](concatenating: []).isEmpty)
    }

    /// Many elements are moved by several threads, each whole runs, into
    /// their places.
    @Test func manyRunsAreMovedOnSeveralThreads() {
        let runs = (0..<40).map { run in
            let elements = ElementRun<String>(capacity: 300)
            for index in 0..<(run * 7 % 300) { elements.append("\(run)-\(index)") }
            return elements
        }
        let expected = (0..<40).flatMap { run in (0..<(run * 7 % 300)).map { "\(run)-\($0)" } }
        #expect(expected.count >= 4_096)
        #expect([String](concatenating: runs, threads: 3) == expected)
        #expect(runs.allSatisfy { $0.count == 0 })
    }

    @Test func movingKeepsEveryElementOnceAndARunLetGoDestroysItsOwn() {
        let counter = Counter()
        do {
            let moved = ElementRun<Tracked>(capacity: 8)
            for value in 0..<100 { moved.append(Tracked(value, counter)) }
            let kept = ElementRun<Tracked>(capacity: 1)
            kept.append(Tracked(-1, counter))
            let joined = [Tracked](concatenating: [moved])
            #expect(joined.map(\.value) == Array(0..<100))
            #expect(counter.alive == 101)
            #expect(moved.count == 0 && kept.count == 1)
        }
        #expect(counter.alive == 0)
    }
}
