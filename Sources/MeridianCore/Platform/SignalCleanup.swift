/// Files to remove if the process is interrupted (SIGINT, SIGTERM, SIGHUP):
/// the temporary files of outputs not yet committed and spooled inputs.
///
/// ```swift
/// let slot = SignalCleanup.register("/data/.out.geojson.x1y2.partial")
/// ...
/// SignalCleanup.unregister(slot)      // committed or removed
/// ```
///
/// The handler only calls `unlink` and `rmdir`, which are safe in a signal
/// handler (every file first, then the private folders they were in), then
/// restores the default action and
/// raises the signal again, so the process still ends with the signal's
/// status.
package enum SignalCleanup {
    private static let capacity = 4_096
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var installed = false

    /// Remembers a path to remove on a signal; returns its slot (nil when
    /// every slot is taken, in which case the file is only removed by its owner).
    @discardableResult
    package static func register(_ path: String) -> Int? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if !installed {
            installed = true
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber, handler)
            }
        }
        for slot in 0..<capacity where paths[slot] == nil {
            paths[slot] = strdup(path)
            return slot
        }
        return nil
    }

    /// Forgets a path (it was renamed into place or removed).
    package static func unregister(_ slot: Int?) {
        guard let slot else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let path = paths[slot]
        paths[slot] = nil
        free(path)
    }

    private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        // Files first, then the folders they were in.
        for slot in 0..<SignalCleanup.capacity {
            if let path = SignalCleanup.paths[slot] { unlink(path) }
        }
        for slot in 0..<SignalCleanup.capacity {
            if let path = SignalCleanup.paths[slot] { rmdir(path) }
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
