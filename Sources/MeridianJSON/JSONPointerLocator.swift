/// Finds the RFC 6901 JSON pointer of the value at a byte offset, by
/// walking the document again with a path stack. Used only after an error,
/// so the fast paths never pay for path bookkeeping.
enum JSONPointerLocator {
    /// The pointer of the innermost value that starts at or before `offset`
    /// and encloses it; the pointer reached so far when the document is
    /// broken at `offset`.
    package static func pointer(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var reader = JSONReader(bytes, maximumDepth: Int.max)
        var path: [String] = []
        var best = ""
        func escape(_ key: String) -> String {
            key.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
        }
        func walk(_ reader: inout JSONReader) throws(JSONReaderFailure) {
            guard reader.index <= offset else { return }
            best = path.isEmpty ? "" : "/" + path.joined(separator: "/")
            switch try reader.peek() {
            case 0x7B:
                guard try reader.beginObject() else { return }
                repeat {
                    let key = reader.string(try reader.readKey())
                    guard reader.index <= offset else { return }
                    path.append(escape(key))
                    try walk(&reader)
                    path.removeLast()
                    if reader.index > offset { return }
                } while try reader.nextMember()
            case 0x5B:
                guard try reader.beginArray() else { return }
                var element = 0
                repeat {
                    path.append(String(element))
                    try walk(&reader)
                    path.removeLast()
                    if reader.index > offset { return }
                    element += 1
                } while try reader.nextElement()
            default:
                try reader.skipValue()
            }
        }
        do { try walk(&reader) } catch {}
        return best
    }
}
