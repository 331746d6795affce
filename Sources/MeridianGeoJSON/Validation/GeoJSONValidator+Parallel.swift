import MeridianCore
import MeridianJSON
import MeridianPlatform

/// Records of a text sequence or NDJSON, or elements of a large
/// collection's `features`, copied together so that another thread can
/// check them: how a large input is validated on every core. The reading
/// thread finds where each one ends (exactly, as one thread would) and
/// where it is in the file; the checking threads parse and check.
struct ValidationRun: Sendable {
    struct Element: Sendable {
        /// Where it is in `bytes`.
        var range: Range<Int>
        /// Where it is in the file: lines before it, its column, its offset.
        var origin: (lines: Int, column: Int, bytes: Int)
        /// Its record number, or its index in `features`.
        var number: Int
    }

    var bytes: [UInt8] = []
    var elements: [Element] = []
    /// Records (each a document of its own), or collection elements.
    var isRecords: Bool

    mutating func add(
        _ slice: UnsafeBufferPointer<UInt8>, origin: (lines: Int, column: Int, bytes: Int), number: Int
    ) {
        let start = bytes.count
        bytes += slice
        elements.append(Element(range: start..<bytes.count, origin: origin, number: number))
    }
}

/// What checking a run found: its diagnostics, and for collection
/// elements the precision warnings' tally, or the syntax error that ends
/// the check.
struct CheckedRun: Sendable {
    var found: DiagnosticCollector
    var precisionWarnings = 0
    var suppressedPrecisionWarnings: (count: Int, location: SourceLocation)?
    var failure: Diagnostic?
}

/// The checking threads and the runs in flight, in order.
struct ValidationRuns {
    let runSize: Int
    let pool: OrderedWorkPool<ValidationRun, CheckedRun>
    let capacity: Int
    var current: ValidationRun

    /// Nil when one thread is asked for (``GeoJSONValidator/Options/threads``).
    init?(validator: GeoJSONValidator, file: String?, isRecords: Bool) {
        let threads = validator.options.threads ?? OrderedWorkPool<Int, Int>.defaultThreads
        guard threads > 1 else { return nil }
        pool = OrderedWorkPool(threads: threads) { run in validator.check(run, file: file) }
        capacity = threads * 3
        runSize = validator.runSize
        current = ValidationRun(isRecords: isRecords)
    }

    /// Adds an element; returns the results of runs that had to be taken
    /// from the threads to bound those in flight, in order.
    mutating func add(
        _ slice: UnsafeBufferPointer<UInt8>, origin: (lines: Int, column: Int, bytes: Int), number: Int
    )
        -> [CheckedRun]
    {
        current.add(slice, origin: origin, number: number)
        guard current.bytes.count >= runSize else { return [] }
        pool.submit(current)
        current = ValidationRun(isRecords: current.isRecords)
        var done: [CheckedRun] = []
        while pool.pending >= capacity, let result = pool.next() { done.append(result) }
        return done
    }

    /// Every result still to come, in order, the run being gathered last.
    mutating func finish() -> [CheckedRun] {
        if !current.elements.isEmpty { pool.submit(current) }
        current = ValidationRun(isRecords: current.isRecords)
        var done: [CheckedRun] = []
        while let result = pool.next() { done.append(result) }
        pool.stop()
        return done
    }
}

extension GeoJSONValidator {
    /// Checks a run: each record as a document of its own, or each element
    /// as a feature of the root collection, with one pass for the run.
    func check(_ run: ValidationRun, file: String?) -> CheckedRun {
        run.bytes.withUnsafeBufferPointer { all in
            if run.isRecords {
                var found = DiagnosticCollector(maximumPerCode: options.maximumPerCode)
                for element in run.elements {
                    var record = collect(UnsafeBufferPointer(rebasing: all[element.range]), file: file)
                    record.relocate { location in
                        Self.relocate(&location, by: element.origin)
                        location.record = element.number
                    }
                    found.append(record)
                }
                return CheckedRun(found: found)
            }
            var pass = GeoJSONValidationPass(
                bytes: UnsafeBufferPointer(start: nil, count: 0), file: file, options: options)
            for element in run.elements {
                let slice = UnsafeBufferPointer(rebasing: all[element.range])
                do throws(JSONReaderFailure) {
                    let feature = try LocatedJSON.parse(slice, maximumDepth: options.maximumDepth)
                    pass.validateCollectionElement(feature, index: element.number, in: slice, origin: element.origin)
                } catch {
                    var failure = error.diagnostic(in: slice, file: file)
                    failure.location.jsonPointer = "/features/\(element.number)" + (failure.location.jsonPointer ?? "")
                    Self.relocate(&failure.location, by: element.origin)
                    return CheckedRun(found: pass.found, failure: failure)
                }
            }
            return CheckedRun(
                found: pass.found, precisionWarnings: pass.precisionWarningCount,
                suppressedPrecisionWarnings: pass.suppressedPrecisionWarnings)
        }
    }

    /// Moves a location found in a slice that starts at `origin` in the
    /// file to where it is in the file.
    static func relocate(_ location: inout SourceLocation, by origin: (lines: Int, column: Int, bytes: Int)) {
        if let line = location.line {
            if line == 1, let column = location.column { location.column = column + origin.column - 1 }
            location.line = line + origin.lines
        }
        if let offset = location.byteOffset { location.byteOffset = offset + origin.bytes }
    }
}

extension GeoJSONValidationPass {
    /// Takes in what a run of the collection's later elements found, as if
    /// this pass had checked them: the precision warnings past the limit
    /// over the whole collection are counted, not listed.
    mutating func absorb(_ run: CheckedRun) {
        let limit = options.precisionWarningLimit ?? .max
        for diagnostic in run.found.kept {
            guard diagnostic.code == "geojson.precision.excessive" else {
                found.append(diagnostic)
                continue
            }
            if precisionWarningCount < limit {
                precisionWarningCount += 1
                found.append(diagnostic)
            } else {
                if suppressedPrecisionWarnings == nil { suppressedPrecisionWarnings = (0, diagnostic.location) }
                suppressedPrecisionWarnings!.count += 1
            }
        }
        if let suppressed = run.suppressedPrecisionWarnings {
            if suppressedPrecisionWarnings == nil { suppressedPrecisionWarnings = (0, suppressed.location) }
            suppressedPrecisionWarnings!.count += suppressed.count
        }
        found.appendUnkept(of: run.found)
    }
}
