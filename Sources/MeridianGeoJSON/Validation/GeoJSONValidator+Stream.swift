import MeridianCore
import MeridianJSON

extension GeoJSONValidator {

    /// Validates GeoJSON read from an open file descriptor (which is not
    /// closed), in bounded memory: a text sequence (RFC 8142) or
    /// newline-delimited GeoJSON is checked record by record, each record
    /// on its own; a single document is held whole up to
    /// ``Options/wholeDocumentLimit`` bytes, and past
    /// that checked one element of `features` at a time (each element, and
    /// the rest of the document without them, held whole up to
    /// ``JSONReadingOptions/maximumValueSize`` bytes). `prefix` holds bytes
    /// already read from the descriptor, after `skippedLines` blank lines
    /// (`skippedBytes` bytes). Locations are the file's own lines, columns
    /// and byte offsets.
    ///
    /// A document that spans several lines and is followed by more content
    /// is one document with trailing content (an error), not NDJSON, which
    /// has one record per line.
    public func validate(
        fileDescriptor: Int32, prefix: [UInt8] = [], skippedLines: Int = 0, skippedBytes: Int = 0,
        file: String? = nil, maximumValueSize: Int = InputLimits.maximumValueBytes
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
                try validateRecords(source, delimiter: 0x1E, file: file, into: &found)
                return found.diagnostics
            }
            guard first == 0x7B else {
                // Not an object, so neither a document nor the first record
                // of one: report the root and stop reading.
                return validateRecord(source, upTo: try source.endOfRefusedRoot(), file: file).diagnostics
            }
            // Where the first value ends, and whether anything follows it.
            // The position stays at the value's start while reading on, so
            // the buffer never drops it; indices are kept relative to it.
            // A document larger than the whole-document limit is checked
            // one feature at a time.
            guard let valueEnd = try source.endOfValue(within: options.wholeDocumentLimit) else {
                return try validateLargeDocument(source, file: file)
            }
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
            try validateRecords(source, delimiter: 0x0A, file: file, into: &found)
            return found.diagnostics
        } catch {
            found.append(error.diagnostic)
            return found.diagnostics
        }
    }

    /// Validates each record up to the next `delimiter` (RS or newline) as
    /// a document of its own, on every core.
    private func validateRecords(
        _ source: ByteSource, delimiter: UInt8, file: String?, into found: inout DiagnosticCollector
    ) throws(DiagnosticError) {
        var runs = ValidationRuns(validator: self, file: file, isRecords: true)
        var record = 0
        while true {
            source.releaseConsumed()
            guard try source.peekNonWhitespace(alsoSkipping: delimiter == 0x1E ? 0x1E : nil) != nil else { break }
            let end = try source.next(delimiter)
            record += 1
            guard runs != nil else {
                found.append(validateRecord(source, upTo: end, file: file, record: record))
                continue
            }
            let checked = runs!.add(
                UnsafeBufferPointer(rebasing: source.buffer[source.position..<end]),
                origin: source.bases(at: source.position), number: record)
            for run in checked { found.append(run.found) }
            source.position = end
        }
        for run in runs?.finish() ?? [] { found.append(run.found) }
    }

    /// Validates `source.buffer[position..<end]` as one document, moves
    /// past it, and places its diagnostics in the file.
    private func validateRecord(_ source: ByteSource, upTo end: Int, file: String?, record: Int? = nil)
        -> DiagnosticCollector
    {
        let start = source.position
        let bases = source.bases(at: start)
        var found = collect(source.buffer[start..<end], file: file)
        source.position = end
        found.relocate { location in
            Self.relocate(&location, by: bases)
            location.record = record
        }
        return found
    }

    /// Checks a document too large to hold whole: each element of the root
    /// object's `features` array is parsed and checked on its own, as it is
    /// read, and the rest of the document (the "shell": every other
    /// member, and `"features":[]`) is checked as one document afterwards,
    /// its locations mapped back across the elements that were cut out.
    /// What the elements gave counts when the shell is a FeatureCollection;
    /// a syntax error anywhere is, as in a whole document, the only
    /// diagnostic.
    private func validateLargeDocument(_ source: ByteSource, file: String?) throws(DiagnosticError) -> [Diagnostic] {
        let documentStart = source.bases(at: source.position)
        var shell: [UInt8] = []
        var features = GeoJSONValidationPass(
            bytes: UnsafeBufferPointer(start: nil, count: 0), file: file, options: options)
        /// Where the elements were cut out: the offset in the shell, the
        /// bytes removed, and the file's line (before) and column just after.
        var cut: (offset: Int, removed: Int, after: (lines: Int, column: Int, bytes: Int))?
        // The elements are checked on every core, in runs, in order.
        var runs = ValidationRuns(validator: self, file: file, isRecords: false)
        defer { _ = runs?.finish() }
        /// Takes in checked runs; the syntax error that ends the check, if any.
        func absorb(_ checked: [CheckedRun], into pass: inout GeoJSONValidationPass) -> Diagnostic? {
            for run in checked {
                pass.absorb(run)
                if let failure = run.failure { return failure }
            }
            return nil
        }

        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        func peek() throws(DiagnosticError) -> UInt8? {
            if source.position >= source.buffer.count, try !source.fill() { return nil }
            return source.buffer[source.position]
        }
        /// Moves `count` bytes into the shell.
        func take(_ count: Int) {
            shell.append(contentsOf: source.buffer[source.position..<source.position + count])
            source.position += count
        }
        func takeWhitespace() throws(DiagnosticError) {
            while let byte = try peek(), isWhitespace(byte) { take(1) }
        }
        func takeValue() throws(DiagnosticError) {
            let end = try source.endOfValue() ?? source.buffer.count
            take(end - source.position)
        }

        take(1)  // {
        members: while true {
            try takeWhitespace()
            guard let byte = try peek() else { break }
            switch byte {
            case 0x7D:
                take(1)
                break members
            case 0x2C:
                take(1)
            case 0x22:
                let keyEnd = try source.endOfValue() ?? source.buffer.count
                let isFeatures = source.buffer[source.position..<keyEnd].elementsEqual("\"features\"".utf8)
                take(keyEnd - source.position)
                try takeWhitespace()
                guard try peek() == 0x3A else { break members }
                take(1)
                try takeWhitespace()
                guard isFeatures, cut == nil, try peek() == 0x5B else {
                    try takeValue()
                    continue
                }
                take(1)  // [
                let cutOffset = shell.count
                let cutStart = source.bytesConsumed
                var index = 0
                elements: while let next = try source.peekNonWhitespace() {
                    if index > 0 {
                        guard next == 0x2C else { break elements }
                        source.position += 1
                        guard try source.peekNonWhitespace() != nil else { break elements }
                    } else if next == 0x5D {
                        break elements
                    }
                    // Filling may compact the buffer: the start is read after.
                    let end = try source.endOfValue() ?? source.buffer.count
                    let start = source.position
                    let origin = source.bases(at: start)
                    if runs != nil {
                        let checked = runs!.add(
                            UnsafeBufferPointer(rebasing: source.buffer[start..<end]), origin: origin, number: index)
                        if let failure = absorb(checked, into: &features) { return [failure] }
                        source.position = end
                        index += 1
                        source.releaseConsumed()
                        continue
                    }
                    let slice = UnsafeBufferPointer(rebasing: source.buffer[start..<end])
                    let failure: Diagnostic?
                    do throws(JSONReaderFailure) {
                        let element = try LocatedJSON.parse(slice, maximumDepth: options.maximumDepth)
                        features.validateCollectionElement(element, index: index, in: slice, origin: origin)
                        failure = nil
                    } catch {
                        failure = error.diagnostic(in: slice, file: file)
                    }
                    if var failure {
                        // As in a whole document, a syntax error is all
                        // there is to say: nothing after it has a structure.
                        failure.location.jsonPointer = "/features/\(index)" + (failure.location.jsonPointer ?? "")
                        Self.relocate(&failure.location, by: origin)
                        return [failure]
                    }
                    source.position = end
                    index += 1
                    source.releaseConsumed()
                }
                if runs != nil, let failure = absorb(runs!.finish(), into: &features) { return [failure] }
                cut = (cutOffset, source.bytesConsumed - cutStart, source.bases(at: source.position))
                try takeWhitespace()
                if try peek() == 0x5D { take(1) }
            default:
                break members
            }
        }
        // Whatever follows (nothing but blanks, in a valid document) is
        // part of the shell, so trailing content is reported as usual.
        while try peek() != nil { take(source.buffer.count - source.position) }

        var found = collect(shell, file: file)
        let shellLines = shell.withUnsafeBufferPointer { LineTable($0) }
        let cutPosition = cut.map { shellLines.lineAndColumn(of: $0.offset) }
        found.relocate { location in
            guard let offset = location.byteOffset, let line = location.line, let column = location.column else {
                return
            }
            if let cut, let cutPosition, offset >= cut.offset {
                location.byteOffset = offset + cut.removed
                location.line = cut.after.lines + 1 + line - cutPosition.line
                location.column = line == cutPosition.line ? cut.after.column + column - cutPosition.column : column
            } else {
                location.byteOffset = offset + documentStart.bytes
                location.line = line + documentStart.lines
                location.column = line == 1 ? column + documentStart.column - 1 : column
            }
        }
        // The elements were checked as features; that counts only when the
        // document is a FeatureCollection (and parses).
        let isCollection = shell.withUnsafeBufferPointer {
            (try? LocatedJSON.parse($0, maximumDepth: options.maximumDepth))?.member("type")?.string
                == GeoJSONType.featureCollection.rawValue
        }
        if isCollection { found.append(features.finish()) }
        found.sortKept { $0.location.byteOffset ?? 0 }
        return found.diagnostics
    }
}
