import MeridianCore
import MeridianLibC
import MeridianPlatform

/// Where a command's output goes, written safely: the one writer every
/// command uses for its files and standard output.
///
/// ```swift
/// let output = try OutputDestination(path: "out.geojson")
/// try output.write(bytes)
/// try output.commit()      // renames the finished file into place
/// ```
///
/// - A regular file (or a new one) is written to a temporary file created
///   beside it with `O_EXCL` and mode 0600, under a name nobody can predict,
///   then given the target's mode (and owner, when run as root), closed and
///   renamed over the target by ``commit()``. A failure half-way, a full
///   disk or a signal (SIGINT, SIGTERM, SIGHUP) removes the temporary file
///   and leaves the target as it was. A symbolic link to a file is written
///   through: the file it names is replaced, the link stays.
/// - Anything else that exists (a device such as `/dev/null` or `/dev/full`,
///   a FIFO, a socket, `/dev/stdout`) is opened and written in place, never
///   renamed over; "-" is standard output.
/// - A location with a scheme (`postgresql://…`, ``Input/isLocation(_:)``)
///   is no file: nothing is opened, and the format that claims the scheme
///   writes there itself (into a database, in one transaction).
/// - A folder, a path through something that is not a folder, and a
///   missing folder are refused when the destination is opened, before any
///   work is done.
///
/// Every write is checked, and so is the final close: a full disk or an
/// I/O error is an `io.output.write` error (exit status 3 in the CLI); a
/// reader that closed the pipe is `io.output.closed` (a clean stop).
/// Writes are buffered in 1 MiB blocks.
public final class OutputDestination {
    /// The path given ("-" for standard output).
    public let path: String
    /// "standard output", the path, or the location without its password.
    public var displayName: String { path == "-" ? "standard output" : Input.redactingPassword(path) }

    /// The location a database format writes to, when the destination is
    /// one (``Input/isLocation(_:)``); nil for a file or standard output.
    public var location: String? { Input.isLocation(path) ? path : nil }

    /// The name a layer of features that come without one is given: the
    /// file's name without its folders and extensions, `features` for
    /// standard output.
    public var layerName: String {
        let stem = path.fileStem
        return stem.isEmpty || path == "-" ? "features" : stem
    }
    private var descriptor: Int32
    /// How a regular file is replaced; nil when writing in place.
    private let replacement: Replacement?
    private var buffer: [UInt8] = []
    private var finished = false
    private let blockSize = 1 << 20

    /// A temporary file standing in for the target until the commit.
    private struct Replacement {
        var temporaryPath: String
        var targetPath: String
        var mode: mode_t
        var owner: (uid: uid_t, gid: gid_t)?
        var cleanupSlot: SignalCleanup.Slot?
    }

