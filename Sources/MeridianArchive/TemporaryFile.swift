import MeridianCore
import MeridianLibC
import MeridianPlatform

/// A private temporary file (mode 0600, a name nobody can predict, created
/// with `O_EXCL`, registered for removal on a signal before it exists) for inputs that need random access but arrive
/// as a stream: a zip on standard input, in memory, or through a pipe.
/// It is removed on ``remove()``, on deinitialisation, and on any signal
/// that ends the process (``SignalCleanup``).
package final class TemporaryFile {
    package let path: String
    private var descriptor: Int32
    private let cleanupSlot: SignalCleanup.Slot?
    /// Bytes appended and not yet written (``append(_:displayName:)``).
    private var pending: [UInt8] = []
    private var written = 0

    /// The bytes written and appended so far: where the next appended
    /// byte will be.
    package var size: Int { written + pending.count }

    /// Creates the file in ``Platform/temporaryDirectory``.
    package init(purpose: String) throws(DiagnosticError) {
        let folder = Platform.temporaryDirectory
        guard let created = SignalCleanup.createFile(prefix: "\(folder)/meridian-\(purpose)-", flags: O_RDWR) else {
            throw DiagnosticError(
                code: "io.temporary",
                message: "cannot create a temporary file in \(folder): \(Platform.errorMessage())")
        }
        descriptor = created.descriptor
        path = created.path
        cleanupSlot = created.slot
    }

    deinit { remove() }

    /// Appends bytes; every write is checked.
    package func write(_ bytes: [UInt8], displayName: String) throws(DiagnosticError) {
        let result: Result<Void, DiagnosticError> = bytes.withUnsafeBytes { raw in
            do throws(DiagnosticError) {
                try write(raw, displayName: displayName)
                return .success(())
            } catch { return .failure(error) }
        }
        try result.get()
    }

    package func write(_ bytes: UnsafeRawBufferPointer, displayName: String) throws(DiagnosticError) {
        written += bytes.count
        if let failure = Platform.write(descriptor, all: bytes) {
            throw DiagnosticError(
                code: "io.temporary",
                message: "cannot spool \(displayName) to a temporary file: \(Platform.errorMessage(failure))",
                location: SourceLocation(file: displayName))
        }
    }

    /// Appends bytes through a buffer of about 1 MiB, written when full and
    /// on ``flush(displayName:)`` (a writer's spool of small records).
    package func append(_ bytes: ArraySlice<UInt8>, displayName: String) throws(DiagnosticError) {
        pending.append(contentsOf: bytes)
        if pending.count >= 1 << 20 { try flush(displayName: displayName) }
    }

    /// Writes what ``append(_:displayName:)`` holds.
    package func flush(displayName: String) throws(DiagnosticError) {
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        try write(bytes, displayName: displayName)
    }

    /// Copies the rest of a stream into the file, refusing more than
    /// `limit` bytes in all (with `alreadyWritten` counted).
    package func copy(
        from source: Int32, displayName: String, limit: UInt64, alreadyWritten: UInt64
    ) throws(DiagnosticError) {
        var total = alreadyWritten
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = Platform.read(source, chunk.baseAddress, chunk.count)
            if count < 0 {
                throw DiagnosticError(
                    code: "io.read", message: "cannot read \(displayName): \(Platform.errorMessage())",
                    location: SourceLocation(file: displayName))
            }
            if count == 0 { return }
            total += UInt64(count)
            guard total <= limit else {
                throw DiagnosticError(
                    code: "archive.too-large",
                    message: "\(displayName) is a zip archive larger than the limit of \(limit) bytes",
                    location: SourceLocation(file: displayName))
            }
            try write(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), displayName: displayName)
        }
    }

    /// Closes and removes the file (anyone who opened it keeps reading it).
    package func remove() {
        if descriptor >= 0 {
            Platform.close(descriptor)
            descriptor = -1
            unlink(path)
            SignalCleanup.unregister(cleanupSlot)
        }
    }
}
