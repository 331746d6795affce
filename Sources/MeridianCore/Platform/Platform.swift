// The one file that knows which C library the platform has. Every module
// of the package imports MeridianCore, and so sees the C library through
// this file's re-export; the few calls whose names or types differ between
// platforms go through `Platform`.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif

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

    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        systemRead(descriptor, buffer, count)
    }

    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        systemWrite(descriptor, buffer, count)
    }

    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        systemClose(descriptor)
    }

    package static func exit(_ status: Int32) -> Never {
        systemExit(status)
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
    package static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
