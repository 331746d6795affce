import MeridianCore
import MeridianPlatform

/// One transformation for many threads at once: each call borrows a
/// ``CoordinateTransformation`` (a PROJ context of its own) from a pool,
/// made when no idle one is left, so that every core of a conversion
/// transforms its own features.
///
/// ```swift
/// let shared = try SharedCoordinateTransformation(from: "EPSG:2154")
/// let failed = shared.withTransformation { $0.transform(&geometry) }
/// ```
public final class SharedCoordinateTransformation: @unchecked Sendable {
    /// The systems as given.
    public let source: String
    public let target: String
    /// The source system's name, and its code (`EPSG:27700`) when it has one.
    public let sourceName: String
    public let sourceCode: String?
    /// The target system's name, and its code when it has one.
    public let targetName: String
    public let targetCode: String?
    /// Where the source system is meant to be used
    /// (``CoordinateTransformation/sourceArea``).
    public let sourceArea: BoundingBox?
    /// The target system in WKT 1 (``CoordinateTransformation/targetWKT``).
    public let targetWKT: String?
    /// The target system in PROJJSON (``CoordinateTransformation/targetPROJJSON``).
    public let targetPROJJSON: String?

    private let condition = Condition()
    private var idle: [CoordinateTransformation]

    /// The transformation from `source` to `target`, or why PROJ cannot
    /// make it (``CoordinateTransformation/init(from:to:)``).
    public init(from source: String, to target: String = "EPSG:4326") throws(CoordinateSystemError) {
        let first = try CoordinateTransformation(from: source, to: target)
        self.source = source
        self.target = target
        (sourceName, sourceCode) = (first.sourceName, first.sourceCode)
        (targetName, targetCode) = (first.targetName, first.targetCode)
        sourceArea = first.sourceArea
        targetWKT = first.targetWKT
        targetPROJJSON = first.targetPROJJSON
        idle = [first]
    }

    /// Whether both systems are the same system by code, so that nothing
    /// need be transformed.
    public var isIdentity: Bool { sourceCode != nil && sourceCode == targetCode }

    /// Calls `body` with a transformation no other thread is using.
    public func withTransformation<Result>(_ body: (CoordinateTransformation) throws -> Result) rethrows -> Result {
        let transformation = borrow()
        defer {
            condition.lock()
            idle.append(transformation)
            condition.broadcast()
            condition.unlock()
        }
        return try body(transformation)
    }

    private func borrow() -> CoordinateTransformation {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let transformation = idle.popLast() { return transformation }
            // PROJ made it once; should it fail now (memory), wait for one.
            condition.unlock()
            let made = try? CoordinateTransformation(from: source, to: target)
            condition.lock()
            if let made { return made }
            while idle.isEmpty { condition.wait() }
        }
    }
}
