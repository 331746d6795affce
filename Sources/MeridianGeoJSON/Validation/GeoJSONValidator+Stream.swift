import MeridianCore

extension GeoJSONValidator {
    /// Validates GeoJSON read from an open file descriptor (which is not
    /// closed), in bounded memory: a text sequence (RFC 8142) or
    /// newline-delimited GeoJSON is checked record by record, each record
    /// on its own; a single document is held whole, up to
    /// ``JSONReadingOptions/maximumValueSize`` bytes. `prefix` holds bytes
    /// already read from the descriptor, after `skippedLines` blank lines
    /// (`skippedBytes` bytes). Locations are the file's own lines, columns
    /// and byte offsets.
    ///
    /// A document that spans several lines and is followed by more content
    /// is one document with trailing content (an error), not NDJSON, which
    /// has one record per line.
    public func validate(
        fileDescriptor: Int32, prefix: [UInt8] = [], skippedLines: Int = 0, skippedBytes: Int = 0,
        file: String? = nil, maximumValueSize: Int = 256 << 20
    ) -> [Diagnostic] {
        let source = ByteSource(
            descriptor: fileDescriptor, closesDescriptor: false, prefix: prefix, skippedLines: skippedLines,
            skippedBytes: skippedBytes, maximumHeld: maximumValueSize, fileName: file)
        var found = DiagnosticCollector(maximumPerCode: options.maximumPerCode)
        do throws(DiagnosticError) {
            guard let first = try source.peekNonWhitespace() else {
                return validate([UInt8](), file: file)
            }
            if first == 0x1E {
                while try source.peekNonWhitespace(alsoSkipping: 0x1E) != nil {
                    let end = try source.next(0x1E)
                    found.append(validateRecord(source, upTo: end, file: file))
                }
                return found.diagnostics
            }
            guard first == 0x7B else {
                // Not an object, so neither a document nor the first record
                // of one: report the root and stop reading. Only an array or
                // a string needs its end found; anything else is refused
                // within its first bytes.
                let end =
                    first == 0x5B || first == 0x22
                    ? try source.endOfValue() ?? source.buffer.count
                    : min(source.buffer.count, source.position + 64)
                return validateRecord(source, upTo: end, file: file).diagnostics
            }
            // Where the first value ends, and whether anything follows it.
            // The position stays at the value's start while reading on, so
            // the buffer never drops it; indices are kept relative to it.
            let valueEnd = try source.endOfValue() ?? source.buffer.count
            let spansLines = source.buffer[source.position..<valueEnd].contains(0x0A)
            var scan = valueEnd
            var more = false
            while !more {
                while scan < source.buffer.count {
                    let byte = source.buffer[scan]
                    if !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
                        more = true
                        break
                    }
                    scan += 1
                }
                if more { break }
                let offset = scan - source.position
                if try !source.fill() { break }
                scan = source.position + offset
            }
            if !more || spansLines {
                // One document: hold it whole (the rest of the input with it).
                while try source.fill() {}
                return validateRecord(source, upTo: source.buffer.count, file: file).diagnostics
            }
            while try source.peekNonWhitespace() != nil {
                let end = try source.next(0x0A)
                found.append(validateRecord(source, upTo: end, file: file))
            }
            return found.diagnostics
        } catch {
            found.append(error.diagnostic)
            return found.diagnostics
        }
    }

    /// Validates `source.buffer[position..<end]` as one document, moves
    /// past it, and places its diagnostics in the file.
    private func validateRecord(_ source: ByteSource, upTo end: Int, file: String?) -> DiagnosticCollector {
        let start = source.position
        let bases = source.bases(at: start)
        var found = collect(source.buffer[start..<end], file: file)
        source.position = end
        found.relocate { location in
            if let line = location.line {
                if line == 1, let column = location.column { location.column = column + bases.column - 1 }
                location.line = line + bases.lines
            }
            if let offset = location.byteOffset { location.byteOffset = offset + bases.bytes }
        }
        return found
    }
}
