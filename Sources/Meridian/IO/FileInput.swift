import MeridianCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a whole input into memory, with the same located I/O errors as
/// the streaming reader: "-" is standard input.
public enum FileInput {
    public static func readAll(_ path: String) throws(DiagnosticError) -> [UInt8] {
        let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                code: "io.open", message: "cannot open \(path): \(String(cString: strerror(errno)))",
                location: SourceLocation(file: path))
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw DiagnosticError(
                code: "io.open", message: "\(path) is a folder, not a file", location: SourceLocation(file: path))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw DiagnosticError(
                    code: "io.read", message: "cannot read \(path): \(String(cString: strerror(errno)))",
                    location: SourceLocation(file: path))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}

extension FileInput {
    /// The size in bytes of a regular file; nil for folders, pipes and
    /// paths that cannot be read.
    public static func size(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
