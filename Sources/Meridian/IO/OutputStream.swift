import MeridianCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where converted output goes: standard output, or a file that appears
/// only when it is complete.
///
/// ```swift
/// let output = try OutputStream(path: "out.geojson")
/// try output.write(bytes)
/// try output.commit()      // renames the temporary file into place
/// ```
///
/// A file is written to a temporary name in the same folder and renamed
/// over the destination by ``commit()``, so a failure half-way (bad input,
/// a full disk, an interrupted run) never leaves a half-written file;
/// ``discard()``, or deinitialisation without a commit, removes the
/// temporary file. Writes are buffered in 1 MiB blocks.
public final class OutputStream {
    /// The path given ("-" for standard output).
    public let path: String
    private let descriptor: Int32
    private let temporaryPath: String?
    private var buffer: [UInt8] = []
    private var finished = false
    private let blockSize = 1 << 20

    /// Opens standard output for "-", else a temporary file beside `path`.
    public init(path: String) throws(DiagnosticError) {
        self.path = path
        if path == "-" {
            descriptor = 1
            temporaryPath = nil
        } else {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[..<$0]) } ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            var status = stat()
            guard stat(folder.isEmpty ? "/" : folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                throw DiagnosticError(
                    code: "io.output.folder", message: "the output folder \(folder) does not exist",
                    location: SourceLocation(file: path))
            }
            let temporary = "\(folder)/.\(name).\(getpid()).partial"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else {
                throw DiagnosticError(
                    code: "io.output.open", message: "cannot write \(path): \(String(cString: strerror(errno)))",
                    location: SourceLocation(file: path))
            }
            descriptor = fd
            temporaryPath = temporary
        }
        buffer.reserveCapacity(blockSize * 2)
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends bytes, flushing whole blocks.
    public func write(_ bytes: [UInt8]) throws(DiagnosticError) {
        // A block or more goes straight out: copying it into the buffer
        // first would only cost a copy and page faults.
        if bytes.count >= blockSize {
            try flush()
            try writeOut(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= blockSize { try flush() }
    }

    /// Writes out everything buffered so far.
    public func flush() throws(DiagnosticError) {
        try writeOut(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeOut(_ bytes: [UInt8]) throws(DiagnosticError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno == EPIPE ? "io.output.closed" : "io.output.write"
                throw DiagnosticError(
                    code: code,
                    message:
                        "cannot write \(path == "-" ? "standard output" : path): \(String(cString: strerror(errno)))",
                    location: SourceLocation(file: path))
            }
            offset += written
        }
    }

    /// Flushes and, for a file, moves it into place.
    public func commit() throws(DiagnosticError) {
        try flush()
        finished = true
        guard let temporaryPath else { return }
        guard close(descriptor) == 0, rename(temporaryPath, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw DiagnosticError(
                code: "io.output.write", message: "cannot write \(path): \(message)",
                location: SourceLocation(file: path))
        }
    }

    /// Abandons the output: a temporary file is removed.
    public func discard() {
        finished = true
        buffer.removeAll()
        guard let temporaryPath else { return }
        close(descriptor)
        unlink(temporaryPath)
    }
}