    /// Opens standard output for "-", a temporary file beside a regular
    /// (or new) file, or the file itself for devices, FIFOs and sockets.
    public init(path: String) throws(DiagnosticError) {
        self.path = path
        if path == "-" {
            descriptor = 1
            replacement = nil
            return
        }
        if Input.isLocation(path) {
            descriptor = -1
            replacement = nil
            return
        }
        let targetPath: String
        let mode: mode_t
        var owner: (uid: uid_t, gid: gid_t)?
        var status = stat()
        if stat(path, &status) == 0 {
            let kind = Platform.kind(of: status.st_mode)
            if kind == .directory {
                throw Self.error("io.output.folder", "\(path) is a folder; give a file name", path: path)
            }
            if kind != .regular {
                // A device, FIFO or socket: written in place, never replaced.
                descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw Self.error("io.output.open", "cannot write \(path): \(Platform.errorMessage())", path: path)
                }
                replacement = nil
                return
            }
            // Replaced by a rename, which needs no write permission on the
            // file itself: a file made read-only (no write bit, even for
            // root, or none for this user) stays so.
            guard status.st_mode & 0o222 != 0, access(path, W_OK) == 0 else {
                throw Self.error("io.output.open", "cannot write \(path): it is read-only", path: path)
            }
            targetPath = Self.resolvingLink(path)
            mode = status.st_mode & 0o7777
            if getuid() == 0 { owner = (status.st_uid, status.st_gid) }
        } else {
            let code = errno
            var link = stat()
            if lstat(path, &link) == 0, Platform.kind(of: link.st_mode) == .symbolicLink {
                // Writing would replace the link with a file: refused.
                throw Self.error(
                    "io.output.open",
                    "cannot write \(path): it is a symbolic link to \(code == ELOOP ? "a loop of links" : "nothing")",
                    path: path)
            }
            let folder = Self.folder(of: path)
            if code == ENOTDIR {
                throw Self.error(
                    "io.output.folder", "cannot write \(path): a part of the path is not a folder", path: path)
            }
            guard Platform.kind(ofPath: folder) == .directory else {
                throw Self.error("io.output.folder", "the output folder \(folder) does not exist", path: path)
            }
            targetPath = path
            mode = 0o666 & ~Self.umask
        }
        let folder = Self.folder(of: targetPath)
        let base = targetPath.split(separator: "/").last.map(String.init) ?? targetPath
        guard let created = SignalCleanup.createFile(prefix: "\(folder)/.\(base).", suffix: ".partial", flags: O_WRONLY)
        else {
            throw Self.error("io.output.open", "cannot write \(path): \(Platform.errorMessage())", path: path)
        }
        descriptor = created.descriptor
        replacement = Replacement(
            temporaryPath: created.path, targetPath: targetPath, mode: mode, owner: owner,
            cleanupSlot: created.slot)
        buffer.reserveCapacity(blockSize * 2)
    }

    deinit {
        if !finished { discard() }
    }

    /// Refuses outputs of one command that name the same file (through
    /// links or different spellings), before any work starts.
    public static func checkDistinct(_ paths: [String]) throws(DiagnosticError) {
        var seen: [String: String] = [:]
        for path in paths where path != "-" {
            var status = stat()
            let key =
                stat(path, &status) == 0 && Platform.kind(of: status.st_mode) == .regular
                ? "\(status.st_dev):\(status.st_ino)" : canonical(path)
            if let other = seen[key] {
                throw error(
                    "io.output.same-file", "\(other) and \(path) name the same file; give each output its own",
                    path: path)
            }
            seen[key] = path
        }
    }

    /// Refuses an output that names one of the command's inputs (through
    /// links or different spellings), before any work starts: writing it
    /// would replace the data being read (`io.output.is-input`).
    public static func checkNotInput(_ output: String, inputs: [String]) throws(DiagnosticError) {
        var status = stat()
        guard output != "-", stat(output, &status) == 0, Platform.kind(of: status.st_mode) == .regular else { return }
        let target = (status.st_dev, status.st_ino)
        for input in inputs where input != "-" {
            var other = stat()
            if stat(input, &other) == 0, (other.st_dev, other.st_ino) == target {
                throw error(
                    "io.output.is-input", "\(output) is also an input of this command; write the output elsewhere",
                    path: output)
            }
        }
    }

    /// Appends bytes, flushing whole blocks.
    public func write(_ bytes: [UInt8]) throws(DiagnosticError) {
        try write(bytes[...])
    }

    /// Appends bytes, flushing whole blocks.
    public func write(_ bytes: ArraySlice<UInt8>) throws(DiagnosticError) {
        if location != nil {
            throw Self.error(
                "io.output.open", "\(displayName) is not a file; a format that writes a database writes there",
                path: displayName)
        }
        // A batch of 64 KiB or more goes straight out, after what is
        // waiting: copying it into the buffer first would cost a copy and
        // page faults (a 700 KB collection: some 150 faults), more than a
        // second write.
        if bytes.count >= 1 << 16 {
            try flush()
            try writeOut(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= blockSize { try flush() }
    }

    /// Writes raw bytes (a large block, such as a place index) straight out.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(DiagnosticError) {
        try flush()
        if let failure = Platform.write(descriptor, all: bytes) {
            throw Self.error(
                failure == EPIPE ? "io.output.closed" : "io.output.write",
                "cannot write \(displayName): \(Platform.errorMessage(failure))", path: path)
        }
    }

    /// Appends text as UTF-8.
    public func write(_ text: String) throws(DiagnosticError) {
        try write(Array(text.utf8))
    }

    /// Writes out everything buffered so far.
    public func flush() throws(DiagnosticError) {
        try writeOut(buffer[...])
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeOut(_ bytes: ArraySlice<UInt8>) throws(DiagnosticError) {
        if let failure = bytes.withUnsafeBytes({ Platform.write(descriptor, all: $0) }) {
            throw Self.error(
                failure == EPIPE ? "io.output.closed" : "io.output.write",
                "cannot write \(displayName): \(Platform.errorMessage(failure))", path: path)
        }
    }

    /// Flushes, closes (checking that the data reached the file) and, for
    /// a file, moves it into place with the target's mode.
    public func commit() throws(DiagnosticError) {
        try prepare()
        try place()
    }

    /// Commits several outputs as one: every output is flushed and closed
    /// first, and only when all succeeded is any renamed into place, so a
    /// command with two outputs writes neither unless both can be written.
    public static func commit(_ outputs: [OutputDestination]) throws(DiagnosticError) {
        do throws(DiagnosticError) {
            for output in outputs { try output.prepare() }
        } catch {
            for output in outputs { output.discard() }
            throw error
        }
        for output in outputs { try output.place() }
    }

    /// Flushes and closes, checking both; a replacement is first given
    /// the target's mode (and owner).
    private func prepare() throws(DiagnosticError) {
        do throws(DiagnosticError) {
            try flush()
        } catch {
            discard()
            throw error
        }
        guard descriptor > 2 else { return }  // standard output (or a location) has nothing to close
        var failed = false
        if let replacement {
            if let owner = replacement.owner { _ = fchown(descriptor, owner.uid, owner.gid) }
            failed = fchmod(descriptor, replacement.mode) != 0
        }
        failed = Platform.close(descriptor) != 0 || failed
        descriptor = -1
        if failed {
            let message = Platform.errorMessage()
            discard()
            throw Self.error("io.output.write", "cannot write \(path): \(message)", path: path)
        }
    }

    private func place() throws(DiagnosticError) {
        finished = true
        guard let replacement else { return }
        defer { SignalCleanup.unregister(replacement.cleanupSlot) }
        guard rename(replacement.temporaryPath, replacement.targetPath) == 0 else {
            let message = Platform.errorMessage()
            unlink(replacement.temporaryPath)
            throw Self.error("io.output.write", "cannot write \(path): \(message)", path: path)
        }
    }

    /// Abandons the output: a temporary file is removed.
    public func discard() {
        finished = true
        buffer.removeAll()
        if descriptor > 2 { Platform.close(descriptor) }
        descriptor = -1
        guard let replacement else { return }
        unlink(replacement.temporaryPath)
        SignalCleanup.unregister(replacement.cleanupSlot)
    }

    // MARK: Paths

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The file a symbolic link names (followed to the end), else the path.
    private static func resolvingLink(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, Platform.kind(of: status.st_mode) == .symbolicLink,
            let resolved = realpath(path, nil)
        else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The absolute form of a path that may not exist yet: its folder resolved.
    private static func canonical(_ path: String) -> String {
        let folder = folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let resolved = realpath(folder, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
    }

    private static let umask = Platform.fileCreationMask()

    private static func error(_ code: String, _ message: String, path: String) -> DiagnosticError {
        DiagnosticError(code: code, message: message, location: SourceLocation(file: path))
    }
}
