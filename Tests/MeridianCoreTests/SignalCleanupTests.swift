import MeridianPlatform
import Testing

/// The paths a signal removes: any number of them (a split into more than
/// 4 095 shards overflowed a fixed table, and a signal then left the rest).
@Suite struct SignalCleanupTests {
    @Test func anyNumberOfPathsIsHeld() {
        let slots = (0..<10_000).map { SignalCleanup.register("/nonexistent/meridian-slot-\($0)") }
        #expect(slots.allSatisfy { $0 != nil })
        for slot in slots { SignalCleanup.unregister(slot) }
    }

    @Test func aNameIsRegisteredBeforeItIsCreated() {
        var seen: [String] = []
        let made = SignalCleanup.createRegistered(prefix: "/nonexistent/meridian-", suffix: ".made") { path in
            seen.append(path)
            return true
        }
        #expect(made?.path.hasPrefix("/nonexistent/meridian-") == true && made?.path.hasSuffix(".made") == true)
        #expect(made?.slot != nil && seen == [made?.path])
        SignalCleanup.unregister(made?.slot)
    }
}
