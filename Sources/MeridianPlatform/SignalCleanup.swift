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
import MeridianLibC

package enum SignalCleanup {
    private static let capacity = 4_096
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var watchingMappedFiles = false

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

    /// A mapped file (``MappedFile``) that another program truncates while
    /// it is read raises SIGBUS at the first read past its new end. From
    /// the first mapping on, that signal removes what ``register(_:)``
    /// holds, as an interruption does, says why on standard error, and
    /// ends the process with status 1: an error, not a crash.
    package static func watchMappedFiles() {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard !watchingMappedFiles else { return }
        watchingMappedFiles = true
        signal(SIGBUS, mappedFileHandler)
    }

    /// Removes every registered path: files first, then the folders they were in.
    private static func removeAll() {
        for slot in 0..<capacity {
            if let path = paths[slot] { unlink(path) }
        }
        for slot in 0..<capacity {
            if let path = paths[slot] { rmdir(path) }
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        SignalCleanup.removeAll()
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }

    private static let mappedFileHandler: @convention(c) (Int32) -> Void = { _ in
        SignalCleanup.removeAll()
        let message: StaticString =
            "error: an input file shrank while it was being read (another program truncated or rewrote it); nothing was written\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(1)
    }
}
