#if canImport(Glibc)
    import Glibc
#endif
// Temporary: replaced by the Eisel-Lemire parser.
enum DecimalParser {
    static func parse(_ start: UnsafePointer<UInt8>, count: Int) -> Double {
        var buffer = [CChar](repeating: 0, count: count + 1)
        for i in 0..<count { buffer[i] = CChar(bitPattern: start[i]) }
        return strtod(buffer, nil)
    }
}
