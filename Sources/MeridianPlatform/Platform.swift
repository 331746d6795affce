// The calls into the C library whose names or types differ between
// platforms, and the package's other platform services (threads, signals,
// mapped files) beside this file.
import MeridianCore
import MeridianLibC

// The C functions under names no type's own method can hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemExit(_ status: Int32) -> Never { exit(status) }

/// The C library's calls where platforms differ, or where a type's own
/// method of the same name would hide the C function (`write`, `read`,
/// `close`, `exit`).
package enum Platform {
    /// The kind of file a descriptor or path names.
    package enum FileKind: Sendable, Equatable {
        case regular, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, other
    }

    /// One read (at `offset` when given, with pread), retried when a signal
    /// interrupts it: the count read, 0 at the end, -1 with `errno` set.
    package static func read(
        _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, at offset: Int64? = nil
    ) -> Int {
        while true {
            let got =
                offset.map { pread(descriptor, buffer, count, off_t($0)) } ?? systemRead(descriptor, buffer, count)
            if got < 0 && errno == EINTR { continue }
            return got
        }
    }

    /// Reads until `buffer` is full or the input ends: the count read, or
    /// -1 with `errno` set.
    package static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64? = nil
    ) -> Int {
        var done = 0
        while done < buffer.count {
            let got = read(
                descriptor, buffer.baseAddress! + done, buffer.count - done, at: offset.map { $0 + Int64(done) })
            if got < 0 { return -1 }
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// One read of at most `count` bytes appended to `bytes` (no chunk is
    /// zero-filled first, so small reads from a pipe stay cheap): the count
    /// read, 0 at the end, -1 with `errno` set.
    package static func read(
        _ descriptor: Int32, appendingTo bytes: inout [UInt8], count: Int, at offset: Int64? = nil
    ) -> Int {
        withUnsafeTemporaryAllocation(byteCount: count, alignment: 16) { scratch in
            let got = read(descriptor, scratch.baseAddress, count, at: offset)
            if got > 0 { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<got])) }
            return got
        }
    }

    /// Writes all of `bytes`, retrying short and interrupted writes: nil on
    /// success, else the `errno` of the failure.
    package static func write(_ descriptor: Int32, all bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// The file at `path` opened for reading (close-on-exec), or an
    /// `io.open` error located at `name` (the path by default).
    package static func openForReading(_ path: String, name: String? = nil) throws(DiagnosticError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let name = name ?? path
            throw DiagnosticError(
                code: "io.open", message: "cannot open \(name): \(errorMessage())", location: SourceLocation(file: name))
        }
        return descriptor
    }

    /// The bytes of the (small) file at `path`, read whole; nil when it
    /// holds more than `limit` bytes. An `io.open` error when it cannot be
    /// opened.
    package static func readWholeFile(_ path: String, limit: Int) throws(DiagnosticError) -> [UInt8]? {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        while read(descriptor, appendingTo: &bytes, count: 1 << 16) > 0 {
            if bytes.count > limit { return nil }
        }
        return bytes
    }

    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        systemClose(descriptor)
    }

    /// The names in a folder (without `.` and `..`), in the order the
    /// file system gives them; nil when it cannot be opened.
    package static func entries(ofFolder path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether a signal's action is the default one (not ignored, no handler).
    package static func isDefaultAction(_ action: sigaction) -> Bool {
        #if os(Linux)
            action.__sigaction_handler.sa_handler == nil && action.sa_flags & Int32(SA_SIGINFO) == 0
        #else
            action.__sigaction_u.__sa_handler == nil && action.sa_flags & Int32(SA_SIGINFO) == 0
        #endif
    }

    /// Sets a signal action's plain handler.
    package static func setHandler(_ action: inout sigaction, _ handler: @escaping @convention(c) (Int32) -> Void) {
        #if os(Linux)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
    }

    package static func exit(_ status: Int32) -> Never {
        systemExit(status)
    }

    /// Sets glibc's allocator for a short command that streams its work
    /// through a few threads (the `meridian` tool calls it first thing):
    /// blocks of up to 32 MiB come from the heap instead of a mapping of
    /// their own, up to 64 MiB freed stays in the process, and the heap
    /// grows 64 MiB of address space at a time. A batch's encoded bytes
    /// (100 to 200 KB each) were otherwise mapped, faulted in page by page
    /// and unmapped, and every unmapping while another thread runs
    /// interrupts that thread's core to flush its address translations:
    /// converting a 700 KB file took 680 page faults and about 25 such
    /// interrupts. And a worker thread's heap, which glibc reserves and
    /// then opens page by page with `mprotect` as it grows (each call
    /// taking the process's memory map lock from the other thread's page
    /// faults), is opened whole: rendering a 200 MB file on both cores made
    /// 92 000 such calls. Address space is not memory: only pages written
    /// are. Nothing elsewhere (musl, Darwin).
    package static func tuneAllocatorForCommands() {
        #if canImport(Glibc)
            // <malloc.h> is not in Swift's Glibc module: mallopt and its
            // parameters' numbers (M_TRIM_THRESHOLD -1, M_TOP_PAD -2,
            // M_MMAP_THRESHOLD -3) are glibc's stable interface.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            _ = mallopt(-3, 32 << 20)
            _ = mallopt(-1, 64 << 20)
            _ = mallopt(-2, 64 << 20)
        #endif
    }

    /// Hands the memory glibc's allocator holds free back to the system
    /// (`malloc_trim`), in every thread's arena. Memory a worker thread
    /// freed stays in its arena, where later allocations on another thread
    /// cannot reuse it: the long-running server calls this every few
    /// seconds, and a command between a phase on every core and a large
    /// phase on one. Nothing elsewhere (musl, Darwin).
    package static func releaseFreedMemory() {
        #if canImport(Glibc)
            // malloc_trim is looked up because <malloc.h> is not in Swift's Glibc module.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
            _ = trim(0)
        #endif
    }

    /// Stops the process because a C library opened on first use (GEOS,
    /// libxml2) is missing: `meridian: <message>` on standard error and
    /// status 69 (EX_UNAVAILABLE), as the dynamic loader stopped it at start
    /// when the library was linked.
    package static func exitForMissingLibrary(_ message: String) -> Never {
        let line = "meridian: " + message + "\n"
        line.utf8CString.withUnsafeBytes { _ = write(2, all: UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
        systemExit(69)
    }

    /// The process's file-creation mask (umask), read without changing it
    /// for long: call it before threads start creating files.
    package static func fileCreationMask() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mask
    }

    /// `strerror(errno)` as a String.
    package static func errorMessage(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// What a descriptor names; nil when fstat fails.
    package static func kind(ofDescriptor descriptor: Int32) -> FileKind? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return kind(of: status.st_mode)
    }

    /// What a path names, following symbolic links; nil when it does not exist.
    package static func kind(ofPath path: String) -> FileKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return kind(of: status.st_mode)
    }

    /// A path's kind, size and last change (seconds since 1970), following
    /// symbolic links; nil when it does not exist.
    package static func status(ofPath path: String) -> (kind: FileKind, size: Int, modified: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int64(status.st_mtimespec.tv_sec)
        #else
            let modified = Int64(status.st_mtim.tv_sec)
        #endif
        return (kind(of: status.st_mode), Int(status.st_size), modified)
    }

    package static func kind(of mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        case S_IFLNK: .symbolicLink
        default: .other
        }
    }

    /// The folder for private temporary files: `$TMPDIR`, else /tmp.
    package static var temporaryDirectory: String {
        if let value = getenv("TMPDIR"), value.pointee != 0 {
            let path = String(cString: value)
            return path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        }
        return "/tmp"
    }

    /// Seconds since an arbitrary start, for timings.
    /// The path of the running program (Linux: /proc/self/exe), else its first argument.
    package static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
