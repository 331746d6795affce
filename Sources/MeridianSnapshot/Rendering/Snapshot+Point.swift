import MeridianCore

extension Snapshot {
    /// A position on the image in SVG points, origin top left, y down, as
    /// the `CGPoint` of `MKMapSnapshotter.Snapshot.point(for:)`.
    public struct Point: Sendable, Hashable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }
}
