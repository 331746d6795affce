import MeridianLibC

/// Work on untrusted input run in a process of its own, so that a reader's
/// crash, a hang or memory without bound costs that process, not the one
/// that asked (`meridian serve` checking an uploaded file).
///
/// ```swift
/// switch WorkerProcess.run(executable: Platform.executablePath, arguments: ["--validate-worker", path],
///                          timeLimit: 60, outputLimit: 64 << 20) {
/// case .finished(0, let output): ...     // what the worker wrote on standard output
/// case .timedOut: ...                    // killed after 60 s
/// default: ...
/// }
/// ```
///
/// The worker starts with every signal at its default action and none
/// blocked, standard input from `/dev/null`, standard error discarded, and
/// limits itself on start (``limitThisProcess(memoryBytes:cpuSeconds:)``):
/// the caller's wall clock is the last word (`SIGKILL`).
package enum WorkerProcess {
    package enum Outcome {
        /// It exited with this status, having written `output`.
        case finished(status: Int32, output: [UInt8])
        /// It ran past the time limit (wall clock, or its CPU limit) and was killed.
        case timedOut
        /// It wrote more than the output limit and was killed.
        case tooMuchOutput
        /// It died of this signal (a crash, or the memory limit).
        case signalled(Int32)
        /// It could not be started.
        case couldNotStart(String)
    }

    /// Runs `executable` with `arguments` and waits at most `timeLimit`
    /// seconds for it to finish, keeping at most `outputLimit` bytes of
    /// its standard output.
    package static func run(executable: String, arguments: [String], timeLimit: Double, outputLimit: Int) -> Outcome {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return .couldNotStart(Platform.errorMessage()) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        Platform.close(ends[1])
        guard spawned == 0 else {
            Platform.close(ends[0])
            return .couldNotStart(String(cString: strerror(spawned)))
        }
        var output: [UInt8] = []
        var ending: Outcome?
        let end = Platform.monotonicSeconds() + timeLimit
        while ending == nil {
            let left = end - Platform.monotonicSeconds()
            if left <= 0 {
                ending = .timedOut
                break
            }
            var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32(min(left * 1_000 + 1, 60_000))) <= 0 { continue }
            let got = Platform.read(ends[0], appendingTo: &output, count: 1 << 16)
            if got == 0 { break }
            if got < 0, errno != EINTR { break }
            if output.count > outputLimit { ending = .tooMuchOutput }
        }
        Platform.close(ends[0])
        if ending != nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if let ending { return ending }
        let signal = status & 0x7F
        if signal == 0 { return .finished(status: (status >> 8) & 0xFF, output: output) }
        return signal == SIGXCPU ? .timedOut : .signalled(signal)
    }

    /// Limits the calling process: `memoryBytes` more address space than
    /// it has mapped now, and `cpuSeconds` of CPU time (then `SIGXCPU`).
    /// Files it writes may not grow (it answers on a pipe).
    package static func limitThisProcess(memoryBytes: Int, cpuSeconds: Int) {
        limit(RLIMIT_CPU, cpuSeconds)
        limit(RLIMIT_FSIZE, 0)
        if let mapped = mappedBytes() { limit(RLIMIT_AS, mapped + memoryBytes) }
    }

    #if canImport(Glibc)
        private static func limit(_ resource: __rlimit_resource, _ value: Int) {
            var bound = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
            _ = setrlimit(__rlimit_resource_t(resource.rawValue), &bound)
        }
    #else
        private static func limit(_ resource: Int32, _ value: Int) {
            var bound = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
            _ = setrlimit(resource, &bound)
        }
    #endif

    /// The address space the process has mapped (Linux's /proc/self/statm).
    private static func mappedBytes() -> Int? {
        guard let text = try? Platform.readWholeFile("/proc/self/statm", limit: 4_096),
            let pages = text.split(separator: UInt8(ascii: " ")).first.flatMap({ Int(String(decoding: $0, as: UTF8.self)) })
        else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
