/// Diagnostics gathered with a limit per code: the first
/// ``maximumPerCode`` of each code are kept, the rest only counted, and
/// ``diagnostics`` ends with one `report.truncated` note per code that went
/// past its limit.
///
/// ```swift
/// var found = DiagnosticCollector(maximumPerCode: 2)
/// for id in ["a", "b", "c"] {
///     found.append(Diagnostic(severity: .warning, code: "geojson.object.duplicate-key", message: id))
/// }
/// found.diagnostics.count   // 3: "a", "b", and "1 more geojson.object.duplicate-key diagnostics ..."
/// ```
///
/// Every validator gathers through one, so the same problem repeated a
/// million times (a repeated key in every feature, thousands of units
/// stacked on one another) costs bounded memory, and a search for more of a
/// problem can stop once ``accepts(_:)`` says no more will be kept.
public struct DiagnosticCollector: Sendable {
    public let maximumPerCode: Int
    /// The diagnostics kept, in the order they were appended.
    public private(set) var kept: [Diagnostic] = []
    /// How many of each code were appended, kept or not.
    public private(set) var counts: [String: Int] = [:]
    /// The file of the first diagnostic of each code that went past the limit.
    private var truncatedFiles: [String: String] = [:]

    public init(maximumPerCode: Int = 1_000) {
        self.maximumPerCode = max(1, maximumPerCode)
    }

    /// False once `code` has reached its limit.
    public func accepts(_ code: String) -> Bool {
        counts[code, default: 0] < maximumPerCode
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        let count = counts[diagnostic.code, default: 0] + 1
        counts[diagnostic.code] = count
        if count <= maximumPerCode {
            kept.append(diagnostic)
        } else if count == maximumPerCode + 1 {
            truncatedFiles[diagnostic.code] = diagnostic.location.file ?? ""
        }
    }

    public mutating func append<Found: Sequence<Diagnostic>>(contentsOf diagnostics: Found) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    /// Adds what another collector gathered: its kept diagnostics, and the
    /// counts of those it left out.
    public mutating func append(_ other: DiagnosticCollector) {
        append(contentsOf: other.kept)
        appendUnkept(of: other)
    }

    /// Adds the counts of the diagnostics another collector left out (its
    /// kept ones being added some other way).
    public mutating func appendUnkept(of other: DiagnosticCollector) {
        for (code, count) in other.counts {
            let unkept = count - min(count, other.maximumPerCode)
            guard unkept > 0 else { continue }
            counts[code, default: 0] += unkept
            if truncatedFiles[code] == nil, let file = other.truncatedFiles[code] { truncatedFiles[code] = file }
        }
    }

    /// Moves the kept diagnostics (found in a part of a file, say, to
    /// where that part is in the whole).
    public mutating func relocate(_ move: (inout SourceLocation) -> Void) {
        for index in kept.indices { move(&kept[index].location) }
    }

    /// Orders the kept diagnostics by a key (where they are, say); those
    /// with equal keys keep the order they were found in.
    public mutating func sortKept<Key: Comparable>(by key: (Diagnostic) -> Key) {
        // Mostly they were found in order already (and sorting builds
        // generic tuples, which are costly once per record of a stream).
        var previous: Key? = nil
        var sorted = true
        for diagnostic in kept {
            let current = key(diagnostic)
            if let previous, current < previous {
                sorted = false
                break
            }
            previous = current
        }
        if sorted { return }
        kept = kept.enumerated()
            .map { (key: key($0.element), order: $0.offset, diagnostic: $0.element) }
            .sorted { ($0.key, $0.order) < ($1.key, $1.order) }
            .map(\.diagnostic)
    }

    /// The kept diagnostics, then a `report.truncated` note for each code
    /// that went past the limit.
    public var diagnostics: [Diagnostic] {
        var all = kept
        for (code, count) in counts.sorted(by: { $0.key < $1.key }) where count > maximumPerCode {
            let file = truncatedFiles[code].flatMap { $0.isEmpty ? nil : $0 }
            all.append(
                Diagnostic(
                    severity: .info, code: "report.truncated",
                    message: "\(count - maximumPerCode) more \(code) diagnostics are not listed (\(count) in all)",
                    location: SourceLocation(file: file)))
        }
        return all
    }
}
