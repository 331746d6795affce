/// Files to remove if the process is ended by a signal: the temporary files
/// of outputs not yet committed and spooled inputs.
///
/// ```swift
/// let slot = SignalCleanup.register("/data/.out.geojson.x1y2.partial")   // before creating it
/// ...
/// SignalCleanup.unregister(slot)      // committed or removed
/// ```
///
/// A path is registered before its file is created (its name is chosen
/// first), so no signal finds a file it does not know. Slots come in blocks
/// of 4 096, linked as they are needed: any number of files is held.
///
/// Signals that end the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1,
/// SIGUSR2, SIGALRM, SIGXFSZ, SIGXCPU, SIGVTALRM, SIGPROF, and SIGPIPE where
/// nothing ignores it) are taken over where their action is the default
/// (SIGQUIT also from the Swift runtime's backtracer).
/// The handler only calls `unlink` and `rmdir`, which are safe in a signal
/// handler (every file first, then the private folders they were in), then
/// restores the default action and raises the signal again, so the process
/// still ends with the signal's status. A crash (SIGSEGV, SIGILL, SIGFPE,
/// SIGTRAP, SIGABRT, SIGSYS) removes the files too, then hands the signal
/// to the handler that was there before (the Swift runtime's backtracer).
import MeridianLibC

package enum SignalCleanup {
    /// One block of slots, and the next once this one filled up.
    fileprivate struct Block {
        var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        var next: UnsafeMutablePointer<Block>?
    }

    private static let blockCapacity = 4_096
    nonisolated(unsafe) private static let first: UnsafeMutablePointer<Block> = makeBlock()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var watchingMappedFiles = false
    /// The actions of the crash signals before ours, by signal number.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    static let endingSignals = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXFSZ, SIGXCPU, SIGVTALRM, SIGPROF, SIGPIPE,
    ]
    static let crashSignals = [SIGSEGV, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS]

    private static func makeBlock() -> UnsafeMutablePointer<Block> {
        let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: blockCapacity)
        paths.initialize(repeating: nil, count: blockCapacity)
        let block = UnsafeMutablePointer<Block>.allocate(capacity: 1)
        block.initialize(to: Block(paths: paths, next: nil))
        return block
    }

    /// A slot: its block and index. (Blocks are never freed, and a slot is
    /// changed only under the lock.)
    package struct Slot: @unchecked Sendable {
        fileprivate let block: UnsafeMutablePointer<Block>
        fileprivate let index: Int
    }

    /// Remembers a path to remove on a signal; register it before creating
    /// the file, and unregister it once the file is committed or removed.
    @discardableResult
    package static func register(_ path: String) -> Slot? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if !installed {
            installed = true
            install()
        }
        var block = first
        while true {
            for index in 0..<blockCapacity where block.pointee.paths[index] == nil {
                block.pointee.paths[index] = strdup(path)
                return Slot(block: block, index: index)
            }
            if let next = block.pointee.next {
                block = next
            } else {
                // Linked only once whole: the handler may walk the list at any time.
                let next = makeBlock()
                block.pointee.next = next
                block = next
            }
        }
    }

    /// Creates a file or folder under a fresh name (`prefix`, a random
    /// token nobody can predict, `suffix`), registered before it exists:
    /// `create` makes it and says whether it did; a name taken already
    /// (EEXIST) is tried again with another. Nil, with errno set, when it
    /// cannot be made.
    package static func createRegistered(prefix: String, suffix: String = "", _ create: (String) -> Bool) -> (
        path: String, slot: Slot?
    )? {
        for _ in 0..<8 {
            let candidate = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 36) + suffix
            let slot = register(candidate)
            if create(candidate) { return (candidate, slot) }
            let code = errno
            unregister(slot)
            errno = code
            if code != EEXIST { break }
        }
        return nil
    }

    /// Creates a new private file (mode 0600, `O_EXCL`) opened with `flags`,
    /// named and registered as ``createRegistered(prefix:suffix:_:)``
    /// does: its descriptor, path and slot, or nil with errno set.
    package static func createFile(prefix: String, suffix: String = "", flags: Int32) -> (
        descriptor: Int32, path: String, slot: Slot?
    )? {
        var descriptor: Int32 = -1
        let created = createRegistered(prefix: prefix, suffix: suffix) { candidate in
            descriptor = open(candidate, flags | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            return descriptor >= 0
        }
        return created.map { (descriptor, $0.path, $0.slot) }
    }

    /// Forgets a path (it was renamed into place or removed).
    package static func unregister(_ slot: Slot?) {
        guard let slot else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let path = slot.block.pointee.paths[slot.index]
        slot.block.pointee.paths[slot.index] = nil
        free(path)
    }

    /// Takes over the ending signals whose action is the default (an
    /// ignored SIGPIPE stays ignored), and the crash signals, keeping the
    /// handler each had.
    private static func install() {
        for signalNumber in endingSignals {
            var current = sigaction()
            guard sigaction(signalNumber, nil, &current) == 0 else { continue }
            // The Swift runtime's backtracer holds SIGQUIT where it is on: it
            // reports Ctrl-\ as a crash and lets the process run on to exit 0.
            let isBacktracer = signalNumber == SIGQUIT && current.sa_flags & Int32(SA_SIGINFO) != 0
            guard Platform.isDefaultAction(current) || isBacktracer else { continue }
            signal(signalNumber, handler)
        }
        for signalNumber in crashSignals {
            var action = sigaction()
            Platform.setHandler(&action, crashHandler)
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_NODEFER)
            sigaction(signalNumber, &action, previous + Int(signalNumber))
        }
    }

    /// A mapped file (``MappedFile``) that another program truncates while
    /// it is read raises SIGBUS at the first read past its new end. From
    /// the first mapping on, that signal removes what ``register(_:)``
    /// holds, as an interruption does, says why on standard error, and
    /// ends the process with status 3, an input that could not be read: an error, not a crash.
    package static func watchMappedFiles() {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard !watchingMappedFiles else { return }
        watchingMappedFiles = true
        signal(SIGBUS, mappedFileHandler)
    }

    /// Removes every registered path: files first, then the folders they were in.
    private static func removeAll() {
        for removesFolders in [false, true] {
            var block: UnsafeMutablePointer<Block>? = first
            while let current = block {
                for index in 0..<blockCapacity {
                    guard let path = current.pointee.paths[index] else { continue }
                    if removesFolders { rmdir(path) } else { unlink(path) }
                }
                block = current.pointee.next
            }
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        SignalCleanup.removeAll()
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }

    /// A crash: the files go, then the signal is raised again for the
    /// handler that was there before (the runtime's backtracer, or the
    /// default action), so the process ends as it would have. The
    /// backtracer returns from a signal that was sent rather than a fault:
    /// then the default action ends the process.
    private static let crashHandler: @convention(c) (Int32) -> Void = { signalNumber in
        SignalCleanup.removeAll()
        sigaction(signalNumber, SignalCleanup.previous + Int(signalNumber), nil)
        raise(signalNumber)
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }

    private static let mappedFileHandler: @convention(c) (Int32) -> Void = { _ in
        SignalCleanup.removeAll()
        let message: StaticString =
            "error: an input file shrank while it was being read (another program truncated or rewrote it); nothing was written\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(3)  // an input that cannot be read: the tool's status 3
    }
}
